import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { databaseUrlFor, randomDatabaseName, type TemplateRef } from './template';
import { migrateAndSeed } from './test-app';

interface Made {
  ref: TemplateRef;
  remove: () => Promise<void>;
}

/** The run's templates being made, shared by the `server` and `server-pg` projects' set-ups. */
const making = globalThis as typeof globalThis & {
  lecternTemplates?: Partial<Record<TemplateRef['kind'], Promise<Made>>>;
};

/** A PGlite template: migrated and seeded, then dumped to a file each suite loads. */
async function pgliteTemplate(): Promise<Made> {
  const database = await openDatabase({});
  await migrateAndSeed(database);
  const dump = await database.dumpDataDir!();
  await database.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-template-'));
  const file = path.join(dir, 'pgdata.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return { ref: { kind: 'pglite', file }, remove: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** A PostgreSQL template: a database migrated and seeded, which each suite copies. */
async function postgresTemplate(): Promise<Made> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('LECTERN_TEST_DB=postgres needs DATABASE_URL');
  const name = randomDatabaseName('lectern_template');
  const admin = await openDatabase({ databaseUrl: url, poolSize: 1 });
  await admin.exec(`CREATE DATABASE ${name}`);
  const database = await openDatabase({ databaseUrl: databaseUrlFor(url, name), poolSize: 2 });
  await migrateAndSeed(database);
  // a template takes no connections while it is copied
  await database.close();
  return {
    ref: { kind: 'postgres', url, database: name },
    remove: async () => {
      await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}

function start(kind: TemplateRef['kind']): Promise<Made> {
  const templates = (making.lecternTemplates ??= {});
  return (templates[kind] ??= kind === 'pglite' ? pgliteTemplate() : postgresTemplate());
}

/**
 * Makes the run's template database once, before the server project's suites: migrated and seeded as
 * a test app's start-up would, then dumped (PGlite) or kept as a PostgreSQL database the suites copy.
 * Vitest runs the projects' set-ups one after another, so the first to run starts both templates
 * when the run has both tiers: each seeds on a core of its own instead of in turn. Removed when the
 * run ends.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const kind = project.config.env.LECTERN_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  const tiers = new Set(project.vitest.projects.map((each) => each.name));
  if (kind === 'pglite' && tiers.has('server-pg')) void start('postgres').catch(() => undefined);
  const made = await start(kind);
  project.provide('serverTemplate', made.ref);
  return made.remove;
}
