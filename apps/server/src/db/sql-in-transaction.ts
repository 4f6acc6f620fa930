import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';

/** A positional statement (`$1`, `$2`, as node-postgres and pg-boss write them) as a Drizzle query. */
export function positionalSql(text: string, values: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)\b/);
  // each value one parameter as it is (an array is not spread into a list); an absent one is NULL,
  // where Drizzle would leave the place empty
  return sql.join(
    parts.map((part, index) => (index % 2 === 0 ? sql.raw(part) : sql.param(values[Number(part) - 1] ?? null))),
  );
}

/**
 * The `executeSql` adapter of a transaction: what pg-boss runs through it (a job sent, a NOTIFY) is
 * part of that transaction, committed with it or rolled back with it.
 */
export function sqlIn(tx: Db): { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> } {
  return {
    executeSql: async (text, values = []) => {
      // both drivers (PGlite and node-postgres) answer with `rows`
      const result = (await tx.execute(positionalSql(text, values))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}
