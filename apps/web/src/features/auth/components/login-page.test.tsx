import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getSession } from '../../../lib/session';
import { decrypt, testKeys } from '../../../test/keys';
import { mockApi, setSessionUser, testUser, type MockRequest } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const admin = testUser(['CONTENT_ADMIN'], 'Ravi Kumar');

async function signInServer(options: { demoMode?: boolean } = {}) {
  const { privateKey } = await testKeys();
  setSessionUser(admin);
  return mockApi(
    {
      'POST /auth/internal/send/otp': (request: MockRequest) => ({
        body: {
          data: { resendAfterSeconds: 30, expiresInSeconds: 300 },
          message: `If ${String((request.body as { mobileNumber?: string }).mobileNumber)} belongs to an active staff account, a one-time code is on its way.`,
        },
      }),
      'GET /dev/outbox': {
        body: { data: [{ mobileNumber: '9000000002', code: '123456', sentAt: new Date().toISOString() }] },
      },
      'POST /auth/login': async (request: MockRequest) => {
        const body = request.body as { otp: string };
        const code = await decrypt(privateKey, body.otp);
        return code === '123456'
          ? { body: { data: { user: admin } }, headers: { authorization: 'session-xyz' } }
          : { status: 401, body: { error: true, errorCode: 1017, message: 'Invalid Credentials' } };
      },
    },
    { config: { demoMode: options.demoMode ?? true } },
  );
}

describe('sign-in screen', () => {
  it('signs in with a code and returns to the page the visitor wanted', async () => {
    const api = await signInServer();
    const { user, router } = renderApp('/subject-management');

    const mobile = await screen.findByLabelText('Mobile number');
    await user.type(mobile, 'ab9000000002');
    expect(mobile).toHaveProperty('value', '9000000002');
    await user.click(screen.getByRole('button', { name: 'Request code' }));

    const code = await screen.findByLabelText('One-time code');
    expect(api.find('POST /auth/internal/send/otp')[0]?.body).toEqual({ mobileNumber: '9000000002' });
    expect((await screen.findByRole('status')).textContent).toBe('Demo mode: your code is 123456Use it');
    const resend = screen.getByRole('button', { name: 'Resend code' });
    expect(resend).toHaveProperty('disabled', true);
    expect(resend.nextElementSibling?.textContent).toMatch(/^in 0:(30|29)$/);

    await user.type(code, '123456{Enter}');

    await screen.findByRole('heading', { level: 1, name: 'Subject Management' });
    expect(document.title).toBe('Subject Management · Lectern');
    expect(router.state.location.pathname).toBe('/subject-management');
    expect(getSession()?.token).toBe('session-xyz');
    expect(getSession()?.roles).toEqual(['CONTENT_ADMIN']);
    // the code travelled encrypted with the server's public key
    const login = api.find('POST /auth/login')[0]?.body as { mobileNumber: string; otp: string };
    expect(login.mobileNumber).toBe('9000000002');
    expect(login.otp).not.toContain('123456');
    const { privateKey } = await testKeys();
    expect(await decrypt(privateKey, login.otp)).toBe('123456');
  });

  it("shows 'Invalid Credentials' inline and as a snackbar for a wrong code", async () => {
    await signInServer();
    const { user } = renderApp('/auth/login');

    await user.type(await screen.findByLabelText('Mobile number'), '9000000002{Enter}');
    await user.type(await screen.findByLabelText('One-time code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    // inline and as a snackbar, both read out at once (alerts)
    await waitFor(() => expect(screen.getAllByText('Invalid Credentials')).toHaveLength(2));
    const alerts = screen.getAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual(['Invalid Credentials', 'Invalid Credentials']);
    expect(getSession()).toBeNull();
    // the code stays for another try
    expect(screen.getByLabelText<HTMLInputElement>('One-time code').value).toBe('111111');
  });

  it('asks for a 10-digit number before requesting a code', async () => {
    const api = await signInServer();
    const { user } = renderApp('/auth/login');
    const mobile = await screen.findByLabelText('Mobile number');
    await user.type(mobile, '98765{Enter}');
    await waitFor(() => expect(mobile.getAttribute('aria-invalid')).toBe('true'));
    // the message under the field
    expect(document.getElementById(mobile.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Enter a 10-digit mobile number.',
    );
    expect(api.find('POST /auth/internal/send/otp')).toHaveLength(0);
  });

  it('lists the demo numbers in demo mode and fills the field with the one clicked', async () => {
    await signInServer();
    const { user } = renderApp('/auth/login');
    await user.click(await screen.findByRole('button', { name: 'Use Finance demo number 9000000005' }));
    expect(screen.getByLabelText('Mobile number')).toHaveProperty('value', '9000000005');
    // each chip shows the role and the number, and is named by them ('Use Finance demo number 9000000005')
    const chips = screen.getAllByRole('button', { name: /^Use .+ demo number \d+$/ });
    expect(chips.map((chip) => chip.textContent?.slice(-10))).toEqual([
      '9000000001',
      '9000000002',
      '9000000003',
      '9000000004',
      '9000000005',
      '9000000006',
    ]);
  });

  it('shows no demo numbers outside demo mode, and lets the user change the number', async () => {
    await signInServer({ demoMode: false });
    const { user } = renderApp('/auth/login');
    await user.type(await screen.findByLabelText('Mobile number'), '9000000002');
    expect(screen.queryByText('Demo sign-in numbers')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Request code' }));
    await screen.findByLabelText('One-time code');
    expect(screen.queryByText(/Demo mode/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Change number' }));
    expect(await screen.findByLabelText('Mobile number')).toHaveProperty('value', '9000000002');
  });
});
