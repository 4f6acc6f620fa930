import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { seedLargeDemo } from './large-demo';

/** A database that only answers whether the big subject exists, and records what it was asked. */
function fakeDatabase(hasBigSubject: boolean) {
  const calls: string[] = [];
  const database = {
    query: async (sql: string) => {
      calls.push(sql);
      return hasBigSubject ? [{ '?column?': 1 }] : [];
    },
    exec: async (sql: string) => void calls.push(sql),
    execInTransaction: async (sql: string) => void calls.push(sql),
  } as unknown as Database;
  return { database, calls };
}

describe('DEMO_SEED=large (the benchmarks’ data set)', () => {
  it('does nothing when DEMO_SEED is not set', async () => {
    const { database, calls } = fakeDatabase(false);
    expect(await seedLargeDemo(database, undefined)).toBe(false);
    expect(await seedLargeDemo(database, '')).toBe(false);
    expect(calls).toEqual([]);
  });

  it('refuses any other value', async () => {
    const { database } = fakeDatabase(false);
    await expect(seedLargeDemo(database, 'huge')).rejects.toThrow("DEMO_SEED must be 'large' when set, got 'huge'");
  });

  it('seeds in one transaction, then analyzes; a database that has the data set is left alone', async () => {
    const fresh = fakeDatabase(false);
    expect(await seedLargeDemo(fresh.database, 'large')).toBe(true);
    expect(fresh.calls).toHaveLength(3);
    expect(fresh.calls[1]).toMatch(/INSERT INTO subjects/);
    expect(fresh.calls[1]).toMatch(/INSERT INTO users/);
    expect(fresh.calls[1]).toMatch(/INSERT INTO videos/);
    expect(fresh.calls[2]).toBe('ANALYZE');

    const seeded = fakeDatabase(true);
    expect(await seedLargeDemo(seeded.database, 'large')).toBe(false);
    expect(seeded.calls).toHaveLength(1);
  });
});

describe('BENCH_SKIP_SIGNATURE (the signing-cost benchmark)', () => {
  it('is off unless asked for, and refused with NODE_ENV=production', () => {
    expect(loadConfig({}).benchSkipSignature).toBe(false);
    expect(loadConfig({ BENCH_SKIP_SIGNATURE: 'true', NODE_ENV: 'test' }).benchSkipSignature).toBe(true);
    expect(() => loadConfig({ BENCH_SKIP_SIGNATURE: 'true', NODE_ENV: 'production', DEMO_MODE: 'false' })).toThrow(
      /BENCH_SKIP_SIGNATURE .* refused with NODE_ENV=production/,
    );
  });
});
