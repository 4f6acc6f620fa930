// A full disk must read as a full disk: the database (PostgreSQL `disk_full`, or PGlite's
// 'could not extend file ... No space left on device'), the local storage driver (ENOSPC), and an
// S3-compatible store that is full (MinIO answers 507 / XMinioStorageFull) all end as 507.

import { anyCause } from '../db/errors';

const SPACE_CODES = new Set(['ENOSPC', 'EDQUOT', '53100', 'XMinioStorageFull', 'XMinioAdminStorageFull']);
const SPACE_TEXT = /no space left on device|disk quota exceeded|could not extend file|could not write to file/i;

/** True when `error`, or any error it wraps, says the disk (or the store behind it) is full. */
export function isOutOfSpace(error: unknown): boolean {
  return anyCause(error, ({ code, name, message, $metadata }) => {
    if (typeof code === 'string' && SPACE_CODES.has(code)) return true;
    if (typeof name === 'string' && SPACE_CODES.has(name)) return true;
    if ((($metadata ?? {}) as { httpStatusCode?: number }).httpStatusCode === 507) return true;
    return typeof message === 'string' && SPACE_TEXT.test(message);
  });
}
