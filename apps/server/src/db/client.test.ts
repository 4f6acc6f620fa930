import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../test/media';
import { createTestDatabase } from '../test/test-app';
import { DatabaseOpenError, openDatabase, type Database } from './client';
import type { ReconnectWait } from './listener';

/** Waits (polling every 5 ms, up to 10 s) until `done()` holds. */
const until = (done: () => boolean, what: string) => waitFor(what, async () => done(), 10_000, 5);

// One failed statement must never wedge the database: PGlite has a single session, and a pooled
// PostgreSQL connection goes back to the pool, so a script that fails after its own BEGIN would
// otherwise leave every later query failing with 'current transaction is aborted'.
describe('a failure inside a transaction', () => {
  let database: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
    await database.exec('CREATE TABLE wedge_probe (n integer)');
  });
  afterAll(() => drop());

  const healthy = async () => {
    for (let i = 0; i < 3; i++) expect(await database.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  };
  const probe = async () =>
    (await database.query<{ n: number }>('SELECT n FROM wedge_probe ORDER BY n')).map((row) => row.n);

  it('leaves the next query working after a BEGIN ... COMMIT script fails in the middle (exec)', async () => {
    await expect(database.exec('BEGIN; INSERT INTO wedge_probe VALUES (1); SELECT 1/0; COMMIT;')).rejects.toThrow(
      /division by zero/,
    );
    await healthy();
    expect(await probe()).toEqual([]);
  });

  it('does the same for the job queue adapter (executeSql), as pg-boss sends its locked plans', async () => {
    const lockedPlan = `
      BEGIN;
      SET LOCAL lock_timeout = '30s';
      INSERT INTO wedge_probe VALUES (2);
      SELECT 1/0;
      COMMIT;
    `;
    await expect(database.executeSql(lockedPlan)).rejects.toThrow(/division by zero/);
    await healthy();
    expect(await probe()).toEqual([]);
    // And a locked plan that succeeds still commits.
    await database.executeSql(lockedPlan.replace('SELECT 1/0;', 'SELECT 1;'));
    expect(await probe()).toEqual([2]);
  });

  it('rolls back a script that opened a transaction and failed without reaching its COMMIT', async () => {
    await expect(database.exec('BEGIN; INSERT INTO wedge_probe VALUES (3); SELECT 1/0;')).rejects.toThrow(
      /division by zero/,
    );
    await healthy();
    expect(await probe()).toEqual([2]);
  });

  it('ends the app own transaction whatever throws', async () => {
    await expect(
      database.transaction(async (query) => {
        await query('INSERT INTO wedge_probe VALUES (4)');
        await query('SELECT 1/0');
      }),
    ).rejects.toThrow(/division by zero/);
    await expect(
      database.transaction(async (query) => {
        await query('INSERT INTO wedge_probe VALUES (5)');
        throw new Error('the change was refused');
      }),
    ).rejects.toThrow('the change was refused');
    await healthy();
    expect(await probe()).toEqual([2]);
  });
});

// The embedded database's folder: made whole or not at all, and named when it cannot be opened.
describe.runIf(process.env.LECTERN_TEST_DB !== 'postgres')('the embedded database folder', () => {
  const parents: string[] = [];
  const scratchParent = () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-db-'));
    parents.push(parent);
    return parent;
  };
  afterAll(() => {
    for (const parent of parents) fs.rmSync(parent, { recursive: true, force: true });
  });

  it('clears what an interrupted first start left beside it and makes a whole cluster', async () => {
    const parent = scratchParent();
    const leftover = path.join(parent, 'db.initialising-Ab12Cd');
    fs.mkdirSync(leftover);
    fs.writeFileSync(path.join(leftover, 'PG_VERSION'), '17\n');
    const database = await openDatabase({ pgliteDir: path.join(parent, 'db') });
    try {
      expect(await database.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
      await database.exec('CREATE TABLE kept (n integer); INSERT INTO kept VALUES (7)');
    } finally {
      await database.close();
    }
    expect(fs.readdirSync(parent)).toEqual(['db']);
    // Opened again, it is the same cluster with its data.
    const again = await openDatabase({ pgliteDir: path.join(parent, 'db') });
    try {
      expect(await again.query('SELECT n FROM kept')).toEqual([{ n: 7 }]);
    } finally {
      await again.close();
    }
  });

  it('refuses a folder that is not a database with an error naming it and what to do', async () => {
    const parent = scratchParent();
    const folder = path.join(parent, 'db');
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, 'PG_VERSION'), 'not a cluster\n');
    const opening = openDatabase({ pgliteDir: folder });
    await expect(opening).rejects.toBeInstanceOf(DatabaseOpenError);
    await expect(opening).rejects.toThrow(`the embedded database in ${folder} cannot be opened`);
    await expect(opening).rejects.toThrow(/Restore the folder from a backup/);
  });
});

