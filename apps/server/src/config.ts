import path from 'node:path';

/** Server configuration, from the environment with embedded defaults (see README "Configuration"). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; absent means embedded PGlite under dataDir/db */
  databaseUrl: string | undefined;
  demoMode: boolean;
  nodeEnv: string;
  environment: string;
  logLevel: string;
  /** the built SPA to serve, if present */
  webDist: string | undefined;
  cdnBase: string;
  sessionTtlMs: number;
  otp: {
    resendCooldownMs: number;
    windowMs: number;
    maxPerNumber: number;
    maxPerAddress: number;
  };
  /** where codes go when demo mode is off: an HTTP endpoint that takes { mobileNumber, message } */
  smsWebhookUrl: string | undefined;
  keys: {
    privateKeyPem: string | undefined;
    signingSecret: string | undefined;
    fixedString: string | undefined;
  };
  /** check every handler's answer against the contract (on in tests) */
  validateResponses: boolean;
  version: string;
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got '${value}'`);
  return n;
}

/** Reads the configuration; throws a readable error for a bad or unsafe combination. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const nodeEnv = env.NODE_ENV ?? 'development';
  const demoMode = bool(env.DEMO_MODE, nodeEnv !== 'production');
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const config: Config = {
    port: int(env.PORT, 8080, 'PORT'),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    demoMode,
    nodeEnv,
    environment: env.LECTERN_ENVIRONMENT ?? (demoMode ? 'local' : 'production'),
    logLevel: env.LOG_LEVEL ?? 'info',
    webDist: env.WEB_DIST,
    cdnBase: env.CDN_BASE ?? '/files',
    sessionTtlMs: int(env.SESSION_TTL_HOURS, 12, 'SESSION_TTL_HOURS') * 3600_000,
    otp: {
      resendCooldownMs: int(env.OTP_RESEND_COOLDOWN_SECONDS, 30, 'OTP_RESEND_COOLDOWN_SECONDS') * 1000,
      windowMs: 15 * 60_000,
      maxPerNumber: int(env.OTP_MAX_PER_NUMBER, 5, 'OTP_MAX_PER_NUMBER'),
      maxPerAddress: int(env.OTP_MAX_PER_ADDRESS, 30, 'OTP_MAX_PER_ADDRESS'),
    },
    smsWebhookUrl: env.SMS_WEBHOOK_URL || undefined,
    keys: {
      privateKeyPem: env.LECTERN_PRIVATE_KEY || undefined,
      signingSecret: env.LECTERN_SIGNING_SECRET || undefined,
      fixedString: env.LECTERN_FIXED_STRING || undefined,
    },
    validateResponses: bool(env.VALIDATE_RESPONSES, false),
    version: env.npm_package_version ?? '0.1.0',
    ...overrides,
  };
  if (config.demoMode && config.nodeEnv === 'production') {
    throw new Error(
      'Demo mode cannot run with NODE_ENV=production: it exposes sign-in codes. Set DEMO_MODE=false, or NODE_ENV to something else.',
    );
  }
  return config;
}
