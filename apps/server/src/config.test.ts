import { ENVIRONMENT_KEYS, RESOURCE_TYPE_KEYS } from '@lectern/contract';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

// The environments' settings (docs/environments.md): which environment a process is, and every
// environment's buckets and CDN addresses from the templates.

const KINDS = ['videos', ...RESOURCE_TYPE_KEYS] as const;
const TEMPLATES = {
  S3_BUCKET_TEMPLATE: 'lectern-{environment}-{resourceType}',
  CDN_TEMPLATE: 'https://cdn-{environment}.lectern.in/{resourceType}/',
};

describe("the process's own environment", () => {
  it('is local in demo mode and production otherwise, unless LECTERN_ENVIRONMENT pins it', () => {
    expect(loadConfig({})).toMatchObject({ environment: 'local', environmentPinned: false });
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({
      environment: 'production',
      environmentPinned: false,
    });
    expect(loadConfig({ LECTERN_ENVIRONMENT: 'Staging' })).toMatchObject({
      environment: 'staging',
      environmentPinned: true,
    });
  });

  it('refuses an environment that is not one of the six', () => {
    expect(() => loadConfig({ LECTERN_ENVIRONMENT: 'development' })).toThrow(
      "LECTERN_ENVIRONMENT must be one of production, pre-production, staging, test, dev, local, got 'development'",
    );
  });

  it('refuses bad host patterns at start', () => {
    expect(() => loadConfig({ LECTERN_ENVIRONMENT_HOSTS: 'uat=uat.*' })).toThrow(
      "LECTERN_ENVIRONMENT_HOSTS: 'uat' is not an environment",
    );
  });
});

