import path from 'node:path';
import {
  ENVIRONMENT_KEYS,
  RESOURCE_TYPE_KEYS,
  STORAGE_TEMPLATE_PLACEHOLDERS,
  TRANSCODING_ENVIRONMENTS,
  fillStorageTemplate,
  isEnvironmentKey,
  parseEnvironmentHosts,
  type EnvironmentHostRule,
  type EnvironmentKey,
  type ResourceTypeKey,
  type TranscodingEnvironment,
} from '@lectern/contract';

/** Server configuration, from the environment with embedded defaults (see README "Configuration"). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; absent means embedded PGlite under dataDir/db */
  databaseUrl: string | undefined;
  demoMode: boolean;
  nodeEnv: string;
  /**
   * This process's own environment: LECTERN_ENVIRONMENT, else local in demo mode and production
   * otherwise. Its buckets are the ones the process stores into (docs/environments.md).
   */
  environment: EnvironmentKey;
  /** LECTERN_ENVIRONMENT is set: every host name is `environment`, the host patterns are not read */
  environmentPinned: boolean;
  /** host-name patterns -> environment (LECTERN_ENVIRONMENT_HOSTS over the defaults) */
  environmentHosts: EnvironmentHostRule[];
  /** every environment's buckets and CDN addresses, from the templates and the per-type variables */
  environments: Record<EnvironmentKey, StorageLocations>;
  logLevel: string;
  /** the request log: slow answers and a sample of ordinary ones (failures are always logged) */
  requestLog: { slowMs: number; sampleRate: number };
  /** the HTTP listener: which proxies to believe, and how long a connection may wait (docs/operations.md) */
  http: HttpConfig;
  /** the built SPA to serve, if present */
  webDist: string | undefined;
  /** CDN_BASE: the public address of stored files where no template or per-type variable says otherwise */
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
  /** where e-mail goes when demo mode is off: an SMTP server, smtp[s]://user:password@host:port */
  smtpUrl: string | undefined;
  /** the sender of every e-mail, 'Name <address>' */
  mailFrom: string;
  keys: {
    privateKeyPem: string | undefined;
    signingSecret: string | undefined;
    fixedString: string | undefined;
  };
  /** object storage (docs/storage.md) */
  storage: StorageConfig;
  /** check every handler's answer against the contract (on in tests) */
  validateResponses: boolean;
  /**
   * BENCH_SKIP_SIGNATURE=true: accept API calls without checking x-signature, for the benchmark's
   * signing-cost figure only. Refused with NODE_ENV=production.
   */
  benchSkipSignature?: boolean;
  /** the transcoding queue and worker (README "Transcoding") */
  transcoding: TranscodingConfig;
  /** the console's own address as people reach it, for links in e-mails (PUBLIC_URL) */
  publicUrl: string;
  /** who issues the GST tax invoices, and how (README "Invoices") */
  invoicing: InvoicingConfig;
  /** couriers and their tracking pages (README "Configuration", COURIER_TRACKING_URLS) */
  delivery: DeliveryConfig;
  /** meeting providers of live classes (docs/operations.md "Live classes: meetings") */
  meetings: MeetingsConfig;
  version: string;
}

/** Zoom's Server-to-Server OAuth app: every value from the environment, never stored in the database. */
export interface ZoomConfig {
  accountId: string;
  clientId: string;
  clientSecret: string;
  /** the app's webhook secret token: verifies x-zm-signature and answers URL validation */
  webhookSecret: string;
  /** the host of meetings made for accounts that name none */
  hostEmail: string;
  /** https://api.zoom.us/v2 and https://zoom.us (tests point both at a fake on loopback) */
  apiBase: string;
  oauthBase: string;
}

export interface MeetingsConfig {
  /** the Jitsi Meet servers of the embedded default (JITSI_BASE_URLS, comma-separated) */
  jitsiBaseUrls: string[];
  /** null unless ZOOM_ACCOUNT_ID, ZOOM_CLIENT_ID and ZOOM_CLIENT_SECRET are all set */
  zoom: ZoomConfig | null;
  /** ZOOM_WEBHOOK_SECRET_TOKEN alone is enough to take Zoom's webhooks */
  zoomWebhookSecret: string | null;
}

