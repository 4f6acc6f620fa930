import type { StorageDriver } from '../storage/storage';
import type { MediaStore } from './ffmpeg-transcoder';

/** The transcoder's view of storage: local files are read in place, remote ones through a signed URL. */
export function mediaStoreFor(driver: StorageDriver, readUrlTtlSeconds = 6 * 3600): MediaStore {
  return {
    async inputFor(ref) {
      const local = driver.localPath(ref);
      if (local) return local;
      return (await driver.presignGet(ref, { expiresIn: readUrlTtlSeconds })).url;
    },
    putFile: (ref, file, contentType) => driver.putFile(ref, file, contentType),
    deletePrefix: (bucket, prefix) => deletePrefix(driver, bucket, prefix),
  };
}

/** Deletes every object under a prefix (a job's outputs). */
export async function deletePrefix(driver: StorageDriver, bucket: string, prefix: string): Promise<void> {
  if (!prefix.endsWith('/')) throw new Error(`not a folder prefix: ${prefix}`);
  let continuationToken: string | undefined;
  do {
    const page = await driver.list({ bucket, prefix, maxKeys: 1000, continuationToken });
    for (const object of page.contents) await driver.delete({ bucket, key: object.key });
    continuationToken = page.isTruncated ? page.nextContinuationToken : undefined;
  } while (continuationToken);
}