// A database restart, a failover or pg_terminate_backend cuts connections under a running process:
// it must carry on (no unhandled 'error' event), listen again and answer queries again.
describe.runIf(process.env.LECTERN_TEST_DB === 'postgres')('a cut PostgreSQL connection', () => {
  const applicationName = `lectern-cut-${crypto.randomBytes(4).toString('hex')}`;
  const uncaught: unknown[] = [];
  const record = (error: unknown) => uncaught.push(error);
  const lostErrors: Error[] = [];
  /** the attempts the listener waited before, each released at once unless held */
  const attempts: number[] = [];
  let hold: Promise<void> | null = null;
  const wait: ReconnectWait = async (attempt) => {
    attempts.push(attempt);
    await hold;
  };
  let database: Database;
  let admin: Database;

  beforeAll(async () => {
    process.on('uncaughtException', record);
    admin = await openDatabase({ databaseUrl: process.env.DATABASE_URL, poolSize: 1 });
    database = await openDatabase({
      databaseUrl: process.env.DATABASE_URL,
      poolSize: 3,
      applicationName,
      onConnectionError: (error) => lostErrors.push(error),
      reconnectWait: wait,
    });
  });
  afterAll(async () => {
    await database?.close();
    await admin?.close();
    process.off('uncaughtException', record);
  });

  /** Terminates this suite's connections matching `where`, as a restart would; how many. */
  const cut = async (where: string) => {
    const [row] = await admin.query<{ n: number }>(
      `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE application_name = $1 AND ${where}`,
      [applicationName],
    );
    return row!.n;
  };
  const notify = (channel: string, payload: string) => admin.query('SELECT pg_notify($1, $2)', [channel, payload]);

  it('listens again after the LISTEN connection is cut, and queries work after', async () => {
    const channel = `cut_${crypto.randomBytes(4).toString('hex')}`;
    const received: string[] = [];
    let reconnects = 0;
    const lost: Error[] = [];
    const unlisten = await database.listen(channel, (payload) => received.push(payload), {
      onReconnect: () => reconnects++,
      onLost: (error) => lost.push(error),
    });
    try {
      await notify(channel, 'before');
      await until(() => received.includes('before'), 'the first notification');

      // Held in the gap: a notification sent now is missed, which onReconnect tells the caller.
      let release!: () => void;
      hold = new Promise((resolve) => (release = resolve));
      expect(await cut(`query ILIKE 'LISTEN%'`)).toBe(1);
      await until(() => lost.length === 1, 'the listener to see its connection lost');
      expect((lost[0] as Error & { code?: string }).code ?? lost[0]!.message).toMatch(/57P01|terminat/);
      await notify(channel, 'in the gap');
      release();
      hold = null;
      await until(() => reconnects === 1, 'the listener to reconnect');
      expect(attempts).toEqual([1]);

      await notify(channel, 'after');
      await until(() => received.includes('after'), 'a notification after the cut');
      expect(received).toEqual(['before', 'after']);
      expect(await database.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
      expect(uncaught).toEqual([]);
    } finally {
      await unlisten();
    }
  });

  it('carries on when the connection of a transaction is cut under it', async () => {
    const failed = database.transaction(async (query) => {
      await query('SELECT 1');
      expect(await cut(`state = 'idle in transaction'`)).toBe(1);
      await until(() => lostErrors.length > 0, 'the checked-out client to see its connection lost');
      await query('SELECT 1');
    });
    await expect(failed).rejects.toThrow(/terminat|Connection/i);
    expect(await database.query('SELECT 2 AS two')).toEqual([{ two: 2 }]);
    expect(uncaught).toEqual([]);
  });

  it('carries on when idle connections of the pool are cut', async () => {
    // Three transactions open at once (each holds its connection until all three have one) leave
    // three idle connections in the pool.
    let open = 0;
    let allOpen!: () => void;
    const three = new Promise<void>((resolve) => (allOpen = resolve));
    await Promise.all(
      [1, 2, 3].map(() =>
        database.transaction(async (query) => {
          await query('SELECT 1');
          if (++open === 3) allOpen();
          await three;
        }),
      ),
    );
    const before = lostErrors.length;
    const cutCount = await cut(`state = 'idle'`);
    expect(cutCount).toBeGreaterThan(0);
    await until(() => lostErrors.length >= before + cutCount, 'the pool to see its idle connections lost');
    expect(await database.query('SELECT 3 AS three')).toEqual([{ three: 3 }]);
    expect(uncaught).toEqual([]);
  });
});