function meetingsConfig(env: NodeJS.ProcessEnv): MeetingsConfig {
  const jitsiBaseUrls = (env.JITSI_BASE_URLS ?? 'https://meet.jit.si,https://jitsi.riot.im')
    .split(',')
    .map((u) => u.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  for (const url of jitsiBaseUrls) {
    if (!/^https?:\/\/[^/\s]+/.test(url)) throw new Error(`JITSI_BASE_URLS: '${url}' is not an http(s) address.`);
  }
  const webhookSecret = env.ZOOM_WEBHOOK_SECRET_TOKEN?.trim() || null;
  const zoom =
    env.ZOOM_ACCOUNT_ID && env.ZOOM_CLIENT_ID && env.ZOOM_CLIENT_SECRET
      ? {
          accountId: env.ZOOM_ACCOUNT_ID,
          clientId: env.ZOOM_CLIENT_ID,
          clientSecret: env.ZOOM_CLIENT_SECRET,
          webhookSecret: webhookSecret ?? '',
          hostEmail: env.ZOOM_HOST_EMAIL ?? '',
          apiBase: (env.ZOOM_API_BASE ?? 'https://api.zoom.us/v2').replace(/\/+$/, ''),
          oauthBase: (env.ZOOM_OAUTH_BASE ?? 'https://zoom.us').replace(/\/+$/, ''),
        }
      : null;
  return { jitsiBaseUrls, zoom, zoomWebhookSecret: webhookSecret };
}

/** Each courier's tracking page, `{trackingId}` standing for the consignment: trackerLink is built from it, never typed. */
export interface DeliveryConfig {
  /** courier code (DTDC, BLUE_DART ...) -> tracking URL template; DTDC is the default courier */
  courierTrackingUrls: Record<string, string>;
}

/** The couriers known out of the box; COURIER_TRACKING_URLS (JSON) adds couriers or replaces these. */
export const DEFAULT_COURIER_TRACKING_URLS: Readonly<Record<string, string>> = {
  DTDC: 'https://www.dtdc.in/trace.asp?strCnno={trackingId}',
  BLUE_DART: 'https://www.bluedart.com/web/guest/trackdartresult?trackFor=0&trackNo={trackingId}',
  INDIA_POST:
    'https://www.indiapost.gov.in/_layouts/15/dop.portal.tracking/trackconsignment.aspx?consignmentNumber={trackingId}',
};

/** COURIER_TRACKING_URLS: a JSON object of courier code -> https URL template holding {trackingId}. */
function deliveryConfig(raw: string | undefined): DeliveryConfig {
  const courierTrackingUrls: Record<string, string> = { ...DEFAULT_COURIER_TRACKING_URLS };
  if (!raw?.trim()) return { courierTrackingUrls };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error(
      'COURIER_TRACKING_URLS must be JSON like {"DELHIVERY":"https://www.delhivery.com/track/package/{trackingId}"}.',
    );
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error('COURIER_TRACKING_URLS must be a JSON object of courier code to tracking URL.');
  }
  for (const [code, template] of Object.entries(parsed)) {
    if (!/^[A-Z][A-Z0-9_]{1,31}$/.test(code)) {
      throw new Error(
        `COURIER_TRACKING_URLS: '${code}' is not a courier code (capitals, digits and _, like BLUE_DART).`,
      );
    }
    if (typeof template !== 'string' || !/^https?:\/\//.test(template) || !template.includes('{trackingId}')) {
      throw new Error(`COURIER_TRACKING_URLS: the URL of ${code} must be an http(s) address holding {trackingId}.`);
    }
    courierTrackingUrls[code] = template;
  }
  return { courierTrackingUrls };
}

