import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { SMTPServer, type SMTPServerAddress, type SMTPServerSession } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { migrate } from '../db/migrate';
import { createTestDatabase } from '../test/test-app';
import { DevOutboxMailer } from './dev-outbox-mailer';
import { createMailer, UnconfiguredMailer } from './mailer';
import { SmtpMailer } from './smtp-mailer';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const FROM = 'Lectern <no-reply@lectern.example>';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  await migrate(database);
});
afterAll(() => drop());

describe('the development outbox mailer (demo mode)', () => {
  let mailer: DevOutboxMailer;

  beforeAll(() => {
    mailer = new DevOutboxMailer(database.db, log, FROM);
  });

  it('keeps every message and reads back the newest first for its recipient, whatever the case of the address', async () => {
    const first = await mailer.send({
      to: 'Ananya.K@example.in',
      subject: 'Verify your e-mail address',
      text: 'Open https://lectern.example/verify?token=abc to verify your e-mail address.',
      html: '<p>Open <a href="https://lectern.example/verify?token=abc">this link</a> to verify.</p>',
    });
    const second = await mailer.send({
      to: 'ananya.k@example.in',
      subject: 'Your invoice LEC/2627/000042',
      text: 'Your invoice for Rs. 4,999 is attached.',
    });
    await mailer.send({ to: 'rahul.verma@example.in', subject: 'Someone else', text: 'Not for Ananya.' });

    expect(first.messageId).not.toBe(second.messageId);
    const kept = await mailer.latest('ANANYA.K@example.in ');
    expect(kept.map((mail) => mail.subject)).toEqual(['Your invoice LEC/2627/000042', 'Verify your e-mail address']);
    expect(kept[0]).toMatchObject({
      messageId: second.messageId,
      from: FROM,
      to: 'ananya.k@example.in',
      text: 'Your invoice for Rs. 4,999 is attached.',
      html: null,
    });
    expect(kept[1]).toMatchObject({
      messageId: first.messageId,
      to: 'Ananya.K@example.in',
      html: '<p>Open <a href="https://lectern.example/verify?token=abc">this link</a> to verify.</p>',
    });
    expect(Date.parse(kept[0]!.sentAt)).not.toBeNaN();
    expect(await mailer.latest('nobody@example.in')).toEqual([]);
  });
});

interface Received {
  envelopeFrom: string;
  envelopeTo: string[];
  user: string | undefined;
  raw: string;
}

/** A real SMTP server on loopback: takes the URL's credentials, refuses one domain's recipients. */
async function startSmtpServer(): Promise<{ port: number; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === 'lectern' && auth.password === 's3cret pass') callback(null, { user: auth.username });
      else callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      if (address.address.endsWith('@refused.example')) {
        callback(Object.assign(new Error('No such mailbox here'), { responseCode: 550 }));
      } else callback();
    },
    onData(stream, session: SMTPServerSession, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mailFrom = session.envelope.mailFrom;
        received.push({
          envelopeFrom: mailFrom ? mailFrom.address : '',
          envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          user: session.user as string | undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(resolve)) };
}

