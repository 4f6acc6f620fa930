import { describe, expect, it } from 'vitest';
import { isOutOfSpace } from './out-of-space';

describe('isOutOfSpace', () => {
  it('knows a full disk from the file system, PostgreSQL, PGlite and an S3-compatible store', () => {
    expect(isOutOfSpace(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }))).toBe(
      true,
    );
    expect(isOutOfSpace(Object.assign(new Error('could not extend file'), { code: '53100' }))).toBe(true);
    expect(isOutOfSpace(new Error('could not extend file "base/5/16384": No space left on device'))).toBe(true);
    expect(isOutOfSpace({ name: 'XMinioStorageFull', $metadata: { httpStatusCode: 507 } })).toBe(true);
  });

  it('looks through wrapped errors (Drizzle wraps the driver error as its cause)', () => {
    const driver = Object.assign(new Error('disk full'), { code: '53100' });
    expect(isOutOfSpace(new Error('Failed query: insert into "nonces"', { cause: driver }))).toBe(true);
  });

  it('leaves every other failure alone', () => {
    expect(isOutOfSpace(new Error('duplicate key value violates unique constraint'))).toBe(false);
    expect(isOutOfSpace(Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED' }))).toBe(false);
    expect(isOutOfSpace(null)).toBe(false);
    expect(isOutOfSpace('ENOSPC')).toBe(false);
  });
});
