import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import DurationSequencer from './scripts/duration-sequencer.ts';

const usePostgres = Boolean(process.env.DATABASE_URL);

/** Server suites that open no database: they run once, in the `server` tier. */
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
  'src/payments/**/*.test.ts',
  'src/storage/**/*.test.ts',
  'src/transcoder/**/*.test.ts',
];

/**
 * Server suites that run on both databases when DATABASE_URL is set: the database layer itself, where
 * PGlite and PostgreSQL differ (the client and its transactions, LISTEN/NOTIFY and its reconnection,
 * migrations and schema drift, the job queue, the version check every change goes through, the mail
 * outbox, the seeds). Every other suite that opens a database (each module's routes, services and
 * repositories, their locks and races; the route walks and the object-scope walk) runs once, on
 * PostgreSQL, where races are real: PGlite has one connection and runs one statement at a time, so a
 * race cannot happen there. Without DATABASE_URL everything runs on PGlite. The journeys run every
 * screen against consoles on PGlite (docs/testing.md).
 */
const BOTH_DATABASES = [
  'src/app.test.ts',
  'src/db/**/*.test.ts',
  'src/jobs/**/*.test.ts',
  'src/lib/aggregate.test.ts',
  'src/mail/**/*.test.ts',
  // money: orders racing for a coupon's last use and payments for consecutive invoice serials (issue 33)
  'src/modules/payments/**/*.test.ts',
  'src/modules/system/system.test.ts',
  // the student search's pg_trgm indexes: PGlite's contrib build of the extension, PostgreSQL's own (issue 34)
  'src/modules/students/student-search.test.ts',
  'src/seed/**/*.test.ts',
];

// One test command for everything (npm test runs the unit tiers, then the journeys on their own so
// they never share the machine with a unit suite): each project is one tier. With DATABASE_URL set,
// `server` runs PGLITE_ONLY and BOTH_DATABASES on PGlite and `server-pg` the rest on PostgreSQL.
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
          // with PostgreSQL beside it: the suites that open no database, and the database layer
          include: usePostgres ? [...PGLITE_ONLY, ...BOTH_DATABASES] : ['src/**/*.test.ts'],
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
          // The type tests (*.test-d.ts) are not run here: `tsc -b` (npm run typecheck) compiles them with the
          // rest of src, and a broken expectation is a type error there. Vitest's typecheck ran a second tsc
          // over the whole app for them: about 100 CPU-seconds of every test run (docs/testing.md).
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
