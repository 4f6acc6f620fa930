import { z } from 'zod';

import { RoleSchema, type Role } from '@lectern/contract';

/** The table's URL prefix: ?users.q=asha&users.page=2, and the filters as ?users.roles=FINANCE,INSTRUCTOR. */
export const USERS_URL_KEY = 'users';

/** The user list's filters, narrowed on the page (the server sends every staff user at once). */
export const USER_FILTERS = z.object({
  /** comma-separated roles; a role that does not exist is left out */
  roles: z
    .string()
    .transform((text) => text.split(',').filter((part) => RoleSchema.safeParse(part).success) as Role[])
    .pipe(z.array(RoleSchema).min(1))
    .optional(),
  /** 'true': only staff who may sign in; 'false': only deactivated ones (the overview's staff figures) */
  active: z.enum(['true', 'false']).optional(),
});

export type UserFilters = z.output<typeof USER_FILTERS>;

/** The users the filters keep: of any chosen role, and active or not as asked. */
export function filterUsers<T extends { active: boolean; roles: readonly { roleName: Role }[] }>(
  users: readonly T[],
  filters: UserFilters,
): T[] {
  const { roles, active } = filters;
  return users.filter(
    (user) =>
      (active === undefined || user.active === (active === 'true')) &&
      (!roles || user.roles.some((role) => roles.includes(role.roleName))),
  );
}