/** The header fields of a raw message (folded lines joined), by lower-case name. */
function headers(raw: string): Record<string, string> {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return Object.fromEntries(
    head.split(/\r?\n/).map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
}

describe('the SMTP mailer', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let mailer: SmtpMailer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    mailer = new SmtpMailer(`smtp://lectern:s3cret%20pass@127.0.0.1:${smtp.port}`, FROM, log);
  });
  afterAll(async () => {
    mailer.close();
    await smtp.close();
  });

  it('delivers the message through a real SMTP server, signed in with the credentials of SMTP_URL', async () => {
    const { messageId } = await mailer.send({
      to: 'ananya.k@example.in',
      subject: 'Verify your e-mail address',
      text: 'Open https://lectern.example/verify?token=abc to verify your e-mail address.',
      html: '<p>Open the link to verify.</p>',
    });

    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.user).toBe('lectern');
    expect(mail.envelopeFrom).toBe('no-reply@lectern.example');
    expect(mail.envelopeTo).toEqual(['ananya.k@example.in']);
    const fields = headers(mail.raw);
    expect(fields['from']).toBe('Lectern <no-reply@lectern.example>');
    expect(fields['to']).toBe('ananya.k@example.in');
    expect(fields['subject']).toBe('Verify your e-mail address');
    expect(fields['message-id']).toBe(messageId);
    expect(mail.raw).toContain('Open https://lectern.example/verify?token=abc to verify your e-mail address.');
    expect(mail.raw).toContain('<p>Open the link to verify.</p>');
  });

  it('throws when the server refuses the recipient, and nothing is delivered', async () => {
    const before = smtp.received.length;
    await expect(
      mailer.send({ to: 'ghost@refused.example', subject: 'Your invoice', text: 'Rs. 4,999' }),
    ).rejects.toThrow(/550|recipients were rejected|No such mailbox/);
    expect(smtp.received).toHaveLength(before);
  });

  it('throws when the credentials are wrong', async () => {
    const wrong = new SmtpMailer(`smtp://lectern:wrong@127.0.0.1:${smtp.port}`, FROM, log);
    try {
      await expect(wrong.send({ to: 'ananya.k@example.in', subject: 'Hi', text: 'Hello' })).rejects.toThrow(
        /535|Invalid username or password/,
      );
    } finally {
      wrong.close();
    }
  });

  it('throws when no server answers', async () => {
    const closed = await startSmtpServer();
    await closed.close();
    const nowhere = new SmtpMailer(`smtp://127.0.0.1:${closed.port}`, FROM, log);
    try {
      await expect(nowhere.send({ to: 'ananya.k@example.in', subject: 'Hi', text: 'Hello' })).rejects.toThrow();
    } finally {
      nowhere.close();
    }
  });
});

describe('choosing the mailer', () => {
  it('uses the outbox in demo mode, SMTP when SMTP_URL is set, and otherwise one that says what to set', async () => {
    const smtpUrl = 'smtps://lectern:secret@smtp.example.in:465';
    expect(createMailer({ demoMode: true, smtpUrl, mailFrom: FROM }, database.db, log).kind).toBe('dev-outbox');
    const smtp = createMailer({ demoMode: false, smtpUrl, mailFrom: FROM }, database.db, log);
    expect(smtp.kind).toBe('smtp');
    (smtp as SmtpMailer).close();

    const none = createMailer({ demoMode: false, smtpUrl: undefined, mailFrom: FROM }, database.db, log);
    expect(none).toBeInstanceOf(UnconfiguredMailer);
    await expect(none.send({ to: 'ananya.k@example.in', subject: 'Hi', text: 'Hello' })).rejects.toThrow(
      'E-mail is not configured: set SMTP_URL',
    );
  });

  it('reads SMTP_URL and MAIL_FROM from the environment, refusing an address that is not smtp(s) without repeating it', () => {
    const base = { NODE_ENV: 'test', DEMO_MODE: 'false' };
    expect(loadConfig(base)).toMatchObject({ smtpUrl: undefined, mailFrom: 'Lectern <no-reply@lectern.example>' });
    expect(
      loadConfig({ ...base, SMTP_URL: 'smtp://u:p@mail.example.in:587', MAIL_FROM: 'Accounts <accounts@example.in>' }),
    ).toMatchObject({ smtpUrl: 'smtp://u:p@mail.example.in:587', mailFrom: 'Accounts <accounts@example.in>' });
    for (const bad of ['https://u:topsecret@mail.example.in', 'mail.example.in:587', 'smtp://u:topsecret@']) {
      expect(() => loadConfig({ ...base, SMTP_URL: bad })).toThrow(/SMTP_URL must look like smtp:\/\//);
      expect(() => loadConfig({ ...base, SMTP_URL: bad })).not.toThrow(/topsecret/);
    }
  });
});
