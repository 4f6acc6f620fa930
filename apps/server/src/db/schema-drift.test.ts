import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app';
import type { Database } from './client';
import { migrate } from './migrate';
import * as schema from './schema';

interface ColumnShape {
  type: string;
  notNull: boolean;
  hasDefault: boolean;
}

/** Tables the migrations make that the app never queries through Drizzle. */
const NOT_IN_SCHEMA = new Set(['schema_migrations']);

// A serial column is its integer type with a sequence default in the catalogue.
const SERIAL_TYPES: Record<string, string> = { smallserial: 'smallint', serial: 'integer', bigserial: 'bigint' };

const tables = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable => is(value, PgTable));

/** The columns of every table as the Drizzle schema declares them. */
function declared(): Record<string, Record<string, ColumnShape>> {
  return Object.fromEntries(
    tables.map((table) => {
      const config = getTableConfig(table);
      const columns = config.columns.map((column) => {
        const type = column.getSQLType();
        return [
          column.name,
          { type: SERIAL_TYPES[type] ?? type, notNull: column.notNull, hasDefault: column.hasDefault },
        ];
      });
      return [config.name, Object.fromEntries(columns)];
    }),
  );
}

/** The columns of every table of the suite's schema as the migrations made them. */
async function migrated(database: Database): Promise<Record<string, Record<string, ColumnShape>>> {
  const rows = await database.query<{
    table_name: string;
    column_name: string;
    data_type: string;
    is_nullable: 'YES' | 'NO';
    column_default: string | null;
  }>(
    `SELECT c.table_name, c.column_name, c.data_type, c.is_nullable, c.column_default
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
      ORDER BY c.table_name, c.ordinal_position`,
  );
  const result: Record<string, Record<string, ColumnShape>> = {};
  for (const row of rows) {
    (result[row.table_name] ??= {})[row.column_name] = {
      type: row.data_type,
      notNull: row.is_nullable === 'NO',
      hasDefault: row.column_default !== null,
    };
  }
  return result;
}

/**
 * The migrations make the database; the Drizzle schema is what the repositories believe about it.
 * A column added, retyped or made optional on one side only fails here, not in production.
 * (pg-boss keeps its tables in a schema of its own, outside the one compared.)
 */
describe('the Drizzle schema and the SQL migrations agree', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let actual: Record<string, Record<string, ColumnShape>>;

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
    await migrate(database);
    actual = await migrated(database);
  });
  afterAll(async () => drop?.());

  it('declares tables in the default schema only', () => {
    expect(tables.length).toBeGreaterThan(10);
    expect(tables.map((table) => getTableConfig(table).schema).filter(Boolean)).toEqual([]);
  });

  it('gives every table of the schema the migrated columns: name, SQL type, nullability, default', () => {
    const expected = declared();
    const found = Object.fromEntries(Object.keys(expected).map((name) => [name, actual[name] ?? 'missing table']));
    expect(found).toEqual(expected);
  });

  it('has a schema definition for every migrated table', () => {
    const defined = new Set(Object.keys(declared()));
    expect(Object.keys(actual).filter((name) => !defined.has(name) && !NOT_IN_SCHEMA.has(name))).toEqual([]);
  });
});