/** The supplier on every GST tax invoice, the rate and the serial's prefix (Rule 46). */
export interface InvoicingConfig {
  supplierName: string;
  supplierAddress: string;
  supplierGstin: string;
  /** two-digit GST state code of the supplier's registration: decides CGST+SGST or IGST */
  supplierStateCode: string;
  gstPercent: number;
  /** Services Accounting Code on each line (999293: commercial training and coaching) */
  sacCode: string;
  /** the serial's prefix: PREFIX/YYyy/NNNNNN, at most 16 characters in all */
  invoicePrefix: string;
}

/** HTTP settings that an attacker would otherwise choose for us. */
export interface HttpConfig {
  /**
   * TRUST_PROXY: off by default, so X-Forwarded-For is ignored and the socket's address is the client.
   * A hop count (`1` behind one proxy), a list of proxy addresses or CIDRs, or `true` (every hop).
   */
  trustProxy: boolean | number | string[];
  /** a connection that sends and receives nothing for this long is closed (idle and stalled sockets) */
  idleTimeoutMs: number;
  /** a request's headers and body must have arrived by then (a slow-loris bound that still fits one upload part) */
  requestTimeoutMs: number;
  /** an idle keep-alive connection is closed after this */
  keepAliveTimeoutMs: number;
}

/** One value for subject and preview videos and one for each resource type. */
export type StorageKinds = { videos: string } & Record<ResourceTypeKey, string>;

/** An environment's buckets and CDN addresses. */
export interface StorageLocations {
  buckets: StorageKinds;
  cdn: StorageKinds;
}

/** Where files live: local disk under DATA_DIR/storage (default) or an S3-compatible store. */
export interface StorageConfig {
  driver: 'local' | 's3';
  /** local driver: one folder per bucket under this directory */
  localDir: string;
  /** the bucket of subject and preview videos, and of each resource type, in this process's environment */
  buckets: StorageKinds;
  /** the base of the public address of each of them (`{base}/{key}`), in this process's environment */
  cdn: StorageKinds;
  /** lifetime of signed upload and read URLs */
  urlTtlSeconds: number;
  /** HEALTH_MIN_FREE_MB: less free disk than this and health reports the local disk full */
  minFreeBytes: number;
  s3: {
    endpoint: string | undefined;
    region: string;
    accessKeyId: string | undefined;
    secretAccessKey: string | undefined;
    forcePathStyle: boolean;
  };
}

/** How videos are transcoded: the driver, the worker and its timings. */
export interface TranscodingConfig {
  /** ffmpeg on this machine, AWS MediaConvert, or off (jobs wait in the queue) */
  driver: 'ffmpeg' | 'mediaconvert' | 'off';
  /** run a worker inside the server process (the default); `npm run worker` runs one on its own */
  inlineWorker: boolean;
  /** transcodes one worker runs at a time */
  concurrency: number;
  /** submit a job for every registered video */
  submitOnRegister: boolean;
  /** the environment jobs are recorded under (spec 2 §9) */
  environment: TranscodingEnvironment;
  ffmpegPath: string | undefined;
  /** x264 preset: ultrafast ... veryslow */
  preset: string;
  /** scratch space for outputs before they are stored */
  workDir: string;
  /** how often a running job reports progress and checks for cancellation */
  heartbeatSeconds: number;
  /** a running job without a heartbeat for this long is taken back and retried */
  staleSeconds: number;
  /** how often an idle worker looks for a job */
  pollSeconds: number;
  /** runs of a job after the first when its worker stops */
  retryLimit: number;
  /** first wait before a retry, doubled each time */
  retryDelaySeconds: number;
  mediaConvert: MediaConvertConfig;
}

export interface MediaConvertConfig {
  endpoint: string | undefined;
  region: string;
  roleArn: string | undefined;
  jobTemplate: string | undefined;
  queueArns: { default: string | undefined; reserved: string | undefined };
  pollSeconds: number;
}

