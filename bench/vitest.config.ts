import { defineConfig } from 'vitest/config';

// Benchmarks run only through `npm run bench`, never in `npm test`.
export default defineConfig({
  test: {
    name: 'bench',
    root: '.',
    include: ['**/*.bench.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 15 * 60_000,
    hookTimeout: 15 * 60_000,
    reporters: ['default'],
  },
});
