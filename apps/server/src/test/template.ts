import crypto from 'node:crypto';
import fs from 'node:fs';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client';

/**
 * The database every server suite starts from, made once per test run by the project's global set-up
 * (migrated and seeded with the demo data): a dumped PGlite data directory, or a PostgreSQL database
 * each suite copies with CREATE DATABASE ... TEMPLATE. Copying takes about a second where migrating
 * and seeding took fifteen.
 */
export type TemplateRef = { kind: 'pglite'; file: string } | { kind: 'postgres'; url: string; database: string };

declare module 'vitest' {
  export interface ProvidedContext {
    serverTemplate: TemplateRef | null;
  }
}

/** The run's template, when the project's global set-up made one (a suite run alone without it has none). */
export function runTemplate(): TemplateRef | null {
  try {
    return inject('serverTemplate') ?? null;
  } catch {
    return null;
  }
}

/** A PostgreSQL connection string for another database on the same server. */
export function databaseUrlFor(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export const randomDatabaseName = (prefix: string) => `${prefix}_${crypto.randomBytes(6).toString('hex')}`;

/** A suite's own copy of the run's template; `drop` removes it. */
export async function copyOfTemplate(
  template: TemplateRef,
): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (template.kind === 'pglite') {
    const database = await openDatabase({ pgliteFrom: new Blob([fs.readFileSync(template.file)]) });
    return { database, drop: () => database.close() };
  }
  const name = randomDatabaseName('t');
  const admin = await openDatabase({ databaseUrl: template.url, poolSize: 1 });
  await admin.exec(`CREATE DATABASE ${name} TEMPLATE ${template.database}`);
  const database = await openDatabase({ databaseUrl: databaseUrlFor(template.url, name), poolSize: 5 });
  return {
    database,
    drop: async () => {
      await database.close();
      await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}
