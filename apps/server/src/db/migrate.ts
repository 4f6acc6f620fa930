import type { Database } from './client';

/** A migration: its version (file name without .sql) and the up and down SQL. */
export interface Migration {
  version: string;
  up: string;
  down: string;
}

const files = import.meta.glob('./migrations/*.sql', { query: '?raw', import: 'default', eager: true }) as Record<
  string,
  string
>;

/** The one migration history, shared by PGlite and PostgreSQL, in order. */
export function loadMigrations(): Migration[] {
  return Object.entries(files)
    .map(([file, text]) => {
      const version = file.replace(/^.*\//, '').replace(/\.sql$/, '');
      const [, up = '', down = ''] = /--\s*migrate:up([\s\S]*?)(?:--\s*migrate:down([\s\S]*))?$/.exec(text) ?? [];
      if (!up.trim()) throw new Error(`Migration ${version} has no '-- migrate:up' section`);
      return { version, up, down };
    })
    .sort((a, b) => a.version.localeCompare(b.version));
}

// An arbitrary constant: the advisory lock that makes concurrent start-ups migrate one at a time.
const MIGRATION_LOCK = 724_173_001;

/** Applies every migration not yet applied, each in its own transaction; returns the versions applied. */
export async function migrate(database: Database, migrations = loadMigrations()): Promise<string[]> {
  await database.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const applied: string[] = [];
  for (const migration of migrations) {
    const done = await database.query('SELECT 1 FROM schema_migrations WHERE version = $1', [migration.version]);
    if (done.length > 0) continue;
    const lock = database.driver === 'postgres' ? `SELECT pg_advisory_xact_lock(${MIGRATION_LOCK});` : '';
    const version = migration.version.replace(/'/g, "''");
    // Under the lock a second process waits; its insert of the same version then fails and it moves on.
    try {
      await database.execInTransaction(
        `${lock}\nINSERT INTO schema_migrations (version) VALUES ('${version}');\n${migration.up}`,
      );
      applied.push(migration.version);
    } catch (error) {
      // A concurrent process applied it first: the unique version makes the second attempt fail.
      const again = await database.query('SELECT 1 FROM schema_migrations WHERE version = $1', [migration.version]);
      if (again.length === 0) throw error;
    }
  }
  return applied;
}

/** Reverts the newest applied migration (operators and tests). */
export async function migrateDown(database: Database, migrations = loadMigrations()): Promise<string | undefined> {
  const rows = await database.query<{ version: string }>(
    'SELECT version FROM schema_migrations ORDER BY version DESC LIMIT 1',
  );
  const latest = rows[0]?.version;
  const migration = migrations.find((m) => m.version === latest);
  if (!latest || !migration) return undefined;
  await database.execInTransaction(
    `${migration.down}\nDELETE FROM schema_migrations WHERE version = '${latest.replace(/'/g, "''")}';`,
  );
  return latest;
}
