import path from 'node:path';
import {
  ENVIRONMENT_KEYS,
  RESOURCE_TYPE_KEYS,
  STORAGE_TEMPLATE_PLACEHOLDERS,
  fillStorageTemplate,
  type EnvironmentKey,
  type ResourceTypeKey,
} from '@lectern/contract';
import { z } from 'zod';
import { flag, oneOf, optionalText, text, wholeNumber } from './env';

/** One value for subject and preview videos and one for each resource type. */
export type StorageKinds = { videos: string } & Record<ResourceTypeKey, string>;

/** An environment's buckets and CDN addresses. */
export interface StorageLocations {
  buckets: StorageKinds;
  cdn: StorageKinds;
}

const KINDS = ['videos', ...RESOURCE_TYPE_KEYS] as const;

const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const BUCKET_RULE = '3-63 lower-case letters, digits, dots, hyphens';

function validBucket(name: string): boolean {
  return BUCKET_NAME.test(name) && !name.includes('..');
}

/** A public address base: an http(s) address, or a path of this server ('/files'). */
function validCdnBase(value: string): boolean {
  return /^https?:\/\/[^/\s]+(\/\S*)?$/.test(value) || /^\/\S*$/.test(value);
}

const bucketName = optionalText().refine((value) => value === undefined || validBucket(value), {
  error: (issue) => `must be a valid bucket name (${BUCKET_RULE}), got '${String(issue.input)}'`,
});

const cdnAddress = optionalText().refine((value) => value === undefined || validCdnBase(value), {
  error: (issue) => `must be an http(s) address or a path starting with /, got '${String(issue.input)}'`,
});

/** S3_BUCKET_TEMPLATE or CDN_TEMPLATE: refused when it names an unknown placeholder or no {environment}. */
const template = (stores: 'buckets' | 'addresses') =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      const given = value?.trim();
      if (!given) return undefined;
      for (const [, placeholder] of given.matchAll(/\{([^}]*)\}/g)) {
        if (!(STORAGE_TEMPLATE_PLACEHOLDERS as readonly string[]).includes(placeholder!)) {
          ctx.addIssue({
            code: 'custom',
            message: `: {${placeholder}} is not a placeholder; use ${STORAGE_TEMPLATE_PLACEHOLDERS.map((p) => `{${p}}`).join(' and ')}.`,
          });
          return z.NEVER;
        }
      }
      if (!given.includes('{environment}')) {
        ctx.addIssue({ code: 'custom', message: `must hold {environment}: each environment has its own ${stores}.` });
        return z.NEVER;
      }
      return given;
    });

/** S3_BUCKET_CATALOGUE_IMAGE for 'catalogue-image', S3_BUCKET_VIDEOS for 'videos'. */
const kindVariable = (prefix: 'S3_BUCKET' | 'CDN_BASE', kind: string) =>
  `${prefix}_${kind.toUpperCase().replace(/-/g, '_')}`;

const perKind = Object.fromEntries(
  KINDS.flatMap((kind) => [
    [kindVariable('S3_BUCKET', kind), bucketName],
    [kindVariable('CDN_BASE', kind), cdnAddress],
  ]),
) as Record<string, typeof bucketName>;

/**
 * Every environment's buckets and CDN addresses. For each kind of file, the first that is set wins:
 * its own variable (S3_BUCKET_<TYPE>, CDN_BASE_<TYPE>: the same in every environment), the template
 * (S3_BUCKET_TEMPLATE, CDN_TEMPLATE), the shared one (S3_BUCKET, CDN_BASE), the default ('lectern',
 * '/files'). A template that gives an invalid bucket or address is refused naming the environment.
 */
