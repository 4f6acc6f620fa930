import { z } from 'zod';

/** Every staff role, in the order the acting role is chosen from. */
export const ROLES = [
  'SUPER_ADMIN',
  'CONTENT_ADMIN',
  'CONTENT_DEVELOPER',
  'CONTENT_UPLOADER',
  'FINANCE',
  'INSTRUCTOR',
] as const;

export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

/** Human label for a role. */
export const ROLE_LABELS: Record<Role, string> = {
  SUPER_ADMIN: 'Super Admin',
  CONTENT_ADMIN: 'Content Admin',
  CONTENT_DEVELOPER: 'Content Developer',
  CONTENT_UPLOADER: 'Content Uploader',
  FINANCE: 'Finance',
  INSTRUCTOR: 'Instructor',
};

/** The role sent in x-user-info: SUPER_ADMIN if held, else CONTENT_ADMIN, else CONTENT_DEVELOPER, else the first role held. */
export function actingRole(roles: readonly string[]): string | undefined {
  for (const preferred of ['SUPER_ADMIN', 'CONTENT_ADMIN', 'CONTENT_DEVELOPER'] as const) {
    if (roles.includes(preferred)) return preferred;
  }
  return roles[0];
}
