import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DevOutboxMailer } from '../../mail/dev-outbox-mailer';
import { createTestApp, type TestContext } from '../../test/test-app';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

describe('the development e-mail outbox (demo mode)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('shows what was mailed to an address, newest first', async () => {
    const mailer = new DevOutboxMailer(t.database.db, log, t.config.mailFrom);
    await mailer.send({ to: 'ananya.k@example.in', subject: 'Verify your e-mail address', text: 'Open the link.' });
    await mailer.send({
      to: 'ananya.k@example.in',
      subject: 'Your invoice',
      text: 'Rs. 4,999',
      html: '<p>Rs. 4,999</p>',
    });
    await mailer.send({ to: 'rahul.verma@example.in', subject: 'Not hers', text: '...' });

    const res = await t.call('GET', '/api/dev/mail-outbox?to=Ananya.K%40example.in');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(2);
    expect(res.body.data[0]).toMatchObject({
      from: 'Lectern <no-reply@lectern.example>',
      to: 'ananya.k@example.in',
      subject: 'Your invoice',
      text: 'Rs. 4,999',
      html: '<p>Rs. 4,999</p>',
    });
    expect(res.body.data[1]).toMatchObject({ subject: 'Verify your e-mail address', html: null });
  });

  it('asks for a recipient, and for a signature', async () => {
    const missing = await t.call('GET', '/api/dev/mail-outbox');
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe(true);
    const unsigned = await t.call('GET', '/api/dev/mail-outbox?to=ananya.k%40example.in', { signature: false });
    expect(unsigned.status).toBe(401);
  });
});

describe('without demo mode', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ demoMode: false });
  });
  afterAll(async () => t?.close());

  it('has no e-mail outbox', async () => {
    const res = await t.call('GET', '/api/dev/mail-outbox?to=ananya.k%40example.in');
    expect(res.status).toBe(404);
    expect(res.body.error).toBe(true);
  });
});
