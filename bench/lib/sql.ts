import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../apps/server/src/db/client';
import { SubjectsService } from '../../apps/server/src/modules/subjects/subjects.service';
import { percentile } from '../report';

/**
 * The baselines of the API figures: the same SQL with no HTTP, run by a plain loop on the same
 * database driver (a `pg` pool of the server's size, or PGlite in this process).
 */

export interface Statement {
  sql: string;
  params: unknown[];
}

/** Statements in the order they were sent; a group's statements were in flight together. */
export type Captured = Statement[][];

const silentLog = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  debug: () => undefined,
  trace: () => undefined,
  fatal: () => undefined,
  child: () => silentLog,
} as unknown as FastifyBaseLogger;

/**
 * The SQL a read of the API sends: the subjects service (what the route handler calls) run once
 * against a database that records every statement and which ran at the same time.
 */
export async function captureReads(database: Database, superAdminId: string, subjectId: string) {
  const capture = async (run: (service: SubjectsService) => Promise<unknown>): Promise<Captured> => {
    const groups: Captured = [];
    let inFlight = 0;
    const recording: Database = {
      ...database,
      query: async <T>(sql: string, params: unknown[] = []) => {
        if (inFlight === 0) groups.push([]);
        groups.at(-1)!.push({ sql, params });
        inFlight++;
        try {
          return await database.query<T>(sql, params);
        } finally {
          inFlight--;
        }
      },
    };
    await run(new SubjectsService(recording, silentLog));
    return groups;
  };
  const caller = { userId: superAdminId, roles: ['SUPER_ADMIN' as const] };
  return {
    listing: await capture((service) => service.list(caller)),
    detail: await capture((service) => service.detail(caller, subjectId)),
  };
}

/** Sends captured statements as they were sent (a group at a time); the rows of every statement. */
export async function replay(database: Database, captured: Captured): Promise<unknown[][]> {
  const rows: unknown[][] = [];
  for (const group of captured) {
    rows.push(...(await Promise.all(group.map((s) => database.query(s.sql, s.params)))));
  }
  return rows;
}

/** `concurrency` loops calling `op` for `seconds`: completed calls per second and the p99 in ms. */
export async function loopRate(
  concurrency: number,
  seconds: number,
  op: (worker: number, n: number) => Promise<unknown>,
): Promise<{ rate: number; p99: number; count: number; cpuMs: number }> {
  const latencies: number[] = [];
  const cpu = process.cpuUsage();
  const start = performance.now();
  const deadline = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let n = 0; performance.now() < deadline; n++) {
        const t0 = performance.now();
        await op(worker, n);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu);
  return {
    rate: latencies.length / elapsed,
    p99: percentile(latencies, 99),
    count: latencies.length,
    cpuMs: (used.user + used.system) / 1000 / Math.max(1, latencies.length),
  };
}

/** A worker per entry of `times`, each calling `op` that many times: calls per second over the run. */
export async function fixedRate(times: number[], op: (worker: number, n: number) => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await Promise.all(
    times.map(async (count, worker) => {
      for (let n = 0; n < count; n++) await op(worker, n);
    }),
  );
  return times.reduce((a, b) => a + b, 0) / ((performance.now() - start) / 1000);
}

/**
 * Plain SQL of the unit edits the API makes (subjects.service.ts: lock the subject, the change,
 * bump the version, the activity row, in one transaction), without the API's access checks and
 * without the subject it reads back for the answer. One create, rename or reorder per call.
 */
export class UnitEditsSql {
  private readonly state = new Map<string, { n: number; last: string | null }>();

  constructor(
    private readonly database: Database,
    private readonly actorId: string,
  ) {}

  async edit(subjectId: string, tag: string, step: number): Promise<void> {
    const state = this.state.get(subjectId) ?? { n: 0, last: null };
    this.state.set(subjectId, state);
    await this.database.transaction(async (query) => {
      await query('SELECT * FROM subjects WHERE id = $1 FOR UPDATE', [subjectId]);
      let action: string;
      let entityId = subjectId;
      let after: unknown;
      if (step % 3 === 0) {
        state.n++;
        const [last] = await query<{ n: number | null }>('SELECT max(position) AS n FROM units WHERE subject_id = $1', [
          subjectId,
        ]);
        const id = crypto.randomUUID();
        const name = `bc-${tag}-${state.n}`;
        await query(
          'INSERT INTO units (id, subject_id, name, position, active, trial) VALUES ($1, $2, $3, $4, true, false)',
          [id, subjectId, name, (last?.n ?? -1) + 1],
        );
        state.last = id;
        action = 'unit.create';
        entityId = id;
        after = { subjectId, unitName: name };
      } else if (step % 3 === 1) {
        const name = `br-${tag}-${state.n}`;
        await query('UPDATE units SET name = $2 WHERE id = $1 AND subject_id = $3', [state.last, name, subjectId]);
        action = 'unit.update';
        entityId = state.last ?? '';
        after = { name };
      } else {
        const ids = (
          await query<{ id: string }>('SELECT id FROM units WHERE subject_id = $1 ORDER BY position', [subjectId])
        ).map((r) => r.id);
        const order = [...ids].reverse();
        for (const [position, id] of order.entries()) {
          await query('UPDATE units SET position = $2 WHERE id = $1', [id, position]);
        }
        action = 'unit.reorder';
        after = order;
      }
      await query('UPDATE subjects SET version = version + 1, updated_at = now() WHERE id = $1', [subjectId]);
      await query(
        `INSERT INTO activity_log (actor_id, action, entity_type, entity_id, before, after, summary, subject_id)
         VALUES ($1, $2, 'unit', $3, NULL, $4, $5, $6)`,
        [this.actorId, action, entityId, JSON.stringify(after), `Bench ${action}`, subjectId],
      );
    });
  }
}