function transcodingConfig(env: NodeJS.ProcessEnv, dataDir: string, nodeEnv: string): TranscodingConfig {
  const driver = (env.TRANSCODER || 'ffmpeg').toLowerCase();
  if (driver !== 'ffmpeg' && driver !== 'mediaconvert' && driver !== 'off') {
    throw new Error(`TRANSCODER must be 'ffmpeg', 'mediaconvert' or 'off', got '${driver}'`);
  }
  const fallbackEnvironment = nodeEnv === 'production' ? 'production' : nodeEnv === 'test' ? 'test' : 'development';
  const environment = (env.TRANSCODING_ENVIRONMENT || fallbackEnvironment) as TranscodingEnvironment;
  if (!TRANSCODING_ENVIRONMENTS.includes(environment)) {
    throw new Error(
      `TRANSCODING_ENVIRONMENT must be one of ${TRANSCODING_ENVIRONMENTS.join(', ')}, got '${environment}'`,
    );
  }
  const concurrency = int(env.TRANSCODE_CONCURRENCY, 1, 'TRANSCODE_CONCURRENCY');
  if (concurrency < 1 || concurrency > 16) throw new Error('TRANSCODE_CONCURRENCY must be between 1 and 16');
  const heartbeatSeconds = int(env.TRANSCODE_HEARTBEAT_SECONDS, 2, 'TRANSCODE_HEARTBEAT_SECONDS');
  const staleSeconds = int(env.TRANSCODE_STALE_SECONDS, 30, 'TRANSCODE_STALE_SECONDS');
  if (heartbeatSeconds < 1 || staleSeconds < heartbeatSeconds * 2) {
    throw new Error('TRANSCODE_STALE_SECONDS must be at least twice TRANSCODE_HEARTBEAT_SECONDS (at least 1)');
  }
  if (driver === 'mediaconvert' && (!env.MEDIACONVERT_ROLE_ARN || !env.MEDIACONVERT_QUEUE_ARN_DEFAULT)) {
    throw new Error('TRANSCODER=mediaconvert needs MEDIACONVERT_ROLE_ARN and MEDIACONVERT_QUEUE_ARN_DEFAULT');
  }
  return {
    driver,
    inlineWorker: bool(env.TRANSCODE_INLINE_WORKER, true),
    concurrency,
    submitOnRegister: bool(env.TRANSCODE_ON_REGISTER, true),
    environment,
    ffmpegPath: env.FFMPEG_PATH || undefined,
    preset: env.TRANSCODE_PRESET || 'veryfast',
    workDir: path.join(dataDir, 'transcode-work'),
    heartbeatSeconds,
    staleSeconds,
    pollSeconds: Math.max(1, int(env.TRANSCODE_POLL_SECONDS, 1, 'TRANSCODE_POLL_SECONDS')),
    retryLimit: int(env.TRANSCODE_RETRY_LIMIT, 3, 'TRANSCODE_RETRY_LIMIT'),
    retryDelaySeconds: int(env.TRANSCODE_RETRY_DELAY_SECONDS, 5, 'TRANSCODE_RETRY_DELAY_SECONDS'),
    mediaConvert: {
      endpoint: env.MEDIACONVERT_ENDPOINT || undefined,
      region: env.MEDIACONVERT_REGION || env.S3_REGION || 'ap-south-1',
      roleArn: env.MEDIACONVERT_ROLE_ARN || undefined,
      jobTemplate: env.MEDIACONVERT_JOB_TEMPLATE || undefined,
      queueArns: {
        default: env.MEDIACONVERT_QUEUE_ARN_DEFAULT || undefined,
        reserved: env.MEDIACONVERT_QUEUE_ARN_RESERVED || undefined,
      },
      pollSeconds: Math.max(1, int(env.MEDIACONVERT_POLL_SECONDS, 10, 'MEDIACONVERT_POLL_SECONDS')),
    },
  };
}

const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const BUCKET_RULE = '3-63 lower-case letters, digits, dots, hyphens';

function validBucket(name: string): boolean {
  return BUCKET_NAME.test(name) && !name.includes('..');
}

