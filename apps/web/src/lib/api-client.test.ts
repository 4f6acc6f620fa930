import { describe, expect, it, vi } from 'vitest';
import {
  authContract,
  notificationsContract,
  overviewContract,
  studentsContract,
  hmacSha256Hex,
  parseSignature,
  signatureBase,
} from '@lectern/contract';
import { decrypt, testKeys } from '../test/keys';
import { TEST_FIXED_STRING, TEST_SIGNING_SECRET, mockApi, testUser } from '../test/mock-api';
import {
  apiBlob,
  apiCall,
  apiCallWithHeaders,
  onSessionInvalid,
  signingOutEnded,
  signingOutStarted,
} from './api-client';
import { ApiError } from './api-error';
import { getSession, setSession } from './session';

const SIGNATURE = /^v1\.[A-Za-z0-9]{22}\.\d+\.[A-Za-z0-9_-]+\.[0-9a-f]{64}$/;

const overview = { userName: 'Asha', roles: ['SUPER_ADMIN'], lastSignInAt: null, figures: [] };

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('the call did not fail');
}

describe('api client', () => {
  it('apiBlob: a signed call answering bytes (an invoice PDF), and a failure as ApiError with the server message', async () => {
    const api = await mockApi({
      'GET /payments/invoice/orderid/o-1': { file: '%PDF-1.7 test', headers: { 'content-type': 'application/pdf' } },
      'GET /payments/invoice/orderid/o-2': { status: 404, body: { error: true, message: 'No invoice for o-2.' } },
    });
    setSession('token-123', testUser(['FINANCE']));

    const blob = await apiBlob(studentsContract.invoice, { params: { orderId: 'o-1' }, query: { format: 'pdf' } });
    expect((await blob.text()).slice(0, 4)).toBe('%PDF');
    const [request] = api.find('GET /payments/invoice/orderid/o-1');
    expect(request?.query.get('format')).toBe('pdf');
    expect(request?.headers.authorization).toBe('token-123');
    expect(request?.headers['x-signature']).toMatch(SIGNATURE);

    const error = await failureOf(
      apiBlob(studentsContract.invoice, { params: { orderId: 'o-2' }, query: { format: 'pdf' } }),
    );
    expect(error.status).toBe(404);
    expect(error.message).toBe('No invoice for o-2.');
  });

  it('sends the token, the acting role, the JSON content type and a valid signature', async () => {
    const api = await mockApi({ 'GET /overview/summary': { body: { data: overview } } });
    setSession('token-123', testUser(['CONTENT_DEVELOPER', 'SUPER_ADMIN']));

    const data = await apiCall(overviewContract.summary);

    expect(data.userName).toBe('Asha');
    const [request] = api.find('GET /overview/summary');
    expect(request?.headers.authorization).toBe('token-123');
    expect(request?.headers['x-user-info']).toBe('SUPER_ADMIN');
    expect(request?.headers['content-type']).toBe('application/json');
    const header = request?.headers['x-signature'] ?? '';
    expect(header).toMatch(SIGNATURE);

    // the server's check: the key decrypts to the fixed string and the mac covers method, time, id and /api path
    const signature = parseSignature(header);
    expect(signature).not.toBeNull();
    if (!signature) return;
    const { privateKey } = await testKeys();
    expect(await decrypt(privateKey, signature.key)).toBe(TEST_FIXED_STRING);
    const mac = await hmacSha256Hex(
      TEST_SIGNING_SECRET,
      signatureBase('GET', signature.timestamp, signature.id, '/api/overview/summary'),
    );
    expect(signature.mac).toBe(mac);
    expect(Math.abs(signature.timestamp - Date.now())).toBeLessThan(10_000);
  });

  it('puts the query in the URL but signs the path without it, and fetches the config once', async () => {
    const api = await mockApi({ 'GET /notifications/staff': { body: { data: { notifications: [], unread: 0 } } } });
    setSession('token-123', testUser(['FINANCE']));

    await apiCall(notificationsContract.listStaff, { query: { limit: 5 } });
    await apiCall(notificationsContract.listStaff, { query: { limit: 5 } });

    const [request] = api.find('GET /notifications/staff');
    expect(request?.query.get('limit')).toBe('5');
    expect(request?.headers['x-user-info']).toBe('FINANCE');
    const signature = parseSignature(request?.headers['x-signature']);
    if (!signature) throw new Error('no signature');
    const mac = await hmacSha256Hex(
      TEST_SIGNING_SECRET,
      signatureBase('GET', signature.timestamp, signature.id, '/api/notifications/staff'),
    );
    expect(signature.mac).toBe(mac);
    expect(api.find('GET /config')).toHaveLength(1);
    // the config itself is fetched without a signature
    expect(api.find('GET /config')[0]?.headers['x-signature']).toBeUndefined();
  });

  it('signs sign-in calls without a token and returns the token from the login response header', async () => {
    const user = testUser(['CONTENT_ADMIN']);
    const api = await mockApi({
      'POST /auth/login': { body: { data: { user } }, headers: { authorization: 'new-session-token' } },
    });

    const result = await apiCallWithHeaders(authContract.login, { body: { mobileNumber: '9000000002', otp: 'x' } });

    expect(result.headers.get('authorization')).toBe('new-session-token');
    expect(result.data.user.userName).toBe(user.userName);
    const [request] = api.find('POST /auth/login');
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.headers['x-signature']).toMatch(SIGNATURE);
    expect(request?.body).toEqual({ mobileNumber: '9000000002', otp: 'x' });
  });

  it('sends a JSON body with every non-GET call, even one without input', async () => {
    const api = await mockApi({ 'POST /auth/logout': { body: { data: { signedOut: true } } } });
    setSession('token-123', testUser(['FINANCE']));
    await apiCall(authContract.logout);
    expect(api.find('POST /auth/logout')[0]?.body).toEqual({});
  });

  it('sends only the sign-out while one is under way, and every call again after it', async () => {
    const api = await mockApi({
      'POST /auth/logout': { body: { data: { signedOut: true } } },
      'GET /notifications/staff': { body: { data: { notifications: [], unread: 0 } } },
    });
    setSession('token-123', testUser(['FINANCE']));
    signingOutStarted(authContract.logout);

    await expect(apiCall(notificationsContract.listStaff)).rejects.toBeInstanceOf(ApiError);
    await apiCall(authContract.logout);
    expect(api.find('GET /notifications/staff')).toHaveLength(0);
    expect(api.find('POST /auth/logout')).toHaveLength(1);

    signingOutEnded();
    await apiCall(notificationsContract.listStaff);
    expect(api.find('GET /notifications/staff')).toHaveLength(1);
  });

  it('shows the catalogue text for error code 1017', async () => {
    await mockApi({
      'POST /auth/login': { status: 401, body: { error: true, errorCode: 1017, message: 'wrong code' } },
    });
    const error = await failureOf(apiCall(authContract.login, { body: { mobileNumber: '9000000002', otp: 'x' } }));
    expect(error.message).toBe('Invalid Credentials');
    expect(error.status).toBe(401);
  });

  it('maps a 403 without a message to the not-authorized text', async () => {
    await mockApi({ 'GET /overview/summary': { status: 403, body: { error: true, message: '' } } });
    setSession('token-123', testUser(['FINANCE']));
    const error = await failureOf(apiCall(overviewContract.summary));
    expect(error.message).toBe('You are not authorized to take this action.');
  });

  it('maps a network failure to the generic text', async () => {
    await mockApi();
    setSession('token-123', testUser(['FINANCE']));
    await apiCall(notificationsContract.listStaff); // config is cached now
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await failureOf(apiCall(overviewContract.summary));
    expect(error.message).toBe('Something went wrong. Please try again later.');
    expect(error.status).toBeUndefined();
  });

  it('clears the session and tells the listener when the server flags the token invalid', async () => {
    await mockApi({
      'GET /overview/summary': {
        status: 401,
        body: { error: true, message: 'Your session has ended.', tokenInvalid: true },
      },
    });
    setSession('token-123', testUser(['FINANCE']));
    const listener = vi.fn();
    const stop = onSessionInvalid(listener);

    const error = await failureOf(apiCall(overviewContract.summary));

    stop();
    expect(error.tokenInvalid).toBe(true);
    expect(error.sessionEnded).toBe(true);
    expect(getSession()).toBeNull();
    expect(sessionStorage.length).toBe(0);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith(expect.objectContaining({ hadToken: true }));
  });

  it('keeps the session on a 401 without the flag while a token is held', async () => {
    await mockApi({
      'GET /overview/summary': {
        status: 401,
        body: { error: true, message: 'This request could not be verified. Reload the page and try again.' },
      },
    });
    setSession('token-123', testUser(['FINANCE']));
    const listener = vi.fn();
    const stop = onSessionInvalid(listener);

    const error = await failureOf(apiCall(overviewContract.summary));

    stop();
    expect(error.message).toBe('This request could not be verified. Reload the page and try again.');
    expect(error.tokenInvalid).toBe(false);
    expect(getSession()?.token).toBe('token-123');
    expect(listener).not.toHaveBeenCalled();
  });
});
