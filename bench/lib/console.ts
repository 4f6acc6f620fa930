import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import pg from 'pg';
import { startConsole } from '../../e2e/start-console';

/** A running console (the built server) the bench started. */
export interface RunningConsole {
  baseUrl: string;
  child: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

export interface ConsoleOptions {
  dataDir: string;
  /** PostgreSQL database URL; PGlite in dataDir/db without it */
  databaseUrl?: string;
  /** taskset CPU list for the server process */
  cpus?: string;
  env?: Record<string, string>;
}

/**
 * The console with the large demo data set (DEMO_SEED=large, seeded on first start), the demo
 * outbox, and nothing running in the background unless asked: no demo media (it would transcode
 * and copy files for the 8,000 COMPLETE videos of the big subject), no transcoder.
 */
export async function startBenchConsole(options: ConsoleOptions): Promise<RunningConsole> {
  const started = await startConsole(options.dataDir, {
    cpus: options.cpus,
    // the large seed on PostgreSQL (200,000 students, 600,000 orders and their invoices) takes minutes
    timeoutMs: 600_000,
    env: {
      DATABASE_URL: options.databaseUrl ?? '',
      DEMO_SEED: 'large',
      DEMO_MEDIA: 'false',
      TRANSCODER: 'off',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
  });
  const { child } = started;
  return {
    ...started,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await gone;
      clearTimeout(timer);
    },
  };
}

/** A throw-away PostgreSQL database `lectern_bench_<random>` on the server of DATABASE_URL. */
export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

async function onAdmin<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function createScratchDatabase(databaseUrl: string): Promise<ScratchDatabase> {
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const name = `lectern_bench_${crypto.randomBytes(5).toString('hex')}`;
  await onAdmin(admin.toString(), (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(admin.toString());
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () =>
      onAdmin(admin.toString(), (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}