function bucket(value: string | undefined, fallback: string, name: string): string {
  const chosen = value || fallback;
  if (!validBucket(chosen)) {
    throw new Error(`${name} must be a valid bucket name (${BUCKET_RULE}), got '${chosen}'`);
  }
  return chosen;
}

/** A public address base: an http(s) address, or a path of this server ('/files'). */
function validCdnBase(value: string): boolean {
  return /^https?:\/\/[^/\s]+(\/\S*)?$/.test(value) || /^\/\S*$/.test(value);
}

function cdnBase(value: string, name: string): string {
  if (!validCdnBase(value)) {
    throw new Error(`${name} must be an http(s) address or a path starting with /, got '${value}'`);
  }
  return value;
}

/** S3_BUCKET_TEMPLATE or CDN_TEMPLATE: undefined when unset; refused when it names an unknown placeholder or no {environment}. */
function storageTemplate(env: NodeJS.ProcessEnv, name: 'S3_BUCKET_TEMPLATE' | 'CDN_TEMPLATE'): string | undefined {
  const template = env[name]?.trim();
  if (!template) return undefined;
  for (const [, placeholder] of template.matchAll(/\{([^}]*)\}/g)) {
    if (!(STORAGE_TEMPLATE_PLACEHOLDERS as readonly string[]).includes(placeholder!)) {
      throw new Error(
        `${name}: {${placeholder}} is not a placeholder; use ${STORAGE_TEMPLATE_PLACEHOLDERS.map((p) => `{${p}}`).join(' and ')}.`,
      );
    }
  }
  if (!template.includes('{environment}')) {
    throw new Error(
      `${name} must hold {environment}: each environment has its own ${name.startsWith('S3') ? 'buckets' : 'addresses'}.`,
    );
  }
  return template;
}

/** S3_BUCKET_CATALOGUE_IMAGE for 'catalogue-image', S3_BUCKET_VIDEOS for 'videos'. */
const kindVariable = (prefix: 'S3_BUCKET' | 'CDN_BASE', kind: string) =>
  `${prefix}_${kind.toUpperCase().replace(/-/g, '_')}`;

/**
 * Every environment's buckets and CDN addresses. For each kind of file, the first that is set wins:
 * its own variable (S3_BUCKET_<TYPE>, CDN_BASE_<TYPE>: the same in every environment), the template
 * (S3_BUCKET_TEMPLATE, CDN_TEMPLATE), the shared one (S3_BUCKET, CDN_BASE), the default ('lectern',
 * '/files'). A template that gives an invalid bucket or address is refused naming the environment.
 */
export function environmentStorage(env: NodeJS.ProcessEnv): Record<EnvironmentKey, StorageLocations> {
  const sharedBucket = bucket(env.S3_BUCKET, 'lectern', 'S3_BUCKET');
  const sharedCdn = cdnBase(env.CDN_BASE || '/files', 'CDN_BASE');
  const bucketTemplate = storageTemplate(env, 'S3_BUCKET_TEMPLATE');
  const cdnTemplate = storageTemplate(env, 'CDN_TEMPLATE');
  const kinds = ['videos', ...RESOURCE_TYPE_KEYS] as const;
  const explicitBuckets = new Map<string, string>();
  const explicitCdn = new Map<string, string>();
  for (const kind of kinds) {
    const bucketVariable = kindVariable('S3_BUCKET', kind);
    if (env[bucketVariable]) explicitBuckets.set(kind, bucket(env[bucketVariable], sharedBucket, bucketVariable));
    const cdnVariable = kindVariable('CDN_BASE', kind);
    if (env[cdnVariable]) explicitCdn.set(kind, cdnBase(env[cdnVariable]!, cdnVariable));
  }
  const result = {} as Record<EnvironmentKey, StorageLocations>;
  for (const environment of ENVIRONMENT_KEYS) {
    const buckets = {} as StorageKinds;
    const cdn = {} as StorageKinds;
    for (const kind of kinds) {
      let chosenBucket = explicitBuckets.get(kind);
      if (!chosenBucket && bucketTemplate) {
        chosenBucket = fillStorageTemplate(bucketTemplate, environment, kind);
        if (!validBucket(chosenBucket)) {
          throw new Error(
            `S3_BUCKET_TEMPLATE gives '${chosenBucket}' for ${environment} (${kind}), which is not a valid bucket name (${BUCKET_RULE}).`,
          );
        }
      }
      buckets[kind] = chosenBucket ?? sharedBucket;
      let chosenCdn = explicitCdn.get(kind);
      if (!chosenCdn && cdnTemplate) {
        chosenCdn = fillStorageTemplate(cdnTemplate, environment, kind);
        if (!validCdnBase(chosenCdn)) {
          throw new Error(
            `CDN_TEMPLATE gives '${chosenCdn}' for ${environment} (${kind}), which is not an http(s) address or a path starting with /.`,
          );
        }
      }
      cdn[kind] = chosenCdn ?? sharedCdn;
    }
    result[environment] = { buckets, cdn };
  }
  return result;
}