describe('bucket and CDN templates', () => {
  it('without templates, every environment shares S3_BUCKET and CDN_BASE (the embedded defaults)', () => {
    const { environments, storage } = loadConfig({});
    for (const environment of ENVIRONMENT_KEYS) {
      for (const kind of KINDS) {
        expect(environments[environment].buckets[kind]).toBe('lectern');
        expect(environments[environment].cdn[kind]).toBe('/files');
      }
    }
    expect(storage.cdn['catalogue-image']).toBe('/files');
  });

  it('give every resource type and the videos a bucket and a CDN address of their own in each environment', () => {
    const { environments } = loadConfig(TEMPLATES);
    for (const environment of ENVIRONMENT_KEYS) {
      for (const kind of KINDS) {
        expect(environments[environment].buckets[kind]).toBe(`lectern-${environment}-${kind}`);
        expect(environments[environment].cdn[kind]).toBe(`https://cdn-${environment}.lectern.in/${kind}/`);
      }
    }
    const all = ENVIRONMENT_KEYS.flatMap((environment) => Object.values(environments[environment].buckets));
    expect(new Set(all).size).toBe(ENVIRONMENT_KEYS.length * KINDS.length);
  });

  it("store into the process's own environment's buckets", () => {
    const staging = loadConfig({ ...TEMPLATES, LECTERN_ENVIRONMENT: 'staging' }).storage;
    expect(staging.buckets.videos).toBe('lectern-staging-videos');
    expect(staging.buckets['question-paper']).toBe('lectern-staging-question-paper');
    expect(staging.cdn['store-icon']).toBe('https://cdn-staging.lectern.in/store-icon/');
    const production = loadConfig({ ...TEMPLATES, NODE_ENV: 'production' }).storage;
    expect(production.buckets['question-paper']).toBe('lectern-production-question-paper');
  });

  it('lose to the per-type variables, which hold in every environment', () => {
    const { environments } = loadConfig({
      ...TEMPLATES,
      S3_BUCKET: 'lectern-shared',
      S3_BUCKET_VIDEOS: 'lectern-videos',
      S3_BUCKET_CATALOGUE_IMAGE: 'lectern-public',
      CDN_BASE_CATALOGUE_IMAGE: 'https://images.lectern.in/',
    });
    for (const environment of ENVIRONMENT_KEYS) {
      expect(environments[environment].buckets.videos).toBe('lectern-videos');
      expect(environments[environment].buckets['catalogue-image']).toBe('lectern-public');
      expect(environments[environment].cdn['catalogue-image']).toBe('https://images.lectern.in/');
      // the template still wins over the shared S3_BUCKET
      expect(environments[environment].buckets['store-icon']).toBe(`lectern-${environment}-store-icon`);
    }
  });

  it('can give each environment one bucket for everything (no {resourceType})', () => {
    const { environments } = loadConfig({
      S3_BUCKET_TEMPLATE: 'lectern-{environment}',
      CDN_BASE: 'https://cdn.lectern.in',
    });
    expect(new Set(Object.values(environments.dev.buckets))).toEqual(new Set(['lectern-dev']));
    expect(new Set(Object.values(environments.staging.buckets))).toEqual(new Set(['lectern-staging']));
    // without CDN_TEMPLATE, CDN_BASE holds in every environment
    expect(environments.dev.cdn.videos).toBe('https://cdn.lectern.in');
  });

  it('refuse a template that gives an invalid bucket, naming the variable, the environment and the type', () => {
    expect(() => loadConfig({ S3_BUCKET_TEMPLATE: 'Lectern_{environment}_{resourceType}' })).toThrow(
      "S3_BUCKET_TEMPLATE gives 'Lectern_production_videos' for production (videos), which is not a valid bucket name (3-63 lower-case letters, digits, dots, hyphens).",
    );
    // too long only for the longest environment and type
    const long = `${'x'.repeat(28)}-{environment}-{resourceType}`;
    expect(() => loadConfig({ S3_BUCKET_TEMPLATE: long })).toThrow(
      /^S3_BUCKET_TEMPLATE gives 'x{28}-pre-production-live-class-thumbnail' for pre-production \(live-class-thumbnail\)/,
    );
    expect(() => loadConfig({ S3_BUCKET_TEMPLATE: long, LECTERN_ENVIRONMENT: 'production' })).toThrow(
      /for pre-production/,
    );
    expect(() => loadConfig({ CDN_TEMPLATE: 'cdn-{environment}.lectern.in/{resourceType}' })).toThrow(
      "CDN_TEMPLATE gives 'cdn-production.lectern.in/videos' for production (videos), which is not an http(s) address or a path starting with /.",
    );
  });

  it('refuse an unknown placeholder and a template without {environment}', () => {
    expect(() => loadConfig({ S3_BUCKET_TEMPLATE: 'lectern-{env}-{resourceType}' })).toThrow(
      'S3_BUCKET_TEMPLATE: {env} is not a placeholder; use {environment} and {resourceType}.',
    );
    expect(() => loadConfig({ S3_BUCKET_TEMPLATE: 'lectern-{resourceType}' })).toThrow(
      'S3_BUCKET_TEMPLATE must hold {environment}: each environment has its own buckets.',
    );
    expect(() => loadConfig({ CDN_TEMPLATE: 'https://cdn.lectern.in/{resourceType}/' })).toThrow(
      'CDN_TEMPLATE must hold {environment}: each environment has its own addresses.',
    );
  });

  it('refuse a bad per-type CDN address', () => {
    expect(() => loadConfig({ CDN_BASE_STORE_ICON: 'icons.lectern.in' })).toThrow(
      "CDN_BASE_STORE_ICON must be an http(s) address or a path starting with /, got 'icons.lectern.in'",
    );
  });
});

