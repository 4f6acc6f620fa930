import { defineConfig } from 'vitest/config';

// Benchmarks run only through `npm run bench`, never in `npm test`: one file runs every section in
// order and prints one table (BENCH_ONLY=api,web,transcode,upload runs a part).
export default defineConfig({
  test: {
    name: 'bench',
    root: import.meta.dirname,
    include: ['lectern.bench.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 30 * 60_000,
    hookTimeout: 5 * 60_000,
    reporters: ['default'],
  },
});
