import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { databaseUrlFor, randomDatabaseName, type TemplateRef } from './template';
import { migrateAndSeed } from './test-app';

/**
 * Makes the run's template database once, before the server project's suites: migrated and seeded as
 * a test app's start-up would, then dumped (PGlite) or kept as a PostgreSQL database the suites copy.
 * Removed when the run ends.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const postgres = project.config.env.LECTERN_TEST_DB === 'postgres';
  if (!postgres) {
    const database = await openDatabase({});
    await migrateAndSeed(database);
    const dump = await database.dumpDataDir!();
    await database.close();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-template-'));
    const file = path.join(dir, 'pgdata.tar');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide('serverTemplate', { kind: 'pglite', file } satisfies TemplateRef);
    return async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('LECTERN_TEST_DB=postgres needs DATABASE_URL');
  const name = randomDatabaseName('lectern_template');
  const admin = await openDatabase({ databaseUrl: url, poolSize: 1 });
  await admin.exec(`CREATE DATABASE ${name}`);
  const database = await openDatabase({ databaseUrl: databaseUrlFor(url, name), poolSize: 2 });
  await migrateAndSeed(database);
  // a template takes no connections while it is copied
  await database.close();
  project.provide('serverTemplate', { kind: 'postgres', url, database: name } satisfies TemplateRef);
  return async () => {
    await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.close();
  };
}
