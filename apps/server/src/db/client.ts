import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { backoffWait, listenWithReconnect, type ListenHooks, type ReconnectWait } from './listener';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** One parameterised statement, its rows back. */
export type QueryFn = <T = Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<T[]>;

/** A database handle: Drizzle for queries, `exec` for migrations, `close` to release it. */
export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** runs parameterless SQL, several statements allowed */
  exec(sql: string): Promise<void>;
  /** runs parameterless SQL in one transaction, rolled back on any error */
  execInTransaction(sql: string): Promise<void>;
  /** runs one parameterised statement and returns its rows */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * The adapter a job queue needs (pg-boss `db.executeSql`): parameterless SQL may hold several
   * statements (PGlite's `exec`), anything else is one parameterised `query`; the last result's rows.
   */
  executeSql(sql: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** runs `fn` in one transaction with parameterised queries; rolled back when it throws */
  transaction<T>(fn: (query: QueryFn) => Promise<T>): Promise<T>;
  /**
   * Calls `onNotify` with each NOTIFY payload on `channel` (from this process or another one on the
   * same database); resolves to a function that stops listening. On PostgreSQL a lost connection is
   * replaced with backoff and the LISTEN issued again (`hooks.onReconnect`: notifications of the gap
   * were missed).
   */
  listen(channel: string, onNotify: (payload: string) => void, hooks?: ListenHooks): Promise<() => Promise<void>>;
  /** the PostgreSQL schema in use when not the default (test suites get their own) */
  searchPath?: string;
  /** PostgreSQL only: the connection string it was opened with (a test's second connection) */
  url?: string;
  /** PGlite only: the whole data directory as a tarball (a test run's template database) */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it, PGlite */
  databaseUrl?: string;
  /** PGlite data directory; without it, in memory */
  pgliteDir?: string;
  /** an in-memory PGlite starts from this dumped data directory (a test run's template database) */
  pgliteFrom?: Blob;
  /** PostgreSQL schema to use (tests give each suite its own) */
  searchPath?: string;
  poolSize?: number;
  /** PostgreSQL `application_name` of the connections (seen in pg_stat_activity); default 'lectern' */
  applicationName?: string;
  /** told when a PostgreSQL connection is lost (idle in the pool or checked out); the process carries on */
  onConnectionError?: (error: Error) => void;
  /** the wait before each attempt to listen again after a lost connection (tests control it) */
  reconnectWait?: ReconnectWait;
}

/** `BEGIN; ...; COMMIT;` as one script: the statements between. */
const EXPLICIT_TRANSACTION = /^\s*BEGIN\s*;([\s\S]*?);?\s*COMMIT\s*;?\s*$/i;

/** The embedded database folder could not be opened: the message names it and says what to do. */
export class DatabaseOpenError extends Error {
  constructor(
    readonly folder: string,
    cause: unknown,
  ) {
    super(
      `the embedded database in ${folder} cannot be opened (${cause instanceof Error ? cause.message : String(cause)}). ` +
        'Restore the folder from a backup, or, if it holds nothing you need (a demo console), move it away and start again: a fresh one is made.',
      { cause },
    );
    this.name = 'DatabaseOpenError';
  }
}

/** The contrib extensions the migrations create (0026: pg_trgm for the student search's indexes). */
const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * Opens PGlite in `dir` (in memory without one). A new cluster is made in a scratch folder beside
 * `dir` and renamed into place once complete, so a first start killed part-way leaves either nothing
 * or a whole cluster, and the next start simply does it again.
 */
async function openPglite(dir: string | undefined, from?: Blob): Promise<PGlite> {
  if (!dir) {
    const memory = new PGlite({ extensions: PGLITE_EXTENSIONS, ...(from ? { loadDataDir: from } : {}) });
    await memory.waitReady;
    return memory;
  }
  const parent = path.dirname(dir);
  const scratchPrefix = `${path.basename(dir)}.initialising-`;
  fs.mkdirSync(parent, { recursive: true });
  if (fs.existsSync(dir) && fs.readdirSync(dir).length === 0) fs.rmdirSync(dir);
  if (!fs.existsSync(dir)) {
    for (const entry of fs.readdirSync(parent)) {
      if (entry.startsWith(scratchPrefix)) fs.rmSync(path.join(parent, entry), { recursive: true, force: true });
    }
    const scratch = fs.mkdtempSync(path.join(parent, scratchPrefix));
    const fresh = new PGlite(scratch);
    await fresh.waitReady;
    await fresh.close();
    fs.renameSync(scratch, dir);
  }
  try {
    const client = new PGlite(dir, { extensions: PGLITE_EXTENSIONS });
    await client.waitReady;
    await client.query('SELECT 1');
    return client;
  } catch (error) {
    throw new DatabaseOpenError(dir, error);
  }
}

/** Opens PGlite (embedded) or a PostgreSQL pool, behind one interface. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      application_name: options.applicationName ?? 'lectern',
      // JIT compiles a plan in ~200 ms: a loss for the short queries of a console (the listing's
      // estimated cost crosses jit_above_cost and ran 8x slower with it on).
      options: ['-c jit=off', ...(options.searchPath ? [`-c search_path=${options.searchPath}`] : [])].join(' '),
    });
    // Every client gets its own 'error' listener: a checked-out one (a transaction, a script, a
    // listener) has no pool listener, so a cut connection (57P01 from a restart, a failover or
    // pg_terminate_backend) would be an unhandled 'error' event that ends the process. Its query
    // fails instead, and the pool drops the client when it comes back.
    pool.on('connect', (client) => client.on('error', (error) => options.onConnectionError?.(error)));
    pool.on('error', () => {
      /* an idle client lost its connection (its own listener told): the pool drops and replaces it */
    });
    const reconnectWait = options.reconnectWait ?? backoffWait;
    /** parameterless SQL on one connection, never handed back to the pool inside a failed transaction */
    const execEnding = async (sql: string) => {
      const connection = await pool.connect();
      try {
        return (await connection.query(sql)) as pg.QueryResult | pg.QueryResult[];
      } catch (error) {
        await connection.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        connection.release();
      }
    };
    return {
      db: drizzlePg(pool, { schema }) as unknown as Db,
      driver: 'postgres',
      exec: async (sql) => {
        await execEnding(sql);
      },
      execInTransaction: async (sql) => {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          await client.query(sql);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        } finally {
          client.release();
        }
      },
      query: async <T>(sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows as T[],
      executeSql: async (sql, values = []) => {
        const result =
          values.length === 0 ? await execEnding(sql) : ((await pool.query(sql, values)) as pg.QueryResult);
        return { rows: (Array.isArray(result) ? result.at(-1)?.rows : result.rows) ?? [] };
      },
      transaction: async (fn) => {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          const result = await fn(
            async <T>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as T[],
          );
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        } finally {
          client.release();
        }
      },
      // One connection of the pool is kept for the notifications, and replaced when it is lost.
      listen: (channel, onNotify, hooks) =>
        listenWithReconnect({
          connect: () => pool.connect(),
          channel,
          quoted: pg.escapeIdentifier(channel),
          onNotify,
          hooks,
          wait: reconnectWait,
        }),
      searchPath: options.searchPath,
      url: options.databaseUrl,
      close: () => pool.end(),
    };
  }
  const client = await openPglite(options.pgliteDir, options.pgliteFrom);
  /** parameterless SQL that must not leave the one session inside a failed transaction */
  const execEnding = (sql: string) => {
    const wrapped = EXPLICIT_TRANSACTION.exec(sql);
    // A script that opens and commits its own transaction (pg-boss's locked plans) runs inside
    // PGlite's transaction instead, which rolls back whatever throws.
    if (wrapped && !/\bCOMMIT\s*;/i.test(wrapped[1]!)) return client.transaction((tx) => tx.exec(wrapped[1]!));
    return client.exec(sql).catch(async (error: unknown) => {
      // PGlite has a single session: a script that failed after its own BEGIN would leave every
      // later query failing with 'current transaction is aborted'. Outside a transaction this is a no-op.
      await client.exec('ROLLBACK').catch(() => undefined);
      throw error;
    });
  };
  return {
    db: drizzlePglite(client, { schema }) as unknown as Db,
    driver: 'pglite',
    exec: async (sql) => {
      await execEnding(sql);
    },
    execInTransaction: async (sql) => {
      await client.transaction(async (tx) => {
        await tx.exec(sql);
      });
    },
    query: async <T>(sql: string, params: unknown[] = []) => (await client.query<T>(sql, params)).rows,
    executeSql: async (sql, values = []) => {
      if (values.length === 0) {
        const results = await execEnding(sql);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      return { rows: (await client.query(sql, values)).rows };
    },
    transaction: (fn) =>
      client.transaction((tx) =>
        fn(async <T>(sql: string, params: unknown[] = []) => (await tx.query<T>(sql, params)).rows),
      ),
    listen: async (channel, onNotify) => {
      const unlisten = await client.listen(channel, onNotify);
      return async () => {
        await unlisten().catch(() => undefined);
      };
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}
