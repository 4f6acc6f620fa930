import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RESOURCE_TYPE_KEYS } from '@lectern/contract';
import { loadConfig } from '../config';

describe('storage settings', () => {
  it('defaults to local disk under DATA_DIR/storage, one bucket, Mumbai, 15-minute URLs', () => {
    const { storage } = loadConfig({ DATA_DIR: '/srv/lectern' });
    expect(storage.driver).toBe('local');
    expect(storage.localDir).toBe(path.resolve('/srv/lectern/storage'));
    expect(storage.s3.region).toBe('ap-south-1');
    expect(storage.urlTtlSeconds).toBe(900);
    expect(new Set(Object.values(storage.buckets))).toEqual(new Set(['lectern']));
    // the videos, and one per resource type
    expect(Object.keys(storage.buckets)).toHaveLength(RESOURCE_TYPE_KEYS.length + 1);
  });

  it('reads the S3 settings and per-resource buckets', () => {
    const { storage } = loadConfig({
      STORAGE_DRIVER: 'S3',
      S3_ENDPOINT: 'http://minio:9000',
      S3_REGION: 'eu-west-1',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      S3_BUCKET: 'lectern-prod',
      S3_BUCKET_VIDEOS: 'lectern-videos',
      S3_BUCKET_CATALOGUE_IMAGE: 'lectern-public',
      STORAGE_URL_TTL_SECONDS: '3600',
    });
    expect(storage).toMatchObject({
      driver: 's3',
      urlTtlSeconds: 3600,
      s3: {
        endpoint: 'http://minio:9000',
        region: 'eu-west-1',
        accessKeyId: 'id',
        secretAccessKey: 'secret',
        forcePathStyle: true,
      },
    });
    expect(storage.buckets.videos).toBe('lectern-videos');
    expect(storage.buckets['catalogue-image']).toBe('lectern-public');
    expect(storage.buckets['question-paper']).toBe('lectern-prod');
  });

  it('explains a bad driver, bucket or lifetime', () => {
    expect(() => loadConfig({ STORAGE_DRIVER: 'ftp' })).toThrow("STORAGE_DRIVER must be 'local' or 's3', got 'ftp'");
    expect(() => loadConfig({ S3_BUCKET: '../etc' })).toThrow(/S3_BUCKET must be a valid bucket name/);
    expect(() => loadConfig({ S3_BUCKET_STORE_ICON: 'Upper_Case' })).toThrow(
      /S3_BUCKET_STORE_ICON must be a valid bucket name/,
    );
    expect(() => loadConfig({ STORAGE_URL_TTL_SECONDS: '5' })).toThrow(/between 60 and 604800/);
  });
});