describe('refused values name their variable', () => {
  it.each([
    [{ GST_PERCENT: 'abc' }, "GST_PERCENT must be a number from 0 to 100, got 'abc'"],
    [{ GST_PERCENT: '120' }, "GST_PERCENT must be a number from 0 to 100, got '120'"],
    [{ LOG_REQUEST_SAMPLE: 'often' }, "LOG_REQUEST_SAMPLE must be a number from 0 to 1, got 'often'"],
    [{ PORT: '70000' }, "PORT must be between 0 and 65535, got '70000'"],
    [{ ORDER_TTL_MINUTES: '2' }, "ORDER_TTL_MINUTES must be between 5 and 10080, got '2'"],
    [{ SESSION_TTL_HOURS: '1.5' }, "SESSION_TTL_HOURS must be a whole number, got '1.5'"],
    [{ TRANSCODE_CONCURRENCY: '0' }, "TRANSCODE_CONCURRENCY must be between 1 and 16, got '0'"],
    [{ TRANSCODE_STALE_SECONDS: '3' }, 'TRANSCODE_STALE_SECONDS must be at least twice TRANSCODE_HEARTBEAT_SECONDS'],
    [{ DEMO_MODE: 'flase' }, "DEMO_MODE must be true or false (or 1/0, yes/no, on/off), got 'flase'"],
    [{ S3_FORCE_PATH_STYLE: 'maybe' }, 'S3_FORCE_PATH_STYLE must be true or false'],
    [
      { LOG_LEVEL: 'verbose' },
      "LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got 'verbose'",
    ],
    [{ TRANSCODER: 'handbrake' }, "TRANSCODER must be 'ffmpeg', 'mediaconvert' or 'off', got 'handbrake'"],
    [{ TRANSCODE_PRESET: 'quick' }, 'TRANSCODE_PRESET must be one of ultrafast, superfast, veryfast'],
    [
      { TRANSCODING_ENVIRONMENT: 'prod' },
      "TRANSCODING_ENVIRONMENT must be one of production, staging, test, development, got 'prod'",
    ],
    [
      { INVOICE_SUPPLIER_STATE_CODE: 'KA' },
      "INVOICE_SUPPLIER_STATE_CODE must be a two-digit GST state code like 29, got 'KA'",
    ],
    [{ PUBLIC_URL: 'console.lectern.in' }, "PUBLIC_URL must be an http(s) address, got 'console.lectern.in'"],
    [
      { SMS_WEBHOOK_URL: 'sms.example.in/send' },
      "SMS_WEBHOOK_URL must be an http(s) address, got 'sms.example.in/send'",
    ],
    [{ ZOOM_API_BASE: 'api.zoom.us' }, "ZOOM_API_BASE must be an http(s) address, got 'api.zoom.us'"],
    [
      { JITSI_BASE_URLS: 'https://meet.jit.si,meet.example.in' },
      "JITSI_BASE_URLS: 'meet.example.in' is not an http(s) address.",
    ],
  ])('%o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('never repeats a refused database address, which may hold the password', () => {
    const attempt = () => loadConfig({ DATABASE_URL: 'mysql://root:topsecret@db/lectern' });
    expect(attempt).toThrow('DATABASE_URL must be a postgres:// or postgresql:// connection string');
    expect(attempt).not.toThrow(/topsecret/);
  });

  it('reads the values it accepts, and the defaults when a variable is unset or empty', () => {
    const config = loadConfig({
      GST_PERCENT: '12.5',
      LOG_REQUEST_SAMPLE: '1',
      DEMO_MODE: 'off',
      LOG_LEVEL: 'Debug',
      TRANSCODER: 'OFF',
      S3_FORCE_PATH_STYLE: 'yes',
      DATABASE_URL: 'postgresql://lectern@db:5432/lectern',
      ZOOM_ACCOUNT_ID: 'a',
      ZOOM_CLIENT_ID: 'c',
      ZOOM_CLIENT_SECRET: 's',
      ZOOM_API_BASE: 'http://127.0.0.1:9/v2/',
      TRANSCODE_CONCURRENCY: '',
      ORDER_TTL_MINUTES: '90',
    });
    expect(config.invoicing.gstPercent).toBe(12.5);
    expect(config.payments.orderTtlMinutes).toBe(90);
    expect(config.requestLog.sampleRate).toBe(1);
    expect(config.demoMode).toBe(false);
    expect(config.logLevel).toBe('debug');
    expect(config.transcoding.driver).toBe('off');
    expect(config.transcoding.concurrency).toBe(1);
    expect(config.storage.s3.forcePathStyle).toBe(true);
    expect(config.databaseUrl).toBe('postgresql://lectern@db:5432/lectern');
    expect(config.meetings.zoom?.apiBase).toBe('http://127.0.0.1:9/v2');
    expect(loadConfig({})).toMatchObject({
      port: 8080,
      invoicing: { gstPercent: 18, supplierStateCode: '29' },
      payments: { orderTtlMinutes: 30 },
      requestLog: { slowMs: 1000, sampleRate: 0.01 },
      transcoding: { preset: 'veryfast', environment: 'development' },
    });
  });
});