/** The storage settings of the environment: STORAGE_DRIVER, S3_* (see README "Configuration"). */
function storageConfig(env: NodeJS.ProcessEnv, dataDir: string, own: StorageLocations): StorageConfig {
  const driver = (env.STORAGE_DRIVER || 'local').toLowerCase();
  if (driver !== 'local' && driver !== 's3') throw new Error(`STORAGE_DRIVER must be 'local' or 's3', got '${driver}'`);
  const ttl = int(env.STORAGE_URL_TTL_SECONDS, 900, 'STORAGE_URL_TTL_SECONDS');
  if (ttl < 60 || ttl > 7 * 24 * 3600) throw new Error('STORAGE_URL_TTL_SECONDS must be between 60 and 604800');
  return {
    driver,
    localDir: path.join(dataDir, 'storage'),
    buckets: { ...own.buckets },
    cdn: { ...own.cdn },
    urlTtlSeconds: ttl,
    minFreeBytes: int(env.HEALTH_MIN_FREE_MB, 64, 'HEALTH_MIN_FREE_MB') * 1024 * 1024,
    s3: {
      endpoint: env.S3_ENDPOINT || undefined,
      region: env.S3_REGION || 'ap-south-1',
      accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
      forcePathStyle: bool(env.S3_FORCE_PATH_STYLE, false),
    },
  };
}

/** SMTP_URL, checked at start-up; the error never repeats the address, which holds the password. */
function smtpUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname) {
    throw new Error('SMTP_URL must look like smtp://user:password@host:587 or smtps://user:password@host:465');
  }
  return value;
}

