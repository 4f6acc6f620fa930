import fs from 'node:fs';

/** Bytes free for this process on the file system that holds `dir` (null where it cannot be told). */
export async function freeBytes(dir: string): Promise<number | null> {
  try {
    const stats = await fs.promises.statfs(dir);
    return stats.bavail * stats.bsize;
  } catch {
    return null;
  }
}
