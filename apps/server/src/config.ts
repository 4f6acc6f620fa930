import path from 'node:path';
import { RESOURCE_TYPE_KEYS, type ResourceTypeKey } from '@lectern/contract';

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
  /** object storage (docs/storage.md) */
  storage: StorageConfig;
  /** check every handler's answer against the contract (on in tests) */
  validateResponses: boolean;
  version: string;
}

/** Where files live: local disk under DATA_DIR/storage (default) or an S3-compatible store. */
export interface StorageConfig {
  driver: 'local' | 's3';
  /** local driver: one folder per bucket under this directory */
  localDir: string;
  /** the bucket of subject and preview videos, and of each resource type */
  buckets: { videos: string } & Record<ResourceTypeKey, string>;
  /** lifetime of signed upload and read URLs */
  urlTtlSeconds: number;
  s3: {
    endpoint: string | undefined;
    region: string;
    accessKeyId: string | undefined;
    secretAccessKey: string | undefined;
    forcePathStyle: boolean;
  };
}

const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

function bucket(value: string | undefined, fallback: string, name: string): string {
  const chosen = value || fallback;
  if (!BUCKET_NAME.test(chosen) || chosen.includes('..')) {
    throw new Error(
      `${name} must be a valid bucket name (3-63 lower-case letters, digits, dots, hyphens), got '${chosen}'`,
    );
  }
  return chosen;
}

/** The storage settings of the environment: STORAGE_DRIVER, S3_* (see README "Configuration"). */
function storageConfig(env: NodeJS.ProcessEnv, dataDir: string): StorageConfig {
  const driver = (env.STORAGE_DRIVER || 'local').toLowerCase();
  if (driver !== 'local' && driver !== 's3') throw new Error(`STORAGE_DRIVER must be 'local' or 's3', got '${driver}'`);
  const fallback = bucket(env.S3_BUCKET, 'lectern', 'S3_BUCKET');
  const envName = (key: string) => `S3_BUCKET_${key.toUpperCase().replace(/-/g, '_')}`;
  const buckets = { videos: bucket(env.S3_BUCKET_VIDEOS, fallback, 'S3_BUCKET_VIDEOS') } as StorageConfig['buckets'];
  for (const key of RESOURCE_TYPE_KEYS) buckets[key] = bucket(env[envName(key)], fallback, envName(key));
  const ttl = int(env.STORAGE_URL_TTL_SECONDS, 900, 'STORAGE_URL_TTL_SECONDS');
  if (ttl < 60 || ttl > 7 * 24 * 3600) throw new Error('STORAGE_URL_TTL_SECONDS must be between 60 and 604800');
  return {
    driver,
    localDir: path.join(dataDir, 'storage'),
    buckets,
    urlTtlSeconds: ttl,
    s3: {
      endpoint: env.S3_ENDPOINT || undefined,
      region: env.S3_REGION || 'ap-south-1',
      accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
      forcePathStyle: bool(env.S3_FORCE_PATH_STYLE, false),
    },
  };
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
    storage: storageConfig(env, dataDir),
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
