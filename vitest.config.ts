import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const usePostgres = Boolean(process.env.DATABASE_URL);

// One test command for everything (npm test runs the unit tiers, then the journeys on their own so
// they never share the machine with a unit suite): each project is one tier. The server's database suites run on
// PGlite always and again on PostgreSQL when DATABASE_URL is set.
export default defineConfig({
  test: {
    // every core: vitest's default leaves one free, which on CI's two cores ran one file at a time
    maxWorkers: 2,
    reporters: ['default', './scripts/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          env: { LECTERN_TEST_DB: 'pglite' },
          globalSetup: ['./src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(usePostgres
        ? [
            {
              test: {
                name: 'server-pg',
                root: './apps/server',
                include: ['src/**/*.test.ts'],
                environment: 'node',
                env: { LECTERN_TEST_DB: 'postgres' },
                globalSetup: ['./src/test/global-setup.ts'],
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        plugins: [react()],
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['./src/test/setup.ts'],
          testTimeout: 20_000,
          // Type tests (*.test-d.ts): tsc checks them and each broken expectation fails its test. Type
          // errors elsewhere in the app are `npm run typecheck`'s to report, not this tier's.
          typecheck: {
            enabled: true,
            include: ['src/**/*.test-d.{ts,tsx}'],
            tsconfig: './tsconfig.json',
            ignoreSourceErrors: true,
          },
        },
      },
      {
        test: {
          // the bench's own tools (the table's verdicts and medians, the open-loop load), not the bench
          name: 'bench-tools',
          root: './bench',
          include: ['**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'e2e',
          root: './e2e',
          include: ['**/*.e2e.ts'],
          // Real servers and workers sharing one PostgreSQL database: only when DATABASE_URL is set.
          exclude: usePostgres
            ? configDefaults.exclude
            : [...configDefaults.exclude, '**/transcoding-scale.e2e.ts', '**/student-updates-scale.e2e.ts'],
          environment: 'node',
          globalSetup: ['./global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
