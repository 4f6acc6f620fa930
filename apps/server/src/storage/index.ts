import { RESOURCE_TYPES, type ResourceTypeKey } from '@lectern/contract';
import type { StorageConfig } from '../config';
import { LocalStorageDriver } from './local-driver';
import { encodeKeyPath } from './object-keys';
import { S3StorageDriver } from './s3-driver';
import type { StorageDriver } from './storage';
import { storageUrlSecret } from './url-token';

export * from './storage';

/** The driver plus what the app knows about its buckets and addresses. */
export interface Storage {
  driver: StorageDriver;
  config: StorageConfig;
  /** the bucket of subject and preview videos */
  videosBucket: string;
  bucketOf(type: ResourceTypeKey): string;
  /** the public address of a resource file: `{its type's CDN address}/{key}` (CDN_BASE for other keys) */
  publicUrl(key: string): string;
  /** the resource type whose folder holds `key`, if any */
  resourceTypeOfKey(key: string): ResourceTypeKey | undefined;
}

export function createStorage(config: StorageConfig, options: { pepper: string; cdnBase: string }): Storage {
  const driver: StorageDriver =
    config.driver === 's3'
      ? new S3StorageDriver({
          endpoint: config.s3.endpoint,
          region: config.s3.region,
          forcePathStyle: config.s3.forcePathStyle,
          credentials:
            config.s3.accessKeyId && config.s3.secretAccessKey
              ? { accessKeyId: config.s3.accessKeyId, secretAccessKey: config.s3.secretAccessKey }
              : undefined,
          buckets: [...new Set(Object.values(config.buckets))],
        })
      : new LocalStorageDriver({
          root: config.localDir,
          secret: storageUrlSecret(options.pepper),
          minFreeBytes: config.minFreeBytes,
        });
  const trim = (base: string) => base.replace(/\/+$/, '');
  const resourceTypeOfKey = (key: string) => RESOURCE_TYPES.find((r) => key.startsWith(r.folder))?.key;
  return {
    driver,
    config,
    videosBucket: config.buckets.videos,
    bucketOf: (type) => config.buckets[type],
    publicUrl: (key) => {
      const type = resourceTypeOfKey(key);
      return `${trim(type ? config.cdn[type] : options.cdnBase)}/${encodeKeyPath(key)}`;
    },
    resourceTypeOfKey,
  };
}