export const environmentsSchema = z
  .object({
    S3_BUCKET: bucketName,
    CDN_BASE: cdnAddress,
    S3_BUCKET_TEMPLATE: template('buckets'),
    CDN_TEMPLATE: template('addresses'),
    ...perKind,
  })
  .transform((env, ctx) => {
    const perKindValue = env as Record<string, string | undefined>;
    const sharedBucket = env.S3_BUCKET ?? 'lectern';
    const sharedCdn = env.CDN_BASE ?? '/files';
    const result = {} as Record<EnvironmentKey, StorageLocations>;
    for (const environment of ENVIRONMENT_KEYS) {
      const buckets = {} as StorageKinds;
      const cdn = {} as StorageKinds;
      for (const kind of KINDS) {
        let chosenBucket = perKindValue[kindVariable('S3_BUCKET', kind)];
        if (!chosenBucket && env.S3_BUCKET_TEMPLATE) {
          chosenBucket = fillStorageTemplate(env.S3_BUCKET_TEMPLATE, environment, kind);
          if (!validBucket(chosenBucket)) {
            ctx.addIssue({
              code: 'custom',
              path: ['S3_BUCKET_TEMPLATE'],
              message: `S3_BUCKET_TEMPLATE gives '${chosenBucket}' for ${environment} (${kind}), which is not a valid bucket name (${BUCKET_RULE}).`,
            });
            return z.NEVER;
          }
        }
        buckets[kind] = chosenBucket ?? sharedBucket;
        let chosenCdn = perKindValue[kindVariable('CDN_BASE', kind)];
        if (!chosenCdn && env.CDN_TEMPLATE) {
          chosenCdn = fillStorageTemplate(env.CDN_TEMPLATE, environment, kind);
          if (!validCdnBase(chosenCdn)) {
            ctx.addIssue({
              code: 'custom',
              path: ['CDN_TEMPLATE'],
              message: `CDN_TEMPLATE gives '${chosenCdn}' for ${environment} (${kind}), which is not an http(s) address or a path starting with /.`,
            });
            return z.NEVER;
          }
        }
        cdn[kind] = chosenCdn ?? sharedCdn;
      }
      result[environment] = { buckets, cdn };
    }
    return {
      /** every environment's buckets and CDN addresses, from the templates and the per-type variables */
      environments: result,
      /** CDN_BASE: the public address of stored files where no template or per-type variable says otherwise */
      cdnBase: sharedCdn,
    };
  });

/** Where files live: local disk under DATA_DIR/storage (default) or an S3-compatible store (docs/storage.md). */
export const storageSchema = (dataDir: string, own: StorageLocations) =>
  z
    .object({
      STORAGE_DRIVER: oneOf(['local', 's3']),
      STORAGE_URL_TTL_SECONDS: wholeNumber(900, { min: 60, max: 7 * 24 * 3600 }),
      HEALTH_MIN_FREE_MB: wholeNumber(64),
      S3_ENDPOINT: optionalText(),
      S3_REGION: text('ap-south-1'),
      S3_ACCESS_KEY_ID: optionalText(),
      S3_SECRET_ACCESS_KEY: optionalText(),
      S3_FORCE_PATH_STYLE: flag(false),
    })
    .transform((env) => ({
      driver: env.STORAGE_DRIVER ?? 'local',
      /** local driver: one folder per bucket under this directory */
      localDir: path.join(dataDir, 'storage'),
      /** the bucket of subject and preview videos, and of each resource type, in this process's environment */
      buckets: { ...own.buckets },
      /** the base of the public address of each of them (`{base}/{key}`), in this process's environment */
      cdn: { ...own.cdn },
      /** lifetime of signed upload and read URLs */
      urlTtlSeconds: env.STORAGE_URL_TTL_SECONDS,
      /** HEALTH_MIN_FREE_MB: less free disk than this and health reports the local disk full */
      minFreeBytes: env.HEALTH_MIN_FREE_MB * 1024 * 1024,
      s3: {
        endpoint: env.S3_ENDPOINT,
        region: env.S3_REGION,
        accessKeyId: env.S3_ACCESS_KEY_ID,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        forcePathStyle: env.S3_FORCE_PATH_STYLE,
      },
    }));

export type StorageConfig = z.output<ReturnType<typeof storageSchema>>;