function trustProxy(value: string | undefined): HttpConfig['trustProxy'] {
  const text = (value ?? '').trim();
  if (text === '' || text.toLowerCase() === 'false') return false;
  if (text.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  const addresses = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (addresses.some((part) => !/^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(part))) {
    throw new Error(
      `TRUST_PROXY must be false, true, a hop count, or a comma-separated list of proxy addresses (got "${text}")`,
    );
  }
  return addresses;
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
  const pinned = env.LECTERN_ENVIRONMENT?.trim().toLowerCase() || undefined;
  if (pinned !== undefined && !isEnvironmentKey(pinned)) {
    throw new Error(`LECTERN_ENVIRONMENT must be one of ${ENVIRONMENT_KEYS.join(', ')}, got '${pinned}'`);
  }
  const environment: EnvironmentKey = pinned ?? (demoMode ? 'local' : 'production');
  const environments = environmentStorage(env);
  const config: Config = {
    port: int(env.PORT, 8080, 'PORT'),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    demoMode,
    nodeEnv,
    environment,
    environmentPinned: pinned !== undefined,
    environmentHosts: parseEnvironmentHosts(env.LECTERN_ENVIRONMENT_HOSTS),
    environments,
    logLevel: env.LOG_LEVEL ?? 'info',
    requestLog: {
      slowMs: int(env.LOG_SLOW_REQUEST_MS, 1000, 'LOG_SLOW_REQUEST_MS'),
      sampleRate: Math.min(1, Math.max(0, Number(env.LOG_REQUEST_SAMPLE ?? '0.01') || 0)),
    },
    http: {
      trustProxy: trustProxy(env.TRUST_PROXY),
      idleTimeoutMs: int(env.HTTP_IDLE_TIMEOUT_SECONDS, 30, 'HTTP_IDLE_TIMEOUT_SECONDS') * 1000,
      requestTimeoutMs: int(env.HTTP_REQUEST_TIMEOUT_SECONDS, 600, 'HTTP_REQUEST_TIMEOUT_SECONDS') * 1000,
      keepAliveTimeoutMs: int(env.HTTP_KEEP_ALIVE_SECONDS, 5, 'HTTP_KEEP_ALIVE_SECONDS') * 1000,
    },
    webDist: env.WEB_DIST,
    cdnBase: cdnBase(env.CDN_BASE || '/files', 'CDN_BASE'),
    sessionTtlMs: int(env.SESSION_TTL_HOURS, 12, 'SESSION_TTL_HOURS') * 3600_000,
    otp: {
      resendCooldownMs: int(env.OTP_RESEND_COOLDOWN_SECONDS, 30, 'OTP_RESEND_COOLDOWN_SECONDS') * 1000,
      windowMs: 15 * 60_000,
      maxPerNumber: int(env.OTP_MAX_PER_NUMBER, 5, 'OTP_MAX_PER_NUMBER'),
      maxPerAddress: int(env.OTP_MAX_PER_ADDRESS, 30, 'OTP_MAX_PER_ADDRESS'),
    },
    smsWebhookUrl: env.SMS_WEBHOOK_URL || undefined,
    smtpUrl: smtpUrl(env.SMTP_URL),
    mailFrom: env.MAIL_FROM || 'Lectern <no-reply@lectern.example>',
    keys: {
      privateKeyPem: env.LECTERN_PRIVATE_KEY || undefined,
      signingSecret: env.LECTERN_SIGNING_SECRET || undefined,
      fixedString: env.LECTERN_FIXED_STRING || undefined,
    },
    storage: storageConfig(env, dataDir, environments[environment]),
    validateResponses: bool(env.VALIDATE_RESPONSES, false),
    benchSkipSignature: bool(env.BENCH_SKIP_SIGNATURE, false),
    transcoding: transcodingConfig(env, dataDir, nodeEnv),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? '8080'}`).replace(/\/+$/, ''),
    invoicing: {
      supplierName: env.INVOICE_SUPPLIER_NAME ?? 'Lectern Learning Private Limited',
      supplierAddress:
        env.INVOICE_SUPPLIER_ADDRESS ?? '4th Floor, Prestige Tech Park, Outer Ring Road, Bengaluru, Karnataka 560103',
      supplierGstin: env.INVOICE_SUPPLIER_GSTIN ?? '29AAACL1234F1ZV',
      supplierStateCode: env.INVOICE_SUPPLIER_STATE_CODE ?? '29',
      gstPercent: Number(env.GST_PERCENT ?? '18'),
      sacCode: env.INVOICE_SAC_CODE ?? '999293',
      invoicePrefix: env.INVOICE_PREFIX ?? 'LEC',
    },
    delivery: deliveryConfig(env.COURIER_TRACKING_URLS),
    meetings: meetingsConfig(env),
    version: env.npm_package_version ?? '0.1.0',
    ...overrides,
  };
  if (config.benchSkipSignature && config.nodeEnv === 'production') {
    throw new Error(
      'BENCH_SKIP_SIGNATURE turns off request signing: it is for benchmarks and refused with NODE_ENV=production.',
    );
  }
  if (config.demoMode && config.nodeEnv === 'production') {
    throw new Error(
      'Demo mode cannot run with NODE_ENV=production: it exposes sign-in codes. Set DEMO_MODE=false, or NODE_ENV to something else.',
    );
  }
  return config;
}
