import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { batches, liveClassBatches, roles, studentGroups, userRoles, users } from '../../db/schema';

/** Who a class is for and who teaches it: the batches, groups and INSTRUCTOR users it names. */
export class AudienceRepository {
  constructor(private readonly db: Db) {}

  async batchesByIds(tx: Db, ids: string[]): Promise<{ id: string; name: string; status: string }[]> {
    if (ids.length === 0) return [];
    return tx
      .select({ id: batches.id, name: batches.name, status: batches.status })
      .from(batches)
      .where(inArray(batches.id, ids));
  }

  async batchIdsOf(tx: Db, liveClassId: string): Promise<string[]> {
    const rows = await tx
      .select({ batchId: liveClassBatches.batchId })
      .from(liveClassBatches)
      .where(eq(liveClassBatches.liveClassId, liveClassId));
    return rows.map((r) => r.batchId);
  }

  async groupsByIds(tx: Db, ids: string[]): Promise<{ id: string; name: string }[]> {
    if (ids.length === 0) return [];
    return tx
      .select({ id: studentGroups.id, name: studentGroups.name })
      .from(studentGroups)
      .where(inArray(studentGroups.id, ids));
  }

  /** A staff user with whether they are an active INSTRUCTOR. */
  async teacher(tx: Db, userId: string): Promise<{ id: string; name: string; instructor: boolean } | null> {
    const rows = await tx
      .select({
        id: users.id,
        name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
        active: users.active,
        instructor: sql<boolean>`EXISTS (SELECT 1 FROM user_roles ur JOIN roles r ON r.id = ur.role_id
                                          WHERE ur.user_id = users.id AND r.name = 'INSTRUCTOR')`,
      })
      .from(users)
      .where(eq(users.id, userId));
    const row = rows[0];
    return row ? { id: row.id, name: row.name, instructor: row.active && Boolean(row.instructor) } : null;
  }

  /** Active INSTRUCTOR users, by name. */
  /** The active INSTRUCTOR users by name (only `onlyId` when given). */
  async teachers(
    onlyId?: string,
  ): Promise<{ teacherId: string; name: string; mobileNumber: string; email: string | null }[]> {
    const rows = await this.db
      .selectDistinct({
        teacherId: users.id,
        name: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
        mobileNumber: users.phone,
        email: users.email,
      })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(
        and(
          eq(users.active, true),
          eq(roles.name, 'INSTRUCTOR'),
          onlyId === undefined ? undefined : eq(users.id, onlyId),
        ),
      );
    return rows
      .map((r) => ({ ...r, email: r.email || null }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.teacherId.localeCompare(b.teacherId));
  }
}
