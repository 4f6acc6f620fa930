import { z } from 'zod';
import { ENVIRONMENT_KEYS } from './environments';

export * from './environments';

export const ResourceTypeSchema = z.object({ key: z.string(), label: z.string() });

export const EnvironmentKeySchema = z.enum(ENVIRONMENT_KEYS);

/** Where one kind of file of an environment lives: its bucket and the base of its public address. */
export const StorageLocationSchema = z.object({ bucket: z.string(), cdnBase: z.string() });
export const ResourceLocationSchema = StorageLocationSchema.extend({ key: z.string(), label: z.string() });

export const ConfigSchema = z.object({
  /** the environment of the request's host name (or LECTERN_ENVIRONMENT, which pins it): docs/environments.md */
  environment: EnvironmentKeySchema,
  environmentLabel: z.string(),
  production: z.boolean(),
  /** the environment whose buckets this process stores into: LECTERN_ENVIRONMENT, or its default */
  storageEnvironment: EnvironmentKeySchema,
  /** `environment`'s bucket and CDN address of subject and preview videos */
  videos: StorageLocationSchema,
  /** `environment`'s bucket and CDN address of each resource type */
  resources: z.array(ResourceLocationSchema),
  /** the transcoding environment this server records jobs under (spec 2 §9) */
  transcodingEnvironment: z.string(),
  demoMode: z.boolean(),
  /** SPKI PEM of the server's RSA key: encrypt the fixed string and sign-in codes with it */
  publicKey: z.string(),
  fixedString: z.string(),
  /** HMAC key of x-signature; it ships to every browser: an integrity and replay guard, not a secret */
  signingSecret: z.string(),
  cdnBase: z.string(),
  resourceTypes: z.array(ResourceTypeSchema),
  version: z.string(),
});
export type AppConfig = z.infer<typeof ConfigSchema>;

/** `full`: it answers but cannot write (out of disk space). */
const CheckSchema = z.enum(['ok', 'down', 'full', 'not-configured']);
/**
 * The job queue (DESIGN: health): `stalled` when jobs have waited past their start time longer than
 * the limit (no worker takes them), `down` when it does not answer, `off` only when TRANSCODER=off
 * (transcode jobs then wait for a worker elsewhere and are not counted).
 */
const QueueCheckSchema = z.enum(['ok', 'stalled', 'down', 'off']);
export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: CheckSchema,
  storage: CheckSchema,
  queue: QueueCheckSchema,
  /** jobs waiting past their start time longer than the limit (counted up to 1000) */
  overdueJobs: z.number().int().nonnegative(),
});

export const OutboxQuerySchema = z.object({ mobileNumber: z.string().max(32).optional() });
export const OutboxEntrySchema = z.object({ mobileNumber: z.string(), code: z.string(), sentAt: z.string() });
