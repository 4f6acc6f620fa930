import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import DurationSequencer from './scripts/duration-sequencer.ts';

const usePostgres = Boolean(process.env.DATABASE_URL);

/**
 * Server suites that run on PGlite only. Every suite that reads or writes the database through the
 * app (repositories, migrations, the job queue, locks, the seeds) runs on both databases. These open
 * no database at all.
 */
const PGLITE_ONLY = [
  'src/config.test.ts',
  'src/db/listener.test.ts',
  'src/lib/logging.test.ts',
  'src/lib/out-of-space.test.ts',
  'src/lib/pdf.test.ts',
  'src/lib/rich-text.test.ts',
  'src/lint-boundaries.test.ts',
  'src/meetings/zoom.test.ts',
  'src/modules/attendance/attendance-rules.test.ts',
  'src/modules/batches/bulk-upload.test.ts',
  'src/modules/delivery/code128.test.ts',
  'src/modules/delivery/courier-config.test.ts',
  'src/modules/delivery/labels-pdf.test.ts',
  'src/modules/students/invoice-pdf.test.ts',
  'src/storage/**/*.test.ts',
  'src/transcoder/**/*.test.ts',
];

/**
 * The route walks: every route for what happens before any SQL (input validation, permissions,
 * signatures, transport), the SQL behind each route being run on both databases by its module's
 * suite. They run once: on PostgreSQL when DATABASE_URL is set (its queries are native there: the
 * walks took 53 s of test time against 75 s on PGlite), else on PGlite.
 */
const ROUTE_WALKS = [
  'src/plugins/bad-input.test.ts',
  'src/plugins/permissions.test.ts',
  'src/plugins/signature.test.ts',
  'src/plugins/transport.test.ts',
];

// One test command for everything (npm test runs the unit tiers, then the journeys on their own so
// they never share the machine with a unit suite): each project is one tier. The server's database suites run on
// PGlite always and again on PostgreSQL when DATABASE_URL is set.
export default defineConfig({
  test: {
    // every core: vitest's default leaves one free, which on CI's two cores ran one file at a time
    maxWorkers: 2,
    reporters: ['default', './scripts/summary-reporter.ts'],
    // the longest files first, by the committed seconds on a clean clone (scripts/duration-sequencer.ts)
    sequence: { sequencer: DurationSequencer },
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
          exclude: usePostgres ? [...configDefaults.exclude, ...ROUTE_WALKS] : configDefaults.exclude,
          environment: 'node',
          env: { LECTERN_TEST_DB: 'pglite' },
          // Each suite builds its own app on its own database and no suite mocks a module, so a worker
          // keeps the server's modules between files: importing the server once per worker, not once
          // per file, took this tier from 176 s to 98 s on two cores (docs/testing.md).
          isolate: false,
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
                // PGlite only: suites that open no database (docs/testing.md names them and why)
                exclude: [...configDefaults.exclude, ...PGLITE_ONLY],
                environment: 'node',
                env: { LECTERN_TEST_DB: 'postgres' },
                isolate: false,
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
            tsconfig: './tsconfig.type-tests.json',
            ignoreSourceErrors: true,
          },
        },
      },
      {
        test: {
          // the test run's own tools (the order files start in)
          name: 'scripts',
          root: './scripts',
          include: ['*.test.ts'],
          environment: 'node',
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
          // three files at a time, each worker on its own console (global-setup.ts, browser.ts consoleUrl):
          // a journey waits on its browser and its console more than it computes
          maxWorkers: 3,
          globalSetup: ['./global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
