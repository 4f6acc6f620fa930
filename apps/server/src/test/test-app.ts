import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createSigner, encryptOtp, type SignerConfig } from '@lectern/contract';
import { loadConfig, type Config } from '../config';
import { build, type LecternApp } from '../app';
import { openDatabase, type Database } from '../db/client';
import type { CodeDelivery } from '../modules/auth/code-delivery';
import { DEMO_STAFF } from '@lectern/contract';
import { copyOfTemplate, runTemplate } from './template';

// One RSA key for the whole test process: generating one per suite is slow and proves nothing.
const TEST_PRIVATE_KEY = crypto
  .generateKeyPairSync('rsa', { modulusLength: 2048 })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();

/**
 * A fresh database for one suite: in-memory PGlite, or, in the server-pg project, a schema of its
 * own on the PostgreSQL server at DATABASE_URL (dropped at the end).
 */
export async function createTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (process.env.LECTERN_TEST_DB === 'postgres') {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error('LECTERN_TEST_DB=postgres needs DATABASE_URL');
    const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
    const admin = await openDatabase({ databaseUrl: url, poolSize: 1 });
    await admin.exec(`CREATE SCHEMA ${schema}`);
    const database = await openDatabase({ databaseUrl: url, searchPath: schema, poolSize: 5 });
    return {
      database,
      drop: async () => {
        await database.close();
        await admin.exec(`DROP SCHEMA ${schema} CASCADE; DROP SCHEMA IF EXISTS ${schema}_boss CASCADE`);
        await admin.close();
      },
    };
  }
  const database = await openDatabase({});
  return { database, drop: () => database.close() };
}

