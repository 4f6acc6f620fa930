import type { Role } from '@lectern/contract';

/** The demo staff the seeder creates (README "Demo users"). */
export const DEMO_ROLES_FOR_E2E: readonly { role: Role; phone: string }[] = [
  { role: 'SUPER_ADMIN', phone: '9000000001' },
  { role: 'CONTENT_ADMIN', phone: '9000000002' },
  { role: 'CONTENT_DEVELOPER', phone: '9000000003' },
  { role: 'CONTENT_UPLOADER', phone: '9000000004' },
  { role: 'FINANCE', phone: '9000000005' },
  { role: 'INSTRUCTOR', phone: '9000000006' },
];
