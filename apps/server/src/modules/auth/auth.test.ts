import { encryptOtp } from '@lectern/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';

const ADMIN = '9000000001';
const FINANCE = '9000000005';
const UNKNOWN = '9876543210';

describe('sign-in with a one-time code', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await t.database.exec('DELETE FROM otp_codes');
  });

  const sendOtp = (mobileNumber: string, headers?: Record<string, string>) =>
    t.call('POST', '/api/auth/internal/send/otp', { body: { mobileNumber }, headers });
  const login = async (mobileNumber: string, code: string) =>
    t.call('POST', '/api/auth/login', {
      body: { mobileNumber, otp: await encryptOtp(t.signerConfig.publicKey, code) },
    });

  it('sends a 6-digit code and signs in with it, the token in the authorization header', async () => {
    const sent = await sendOtp(ADMIN);
    expect(sent.status).toBe(200);
    expect(sent.body.data).toEqual({ resendAfterSeconds: 30, expiresInSeconds: 300 });
    const code = await t.delivery.codeFor(ADMIN);
    expect(code).toMatch(/^\d{6}$/);
    const res = await login(ADMIN, code);
    expect(res.status).toBe(200);
    const token = String(res.headers.authorization);
    expect(token.length).toBeGreaterThanOrEqual(22);
    expect(res.body.data.user).toMatchObject({
      userName: 'Aarav Mehta',
      email: 'aarav.mehta@lectern.example',
      image: null,
      roles: [{ roleName: 'SUPER_ADMIN' }],
    });
    const session = await t.call('GET', '/api/auth/session', { token, role: 'SUPER_ADMIN' });
    expect(session.status).toBe(200);
    expect(session.body.data.user.userId).toBe(res.body.data.user.userId);
  });

  it('keeps only a hash of the code', async () => {
    await sendOtp(ADMIN);
    const code = await t.delivery.codeFor(ADMIN, t.delivery.sent.filter((s) => s.mobileNumber === ADMIN).length - 1);
    const rows = await t.database.query<Record<string, unknown>>('SELECT * FROM otp_codes WHERE mobile_number = $1', [
      ADMIN,
    ]);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0])).not.toContain(code);
    expect(String(rows[0]!.code_hash)).toMatch(/^[0-9a-f]{64}$/);
  });

  it("answers a wrong code with 1017 'Invalid Credentials'", async () => {
    await sendOtp(ADMIN);
    const code = await t.delivery.codeFor(ADMIN, t.delivery.sent.filter((s) => s.mobileNumber === ADMIN).length - 1);
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await login(ADMIN, wrong);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: true, errorCode: 1017, message: 'Invalid Credentials' });
    expect(res.headers.authorization).toBeUndefined();
  });

  it('accepts a code once only', async () => {
    const token = await t.signIn(ADMIN);
    expect(token).toBeTruthy();
    const code = t.delivery.sent.filter((s) => s.mobileNumber === ADMIN).at(-1)!.code;
    const again = await login(ADMIN, code);
    expect(again.status).toBe(401);
    expect(again.body.errorCode).toBe(1017);
  });

  it('refuses a code older than 5 minutes', async () => {
    const before = t.delivery.sent.length;
    await sendOtp(ADMIN);
    const code = await t.delivery.codeFor(
      ADMIN,
      t.delivery.sent.slice(0, before).filter((s) => s.mobileNumber === ADMIN).length,
    );
    await t.database.exec("UPDATE otp_codes SET expires_at = now() - interval '1 second'");
    const res = await login(ADMIN, code);
    expect(res.status).toBe(401);
    expect(res.body.errorCode).toBe(1017);
  });

  it('allows at most 5 wrong tries; after them even the right code is refused', async () => {
    const before = t.delivery.sent.filter((s) => s.mobileNumber === ADMIN).length;
    await sendOtp(ADMIN);
    const code = await t.delivery.codeFor(ADMIN, before);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await login(ADMIN, wrong)).body.errorCode).toBe(1017);
    const res = await login(ADMIN, code);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      error: true,
      errorCode: 1018,
      message: 'Too many wrong codes. Please request a new code.',
    });
  });

  it('gives an unknown or inactive number the same answer, the same database work, and no code', async () => {
    await t.database.query('UPDATE users SET active = false WHERE phone = $1', [FINANCE]);
    const sentBefore = t.delivery.sent.length;
    const adminBefore = t.delivery.sent.filter((x) => x.mobileNumber === ADMIN).length;
    const unknown = await sendOtp(UNKNOWN);
    const inactive = await sendOtp(FINANCE);
    const known = await sendOtp(ADMIN);
    // Deliveries run after their answers, in the order asked: the known number's code, asked last,
    // arriving means any delivery to the other two would have arrived before it.
    await t.delivery.codeFor(ADMIN, adminBefore);
    expect(unknown.status).toBe(known.status);
    expect(inactive.status).toBe(known.status);
    const strip = (b: { data: unknown; message: string }, n: string) => JSON.stringify(b).replaceAll(n, 'N');
    expect(strip(unknown.body, UNKNOWN)).toBe(strip(known.body, ADMIN));
    expect(strip(inactive.body, FINANCE)).toBe(strip(known.body, ADMIN));
    expect(t.delivery.sent.slice(sentBefore).map((s) => s.mobileNumber)).toEqual([ADMIN]);
    const rows = await t.database.query<{ mobile_number: string }>('SELECT mobile_number FROM otp_codes ORDER BY id');
    expect(rows.map((r) => r.mobile_number)).toEqual([UNKNOWN, FINANCE, ADMIN]);
    // no code can sign in an unknown number
    expect((await login(UNKNOWN, '123456')).body.errorCode).toBe(1017);
    await t.database.query('UPDATE users SET active = true WHERE phone = $1', [FINANCE]);
  });

  it('limits resends per number: a cooldown, then a cap per window', async () => {
    expect((await sendOtp(ADMIN)).status).toBe(200);
    const tooSoon = await sendOtp(ADMIN);
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body).toEqual({
      error: true,
      message: 'Too many attempts. Please wait a few minutes and try again.',
    });
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
    // past the cooldown but over the cap of 5 per window
    await t.database.exec("UPDATE otp_codes SET created_at = now() - interval '1 minute'");
    for (let i = 0; i < 4; i++) {
      await t.database.exec("UPDATE otp_codes SET created_at = created_at - interval '1 minute'");
      expect((await sendOtp(ADMIN)).status).toBe(200);
    }
    await t.database.exec("UPDATE otp_codes SET created_at = created_at - interval '1 minute'");
    expect((await sendOtp(ADMIN)).status).toBe(429);
  });

  it('rejects a malformed mobile number with a clear message', async () => {
    const res = await sendOtp('12345');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(true);
    expect(res.body.message).toContain('mobileNumber: must be a 10-digit mobile number');
  });

  it('ends the session on sign-out; the old token is then refused and flagged invalid', async () => {
    const token = await t.signIn(ADMIN);
    const out = await t.call('POST', '/api/auth/logout', { token, role: 'SUPER_ADMIN' });
    expect(out.status).toBe(200);
    const after = await t.call('GET', '/api/auth/session', { token, role: 'SUPER_ADMIN' });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({
      error: true,
      message: 'You are not authorized to take this action.',
      tokenInvalid: true,
    });
  });

  it('refuses an expired session', async () => {
    const token = await t.signIn(ADMIN);
    await t.database.exec("UPDATE sessions SET expires_at = now() - interval '1 second'");
    const res = await t.call('GET', '/api/auth/session', { token, role: 'SUPER_ADMIN' });
    expect(res.status).toBe(401);
    expect(res.body.tokenInvalid).toBe(true);
  });

  it('stores sessions hashed, never the token', async () => {
    const token = await t.signIn(ADMIN);
    const rows = await t.database.query<Record<string, unknown>>('SELECT * FROM sessions');
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});

describe('resend limit per address', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({
      otp: { resendCooldownMs: 30_000, windowMs: 15 * 60_000, maxPerNumber: 5, maxPerAddress: 3 },
    });
  });
  afterAll(async () => t?.close());

  it('caps codes requested from one address, whatever the numbers', async () => {
    for (const n of ['9000000001', '9000000002', '9111111111']) {
      expect((await t.call('POST', '/api/auth/internal/send/otp', { body: { mobileNumber: n } })).status).toBe(200);
    }
    const res = await t.call('POST', '/api/auth/internal/send/otp', { body: { mobileNumber: '9000000003' } });
    expect(res.status).toBe(429);
  });
});