/** Code delivery that keeps the codes in memory, newest last. */
export class CapturingDelivery implements CodeDelivery {
  readonly kind = 'test';
  readonly sent: { mobileNumber: string; code: string }[] = [];
  async send(mobileNumber: string, code: string): Promise<void> {
    this.sent.push({ mobileNumber, code });
  }
  /** Waits for the newest code sent to a number (delivery happens just after the answer). */
  async codeFor(mobileNumber: string, previousCount = 0): Promise<string> {
    for (let i = 0; i < 200; i++) {
      const mine = this.sent.filter((s) => s.mobileNumber === mobileNumber);
      if (mine.length > previousCount) return mine[mine.length - 1]!.code;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error(`No code was delivered to ${mobileNumber}`);
  }
}

export interface CallOptions {
  body?: unknown;
  token?: string;
  role?: string;
  /** false: send no signature; a string: send exactly this header */
  signature?: false | string;
  headers?: Record<string, string>;
  /** a raw body string (bad JSON tests) */
  rawBody?: string;
}

export interface TestContext {
  app: LecternApp;
  database: Database;
  delivery: CapturingDelivery;
  config: Config;
  signer: (method: string, path: string, opts?: { now?: number; id?: string }) => Promise<string>;
  signerConfig: SignerConfig;
  call: (
    method: string,
    path: string,
    options?: CallOptions,
  ) => Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
  /** signs in through the real code flow and returns the token */
  signIn: (mobileNumber: string) => Promise<string>;
  /** a session for a demo role, made directly (fast) */
  sessionFor: (role: (typeof DEMO_STAFF)[number]['role']) => Promise<string>;
  userIdByPhone: (phone: string) => Promise<string>;
  close: () => Promise<void>;
}

/** The configuration of a test app: demo mode, the test keys, a short OTP window; `overrides` on top. */
function testConfig(overrides: Partial<Config> = {}): Config {
  return loadConfig(
    { NODE_ENV: 'test', DEMO_MODE: 'true' },
    {
      validateResponses: true,
      keys: { privateKeyPem: TEST_PRIVATE_KEY, signingSecret: 'test-signing-secret', fixedString: 'test-fixed-string' },
      ...overrides,
      otp: { resendCooldownMs: 30_000, windowMs: 15 * 60_000, maxPerNumber: 5, maxPerAddress: 1000, ...overrides.otp },
    },
  );
}

/** Settings the demo seed reads: a suite that changes one cannot start from the run's template. */
const SEEDED_FROM: readonly (keyof Config)[] = ['invoicing', 'meetings', 'databaseUrl'];

/** Migrates `database` and seeds the demo data into it, as a test app's start-up does (the run's template). */
export async function migrateAndSeed(database: Database): Promise<void> {
  const app = await build({
    config: testConfig(),
    database,
    delivery: new CapturingDelivery(),
    seed: true,
    logger: false,
    worker: false,
    demoMedia: false,
  });
  await app.ready();
  await app.close();
}

/**
 * Builds the app on a database of its own holding the demo data (a copy of the run's template, or
 * migrated and seeded here with `fresh` or seed settings of its own), and a signing client for it.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: {
    configure?: (app: LecternApp) => void;
    worker?: boolean;
    /** keep the app's own logger, writing here (the tests of what reaches the log) */
    logStream?: NodeJS.WritableStream;
    /** migrate and seed an empty database rather than copy the run's template (the seed's own suites) */
    fresh?: boolean;
  } = {},
): Promise<TestContext> {
  const template = options.fresh || SEEDED_FROM.some((key) => key in overrides) ? null : runTemplate();
  const { database, drop } = template ? await copyOfTemplate(template) : await createTestDatabase();
  const config = testConfig(overrides);
  // Files of each test app go to a temporary folder of their own, removed on close.
  const storageDir = overrides.storage ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-storage-'));
  if (storageDir) config.storage = { ...config.storage, localDir: storageDir };
  const delivery = new CapturingDelivery();
  const app = await build({
    config,
    database,
    delivery,
    seed: true,
    ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
    configure: options.configure,
    // A transcoding worker only where a suite asks for one.
    worker: options.worker ?? false,
    demoMedia: false,
  });
  await app.ready();
  const signerConfig = {
    publicKey: app.deps.keys.publicKeyPem,
    fixedString: app.deps.keys.fixedString,
    signingSecret: app.deps.keys.signingSecret,
  };
  const signer = createSigner(signerConfig);

  const call: TestContext['call'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...options.headers };
    if (options.signature !== false) headers['x-signature'] = options.signature ?? (await signer(method, path));
    if (options.token) headers.authorization = options.token;
    if (options.role) headers['x-user-info'] = options.role;
    const response = await app.inject({
      method: method as 'GET',
      url: path,
      headers,
      payload: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    });
    let body: unknown = response.body;
    try {
      body = JSON.parse(response.body);
    } catch {
      /* not JSON */
    }
    return { status: response.statusCode, body, headers: response.headers };
  };

  const userIdByPhone = async (phone: string) => {
    const rows = await database.query<{ id: string }>('SELECT id FROM users WHERE phone = $1', [phone]);
    if (!rows[0]) throw new Error(`no user ${phone}`);
    return rows[0].id;
  };

  const signIn = async (mobileNumber: string) => {
    const before = delivery.sent.filter((s) => s.mobileNumber === mobileNumber).length;
    await database.exec(`DELETE FROM otp_codes WHERE mobile_number = '${mobileNumber.replace(/\D/g, '')}'`);
    const sent = await call('POST', '/api/auth/internal/send/otp', { body: { mobileNumber } });
    if (sent.status !== 200) throw new Error(`send otp: ${sent.status} ${JSON.stringify(sent.body)}`);
    const code = await delivery.codeFor(mobileNumber, before);
    const login = await call('POST', '/api/auth/login', {
      body: { mobileNumber, otp: await encryptOtp(signerConfig.publicKey, code) },
    });
    if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.body)}`);
    return String(login.headers.authorization);
  };

  const sessionFor: TestContext['sessionFor'] = async (role) => {
    const demo = DEMO_STAFF.find((u) => u.role === role)!;
    const { token } = await app.deps.sessions.create(await userIdByPhone(demo.phone));
    return token;
  };

  return {
    app,
    database,
    delivery,
    config,
    signer,
    signerConfig,
    call,
    signIn,
    sessionFor,
    userIdByPhone,
    close: async () => {
      await app.close();
      await drop();
      if (storageDir) fs.rmSync(storageDir, { recursive: true, force: true });
    },
  };
}
