import { useCallback, useMemo, useState } from 'react';

import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import { ROLES, RoleSchema, type Role } from '@lectern/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, tableParamNames } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { SubHeader } from '../../../components/sub-header';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { useSession } from '../../../lib/session';
import { useRoles } from '../api/get-roles';
import { useInternalUsers, type UserRow } from '../api/get-users';
import { useUpdateUser } from '../api/user-mutations';
import { fullName, roleLabel } from '../user-display';
import { UserDrawer, deactivationMessage } from './user-drawer';
import { usersTableConfig } from './users-table';
import { useUrlSearchParams } from '../../../hooks/use-url-search-params';

/** The table's URL prefix: ?users.q=asha&users.page=2, and the role filter as ?users.roles=FINANCE,INSTRUCTOR. */
export const USERS_URL_KEY = 'users';
const ROLE_FILTER_PARAM = `${USERS_URL_KEY}.roles`;
/** ?users.active=true: only staff who may sign in; false: only deactivated ones (the overview's staff figures) */
const ACTIVE_FILTER_PARAM = `${USERS_URL_KEY}.active`;

function parseRoles(text: string | null): Role[] {
  if (!text) return [];
  return text.split(',').flatMap((part) => {
    const parsed = RoleSchema.safeParse(part);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The role filter, kept in the URL with the table's own state so a filtered list can be linked. */
function useRoleFilter(): [Role[], (roles: Role[]) => void] {
  const [params, setParams] = useUrlSearchParams();
  const raw = params.get(ROLE_FILTER_PARAM);
  const chosen = useMemo(() => parseRoles(raw), [raw]);
  const setChosen = useCallback(
    (roles: Role[]) =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (roles.length > 0) next.set(ROLE_FILTER_PARAM, roles.join(','));
          else next.delete(ROLE_FILTER_PARAM);
          // a new filter starts at the first page
          next.delete(tableParamNames(USERS_URL_KEY).page);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [chosen, setChosen];
}

type DrawerState = { open: boolean; user: UserRow | null; key: number };

/** /user-management (SUPER_ADMIN): the staff users, their roles and whether they may sign in. */
export default function UserManagementPage() {
  const users = useInternalUsers();
  const rolesQuery = useRoles();
  const { mutateAsync: updateUser } = useUpdateUser();
  const selfId = useSession()?.user.userId;
  const [roleFilter, setRoleFilter] = useRoleFilter();
  const [drawer, setDrawer] = useState<DrawerState>({ open: false, user: null, key: 0 });
  // the user stays while the dialog fades out, so its title does not go blank mid-animation
  const [deactivation, setDeactivation] = useState<{ user: UserRow | null; open: boolean }>({
    user: null,
    open: false,
  });

  const roleOptions: readonly Role[] = rolesQuery.data?.map((role) => role.roleName) ?? ROLES;
  const allUsers = users.data?.content;
  const [params, setParams] = useUrlSearchParams();
  const activeText = params.get(ACTIVE_FILTER_PARAM);
  const activeFilter = activeText === 'true' ? true : activeText === 'false' ? false : null;
  const rows = useMemo(() => {
    const list = (allUsers ?? []).filter((user) => activeFilter === null || user.active === activeFilter);
    if (roleFilter.length === 0) return list;
    return list.filter((user) => user.roles.some((role) => roleFilter.includes(role.roleName)));
  }, [allUsers, roleFilter, activeFilter]);
  const clearActive = useCallback(
    () =>
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.delete(ACTIVE_FILTER_PARAM);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  // the freshest copy of a user: a toggle must send the version the server holds now
  const current = useCallback((userId: string) => allUsers?.find((user) => user.userId === userId), [allUsers]);

  const setActive = useCallback(
    (user: UserRow, active: boolean) => {
      const fresh = current(user.userId) ?? user;
      return updateUser({
        userId: fresh.userId,
        version: fresh.version,
        firstName: fresh.userProfile.firstName,
        lastName: fresh.userProfile.lastName,
        email: fresh.email,
        phone: fresh.phone,
        roles: fresh.roles.map((role) => role.roleName),
        active,
      });
    },
    [current, updateUser],
  );

  const openDrawer = useCallback(
    (user: UserRow | null) => setDrawer((previous) => ({ open: true, user, key: previous.key + 1 })),
    [],
  );

  const config = useMemo(
    () =>
      usersTableConfig({
        selfId,
        filtered: roleFilter.length > 0,
        edit: openDrawer,
        toggleActive: (user, next) => {
          // turning someone off ends their sessions: ask first; turning them on needs no question
          if (!next) setDeactivation({ user, open: true });
          else setActive(user, true).catch(() => undefined);
        },
      }),
    [selfId, roleFilter.length, openDrawer, setActive],
  );

  const deactivatingName = deactivation.user ? fullName(deactivation.user) : '';

  return (
    <>
      <PageHeader
        title="User Management"
        subtitle="Staff who can sign in to Lectern, and what their roles let them do."
        actions={
          <Button variant="contained" startIcon={<PersonAddAlt1Outlined />} onClick={() => openDrawer(null)}>
            Add user
          </Button>
        }
      />
      <SubHeader
        items={[
          {
            kind: 'multi-select',
            label: 'Filter by role',
            options: roleOptions.map((role) => ({ value: role, label: roleLabel(role) })),
            value: roleFilter,
            onChange: (value) => setRoleFilter(parseRoles(value.join(','))),
          },
          ...(roleFilter.length > 0
            ? [
                {
                  kind: 'button' as const,
                  label: 'Clear filter',
                  variant: 'text' as const,
                  onClick: () => setRoleFilter([]),
                },
              ]
            : []),
        ]}
      />
      {activeFilter !== null && (
        <Chip
          label={activeFilter ? 'Active staff only' : 'Deactivated staff only'}
          onDelete={clearActive}
          sx={{ mb: 2 }}
          data-testid="users-active-filter"
        />
      )}
      <DataTable
        config={config}
        rows={rows}
        urlKey={USERS_URL_KEY}
        loading={users.isPending}
        error={users.isError ? <QueryErrorAlert query={users} /> : undefined}
      />
      <UserDrawer
        key={drawer.key}
        open={drawer.open}
        user={drawer.user}
        latest={drawer.user ? current(drawer.user.userId) : undefined}
        selfId={selfId}
        roles={roleOptions}
        onClose={() => setDrawer((previous) => ({ ...previous, open: false }))}
      />
      <ConfirmDialog
        open={deactivation.open}
        title={`Deactivate ${deactivatingName}?`}
        message={deactivationMessage(deactivatingName)}
        confirmLabel="Deactivate"
        destructive
        onConfirm={() => (deactivation.user ? setActive(deactivation.user, false) : undefined)}
        onClose={() => setDeactivation((previous) => ({ ...previous, open: false }))}
      />
    </>
  );
}
