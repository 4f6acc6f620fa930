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
