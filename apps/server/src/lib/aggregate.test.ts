import { MESSAGES, STALE_VERSION, fillMessage } from '@lectern/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { migrate } from '../db/migrate';
import { UsersRepository, type UserRow } from '../modules/users/users.repository';
import { createTestDatabase } from '../test/test-app';
import { changeAggregate, recordChange, type Aggregate } from './aggregate';
import { AppError } from './app-error';
import type { StaffActor } from './routing';

describe('changeAggregate', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let repo: UsersRepository;
  let people: Aggregate<UserRow>;
  const actor: StaffActor = { userId: 'u-actor', name: 'Asha Rao', roles: ['SUPER_ADMIN'] };
  const target = 'u-target';

  const person = async (id: string, firstName: string, phone: string) =>
    repo.insert(database.db, {
      id,
      firstName,
      lastName: 'Test',
      email: `${id}@lectern.example`,
      phone,
      active: true,
      roles: ['CONTENT_DEVELOPER'],
    });
  const row = async () =>
    (
      await database.query<{ first_name: string; version: number }>(
        'SELECT first_name, version FROM users WHERE id = $1',
        [target],
      )
    )[0]!;
  const count = async (table: 'activity_log' | 'notifications') =>
    Number((await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n);
  const rename = (firstName: string) => ({
    apply: async ({ tx, row }: { tx: Database['db']; row: UserRow }) => {
      await tx.execute(sql`UPDATE users SET first_name = ${firstName} WHERE id = ${row.id}`);
      return {
        activity: { action: 'user.rename', entityType: 'user', entityId: row.id, summary: `renamed to ${firstName}` },
        notify: [{ userIds: [row.id], type: 'INFO', title: 'Renamed', body: null, link: '/users' }],
      };
    },
  });

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
    await migrate(database);
    repo = new UsersRepository(database.db);
    people = {
      entity: 'user',
      lock: (tx, id) => repo.lock(tx, id),
      bumpVersion: (tx, id) => repo.bumpVersion(tx, id),
      missing: () => AppError.of(404, 'notFound', { what: 'that user' }),
    };
    await person(actor.userId, 'Asha', '9111111111');
    await person(target, 'Kiran', '9111111112');
  });
  afterAll(async () => drop?.());
  beforeEach(async () => {
    await database.exec('DELETE FROM activity_log; DELETE FROM notifications');
  });

  it('applies the change, bumps the version and writes its activity row and notifications', async () => {
    const { version } = await row();
    await changeAggregate(database.db, people, { actor, id: target, version }, rename('Kiran2'));
    expect(await row()).toEqual({ first_name: 'Kiran2', version: version + 1 });
    const activity = await database.query<{ actor_id: string; action: string; summary: string }>(
      'SELECT actor_id, action, summary FROM activity_log',
    );
    expect(activity).toEqual([{ actor_id: actor.userId, action: 'user.rename', summary: 'renamed to Kiran2' }]);
    expect(await count('notifications')).toBe(1);
  });

  it('answers a stale version with 409 and writes nothing', async () => {
    const before = await row();
    let applied = false;
    const stale = changeAggregate(
      database.db,
      people,
      { actor, id: target, version: before.version - 1 },
      {
        apply: async (ctx) => {
          applied = true;
          return rename('Lost').apply(ctx);
        },
      },
    );
    await expect(stale).rejects.toMatchObject({
      statusCode: 409,
      message: fillMessage(MESSAGES.staleVersion, { entity: 'user' }),
      extra: { errorCode: STALE_VERSION },
    });
    expect(applied).toBe(false);
    expect(await row()).toEqual(before);
    expect(await count('activity_log')).toBe(0);
    expect(await count('notifications')).toBe(0);
  });

  it("runs the domain's check before the version check, and a missing row answers the aggregate's 404", async () => {
    const { version } = await row();
    const refused = changeAggregate(
      database.db,
      people,
      { actor, id: target, version: version - 1 },
      {
        check: () => {
          throw AppError.of(403, 'unauthorized');
        },
        ...rename('Refused'),
      },
    );
    await expect(refused).rejects.toMatchObject({ statusCode: 403 });
    const missing = changeAggregate(database.db, people, { actor, id: 'nobody', version: 0 }, rename('Nobody'));
    await expect(missing).rejects.toMatchObject({ statusCode: 404 });
  });

  it('rolls everything back when apply fails, and answers through onError', async () => {
    const before = await row();
    const boom = new Error('disk on fire');
    const failing = changeAggregate(
      database.db,
      people,
      { actor, id: target, version: before.version },
      {
        apply: async (ctx) => {
          await rename('Half').apply(ctx);
          throw boom;
        },
      },
    );
    await expect(failing).rejects.toBe(boom);
    const mapped = changeAggregate(
      database.db,
      people,
      { actor, id: target, version: before.version },
      {
        apply: async () => {
          throw boom;
        },
        onError: (error) =>
          error === boom ? AppError.of(500, 'subjectUpdateFailed', { subjectName: 'x' }) : undefined,
      },
    );
    await expect(mapped).rejects.toMatchObject({ statusCode: 500, message: expect.stringContaining("'x'") });
    expect(await row()).toEqual(before);
    expect(await count('activity_log')).toBe(0);
  });

  it('writes the activity row in the change’s transaction: a failing notification takes it back too', async () => {
    const before = await row();
    const failing = changeAggregate(
      database.db,
      people,
      { actor, id: target, version: before.version },
      {
        apply: async ({ tx, row }) => {
          await rename('Unsent').apply({ tx, row });
          return {
            activity: { action: 'user.rename', entityType: 'user', entityId: row.id },
            // no such user: the notification's foreign key fails after the activity row was written
            notify: [{ userIds: ['nobody'], type: 'INFO', title: 'Renamed', body: null, link: '/users' }],
          };
        },
      },
    );
    await expect(failing).rejects.toThrow();
    expect(await row()).toEqual(before);
    expect(await count('activity_log')).toBe(0);
  });

  it('recordChange writes a change with no version in one transaction too', async () => {
    await recordChange(database.db, actor, {
      apply: async () => ({
        activity: [
          { action: 'thing.delete', entityType: 'thing', entityId: 'a' },
          { action: 'thing.delete', entityType: 'thing', entityId: 'b' },
        ],
      }),
    });
    expect(await count('activity_log')).toBe(2);
    await expect(
      recordChange(database.db, actor, {
        apply: async () => ({
          activity: { action: 'thing.delete', entityType: 'thing', entityId: 'c' },
          notify: [{ userIds: ['nobody'], type: 'INFO', title: 'x', body: null, link: '/' }],
        }),
      }),
    ).rejects.toThrow();
    expect(await count('activity_log')).toBe(2);
  });
});
