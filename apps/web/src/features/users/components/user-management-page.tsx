import { useCallback, useMemo, useState } from 'react';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import { ROLES, type Role } from '@lectern/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import { FilterBar, useListController } from '../../../components/list';
import { PageHeader } from '../../../components/page-header';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { TabPanel, tabProps } from '../../../components/tab-panel';
import { useUrlSearchParams } from '../../../hooks/use-url-search-params';
import { useSession } from '../../../lib/session';
import { useRoles } from '../api/get-roles';
import { useInternalUsers, type UserRow } from '../api/get-users';
import { useUpdateUser } from '../api/user-mutations';
import { fullName, roleLabel } from '../user-display';
import { ApiKeysPanel } from './api-keys-panel';
import { UserDrawer, deactivationMessage } from './user-drawer';
import { usersTableConfig } from './users-table';
import { USERS_URL_KEY, USER_FILTERS, filterUsers } from './user-list';

type DrawerState = { open: boolean; user: UserRow | null; key: number };

const TAB_PREFIX = 'user-management';
/** The tabs, by their value in the address (?tab=api-keys); the first is the default and is left out. */
const TABS = [
  { value: 'staff', label: 'Staff' },
  { value: 'api-keys', label: 'API keys' },
] as const;

/**
 * /user-management (SUPER_ADMIN): the staff users, their roles and whether they may sign in; and, in
 * their own tab, the API keys of service callers.
 */
export default function UserManagementPage() {
  const [params, setParams] = useUrlSearchParams();
  const tab = Math.max(
    0,
    TABS.findIndex((entry) => entry.value === params.get('tab')),
  );
  const users = useInternalUsers();
  const rolesQuery = useRoles();
  const { mutateAsync: updateUser } = useUpdateUser();
  const selfId = useSession()?.user.userId;
  const list = useListController({ schema: USER_FILTERS, urlKey: USERS_URL_KEY, keep: ['active'] });
  const { filters, setFilters } = list;
  const roleFilter = filters.roles ?? [];
  const [drawer, setDrawer] = useState<DrawerState>({ open: false, user: null, key: 0 });
  // the user stays while the dialog fades out, so its title does not go blank mid-animation
  const [deactivation, setDeactivation] = useState<{ user: UserRow | null; open: boolean }>({
    user: null,
    open: false,
  });

  const roleOptions: readonly Role[] = rolesQuery.data?.map((role) => role.roleName) ?? ROLES;
  const allUsers = users.data?.content;
  const rows = useMemo(() => filterUsers(allUsers ?? [], filters), [allUsers, filters]);

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
        subtitle="Staff who can sign in to Lectern, what their roles let them do, and the API keys of services."
        actions={
          tab === 0 ? (
            <Button variant="contained" startIcon={<PersonAddAlt1Outlined />} onClick={() => openDrawer(null)}>
              Add user
            </Button>
          ) : undefined
        }
      />
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={tab}
          onChange={(_event, index: number) =>
            setParams((previous) => {
              const next = new URLSearchParams(previous);
              if (index === 0) next.delete('tab');
              else next.set('tab', TABS[index]?.value ?? '');
              return next;
            })
          }
          aria-label="User Management sections"
        >
          {TABS.map((entry, index) => (
            <Tab key={entry.value} label={entry.label} {...tabProps(TAB_PREFIX, index)} />
          ))}
        </Tabs>
      </Box>
      <TabPanel idPrefix={TAB_PREFIX} index={0} value={tab}>
        <FilterBar
          label="Filter users"
          multiSelects={[
            {
              key: 'roles',
              label: 'Filter by role',
              options: roleOptions.map((role) => ({ value: role, label: roleLabel(role) })),
              value: roleFilter,
              onChange: (value) => setFilters({ roles: value.join(',') }),
            },
          ]}
          chips={
            filters.active
              ? [
                  {
                    key: 'active',
                    label: filters.active === 'true' ? 'Active staff only' : 'Deactivated staff only',
                    onDelete: () => setFilters({ active: null }),
                    testId: 'users-active-filter',
                  },
                ]
              : []
          }
          onClear={list.clear}
          clearLabel="Clear filter"
          filtered={list.filtered}
        />
        <DataTable
          config={config}
          rows={rows}
          {...list.table}
          loading={users.isPending}
          error={users.isError ? <QueryErrorAlert query={users} /> : undefined}
        />
      </TabPanel>
      <TabPanel idPrefix={TAB_PREFIX} index={1} value={tab}>
        <ApiKeysPanel />
      </TabPanel>
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
