import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app';
import { DatabaseOpenError, openDatabase, type Database } from './client';

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
