import { ROLES, type Role, type User } from '@lectern/contract';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { roles, userRoles, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

export function roleId(role: Role): number {
  return ROLES.indexOf(role) + 1;
}

function toUser(row: UserRow, held: string[]): User {
  return {
    userId: row.id,
    email: row.email,
    phone: row.phone,
    roles: held
      .map((name) => name as Role)
      .sort((a, b) => roleId(a) - roleId(b))
      .map((roleName) => ({ roleId: roleId(roleName), roleName })),
    active: row.active,
    userProfile: { firstName: row.firstName, lastName: row.lastName },
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Staff users and their roles. */
export class UsersRepository {
  constructor(private readonly db: Db) {}

  private async withRoles(rows: UserRow[], db: Db = this.db): Promise<User[]> {
    if (rows.length === 0) return [];
    const held = await db
      .select({ userId: userRoles.userId, name: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(
        inArray(
          userRoles.userId,
          rows.map((r) => r.id),
        ),
      );
    const byUser = new Map<string, string[]>();
    for (const h of held) byUser.set(h.userId, [...(byUser.get(h.userId) ?? []), h.name]);
    return rows.map((row) => toUser(row, byUser.get(row.id) ?? []));
  }

  async page(page: number, size: number) {
    const [total] = await this.db.select({ n: count() }).from(users);
    const rows = await this.db
      .select()
      .from(users)
      .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
      .limit(size)
      .offset(page * size);
    return { content: await this.withRoles(rows), totalElements: total?.n ?? 0 };
  }

  async byRole(role: Role): Promise<User[]> {
    const rows = await this.db
      .select({ user: users })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .where(and(eq(userRoles.roleId, roleId(role)), eq(users.active, true)))
      .orderBy(asc(users.firstName), asc(users.lastName));
    return this.withRoles(rows.map((r) => r.user));
  }

  async byId(id: string, db: Db = this.db): Promise<User | null> {
    const rows = await db.select().from(users).where(eq(users.id, id));
    return rows[0] ? ((await this.withRoles([rows[0]], db))[0] ?? null) : null;
  }

  async byPhone(phone: string, db: Db = this.db): Promise<{ id: string } | null> {
    const rows = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
    return rows[0] ?? null;
  }

  async insert(
    db: Db,
    values: {
      id: string;
      firstName: string;
      lastName: string;
      email: string;
      phone: string;
      active: boolean;
      roles: Role[];
    },
  ): Promise<void> {
    const { roles: held, ...row } = values;
    await db.insert(users).values(row);
    await db.insert(userRoles).values(held.map((r) => ({ userId: values.id, roleId: roleId(r) })));
  }

  /** The user row, locked for the rest of the transaction. */
  async lock(tx: Db, id: string): Promise<UserRow | null> {
    const rows = await tx.select().from(users).where(eq(users.id, id)).for('update');
    return rows[0] ?? null;
  }

  async bumpVersion(tx: Db, id: string): Promise<void> {
    await tx
      .update(users)
      .set({ version: sql`${users.version} + 1`, updatedAt: new Date() })
      .where(eq(users.id, id));
  }

  /** Replaces a user's details and roles (the caller holds the row's lock and checked its version). */
  async update(
    db: Db,
    id: string,
    values: { firstName: string; lastName: string; email: string; phone: string; active: boolean; roles: Role[] },
  ): Promise<void> {
    const { roles: held, ...row } = values;
    await db.update(users).set(row).where(eq(users.id, id));
    await db.delete(userRoles).where(eq(userRoles.userId, id));
    await db.insert(userRoles).values(held.map((r) => ({ userId: id, roleId: roleId(r) })));
  }

  async countActive(): Promise<{ active: number; inactive: number }> {
    const rows = await this.db.select({ active: users.active, n: count() }).from(users).groupBy(users.active);
    return {
      active: rows.find((r) => r.active)?.n ?? 0,
      inactive: rows.find((r) => !r.active)?.n ?? 0,
    };
  }
}
