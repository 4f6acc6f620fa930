/**
 * Changing an aggregate: the one way a domain writes.
 *
 * An aggregate is a row that several people edit (a subject with its tree, a user; later a catalogue,
 * a coupon, a batch, a live class). Every change to one runs through `changeAggregate`, in one
 * transaction, in this order:
 *
 *   1. lock     the row (`SELECT ... FOR UPDATE`): two changes to it queue instead of interleaving;
 *               no row answers `aggregate.missing()` (usually a 404);
 *   2. check    the domain's rules on the locked row: who may change it, in which state (403, 409 ...);
 *   3. version  the version the editor saw must still be current, else 409 with the catalogue's
 *               `staleVersion` message ("Someone else changed this <entity> ...");
 *   4. apply    the change itself, through the domain's repository; it says what happened;
 *   5. bump     the row's version (and updated_at);
 *   6. record   the activity row(s) and the notifications `apply` returned.
 * Any failure rolls all of it back: no half change, no activity row for a change that did not happen.
 *
 * How a domain uses it:
 *   - its repository has `lock(tx, id)` (SELECT ... FOR UPDATE, null when missing) and `bumpVersion(tx, id)`;
 *   - its service names them once in an `Aggregate<Row>`, with the word for the stale-version message
 *     and the error for a missing row, then writes each change as
 *
 *       await changeAggregate(this.db, coupons, { actor, id, version }, {
 *         check: async (tx, coupon) => { if (!canEdit(actor, coupon)) throw AppError.of(403, 'unauthorized'); },
 *         apply: async ({ tx, row }) => {
 *           await this.repo.update(tx, row.id, changes);
 *           return {
 *             activity: { action: 'coupon.update', entityType: 'coupon', entityId: row.id, summary: `${actor.name} ...` },
 *             notify: [{ userIds: [row.ownerId], type: 'INFO', title: '...', body: null, link: '/coupons' }],
 *           };
 *         },
 *       });
 *
 *     and reads its answer after the commit;
 *   - creating or deleting (no version to compare yet) uses `recordChange(db, actor, { apply })`: the same
 *     transaction, activity and notifications, without the lock;
 *   - an AppError from any step reaches the caller as it is; any other failure goes to `onError` when
 *     given (log it and answer the domain's "Failed to ..." message), else it is thrown as it is (a 500).
 *   - the actor (`ctx.auth` of a session route) carries the name for summaries: no lookup needed.
 */
import type { Db } from '../db/client';
import { recordActivity, type ActivityEntry } from './activity.repository';
import { AppError } from './app-error';
import { isOutOfSpace } from './out-of-space';
import { insertNotifications, type NotificationDraft } from '../modules/notifications/notifications.repository';
import type { Actor } from './routing';

/** An activity row as a change describes it; the actor is filled in from the change. */
export type ActivityDraft = Omit<ActivityEntry, 'actorId'>;

/** What a change did: its activity row(s) and whom to tell. */
export interface ChangeRecord {
  activity: ActivityDraft | ActivityDraft[];
  notify?: NotificationDraft[];
}

/** A kind of aggregate: how to lock it, raise its version and name it. */
export interface Aggregate<Row extends { version: number }> {
  /** the word in the stale-version message: 'subject', 'user' */
  entity: string;
  /** the row, locked until the transaction ends; null when there is none */
  lock(tx: Db, id: string): Promise<Row | null>;
  /** raises the version (and updated_at) once the change is applied */
  bumpVersion(tx: Db, id: string): Promise<void>;
  /** the error for a row that does not exist */
  missing(): AppError;
}

/** What a repository offers for its aggregate: the row locked, and its version raised. */
export interface AggregateRepository<Row> {
  lock(tx: Db, id: string): Promise<Row | null>;
  bumpVersion(tx: Db, id: string): Promise<void>;
}

/** The aggregate of a repository with `lock` and `bumpVersion`: the one way a service names it. */
export function aggregateOf<Row extends { version: number }>(
  entity: string,
  repo: AggregateRepository<Row>,
  missing: () => AppError,
): Aggregate<Row> {
  return { entity, lock: (tx, id) => repo.lock(tx, id), bumpVersion: (tx, id) => repo.bumpVersion(tx, id), missing };
}

export interface ChangeContext<Row> {
  tx: Db;
  /** the locked row, as it was before this change */
  row: Row;
  actor: Actor;
}

/** Turns a failure that is not an AppError into the answer; undefined keeps the failure as it is. */
export type OnChangeError = (error: unknown) => Error | undefined;

async function inTransaction(
  db: Db,
  actor: Actor,
  work: (tx: Db) => Promise<ChangeRecord>,
  onError: OnChangeError | undefined,
): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const record = await work(tx);
      const activity = Array.isArray(record.activity) ? record.activity : [record.activity];
      for (const entry of activity) await recordActivity(tx, { actorId: actor.userId, ...entry });
      if (record.notify) await insertNotifications(tx, record.notify);
    });
  } catch (error) {
    // A full disk stays a full disk (507), not the domain's "Failed to ..." 500.
    if (error instanceof AppError || !onError || isOutOfSpace(error)) throw error;
    throw onError(error) ?? error;
  }
}

/** Changes one aggregate: lock, check, version, apply, bump, activity and notifications, in one transaction. */
export async function changeAggregate<Row extends { version: number }>(
  db: Db,
  aggregate: Aggregate<Row>,
  target: { actor: Actor; id: string; version: number },
  steps: {
    /** the domain's rules on the locked row; runs before the version check, so a refusal wins over a stale version */
    check?: (tx: Db, row: Row) => Promise<void> | void;
    apply: (ctx: ChangeContext<Row>) => Promise<ChangeRecord>;
    onError?: OnChangeError;
  },
): Promise<void> {
  await inTransaction(
    db,
    target.actor,
    async (tx) => {
      const row = await aggregate.lock(tx, target.id);
      if (!row) throw aggregate.missing();
      await steps.check?.(tx, row);
      if (row.version !== target.version) throw AppError.of(409, 'staleVersion', { entity: aggregate.entity });
      const record = await steps.apply({ tx, row, actor: target.actor });
      await aggregate.bumpVersion(tx, target.id);
      return record;
    },
    steps.onError,
  );
}

/** A change with no version to compare (a create, a delete of several): apply, activity and notifications, in one transaction. */
export async function recordChange(
  db: Db,
  actor: Actor,
  steps: { apply: (tx: Db) => Promise<ChangeRecord>; onError?: OnChangeError },
): Promise<void> {
  await inTransaction(db, actor, steps.apply, steps.onError);
}
