import type { TableConfig } from '../../../components/data-table';
import type { UserRow } from '../api/get-users';
import { fullName, roleLabel } from '../user-display';

export interface UsersTableActions {
  /** The switch in the Active column was turned to `next`. */
  toggleActive: (user: UserRow, next: boolean) => void;
  edit: (user: UserRow) => void;
  /** The signed-in user: their own switch is off limits (they cannot deactivate themselves). */
  selfId: string | undefined;
  /** A role filter is applied: the empty message says so. */
  filtered: boolean;
}

/** The staff list: name, mobile number, e-mail, roles as chips, active as a switch, and Edit. */
export function usersTableConfig({ toggleActive, edit, selfId, filtered }: UsersTableActions): TableConfig<UserRow> {
  return {
    title: 'Staff users',
    checkboxKeyMap: 'userId',
    searchTextMap: [fullName, 'phone', 'email'],
    emptyMessages: {
      empty: filtered ? 'No users hold the chosen roles.' : 'No staff users yet.',
      emptySearch: 'No users match your search.',
    },
    minWidth: 860,
    columns: [
      { id: 'name', title: 'Name', dataMapping: fullName, sortable: true, extraWidth: 160 },
      { id: 'phone', title: 'Mobile number', dataMapping: 'phone', sortable: true },
      { id: 'email', title: 'E-mail', dataMapping: 'email', sortable: true, extraWidth: 200 },
      {
        id: 'roles',
        title: 'Roles',
        dataMapping: (user) => user.roles.map((role) => role.roleName),
        elementType: 'chips',
        elementConfig: { getLabel: roleLabel },
        extraWidth: 200,
      },
      {
        id: 'active',
        title: 'Active',
        dataMapping: 'active',
        elementType: 'switch',
        sortable: true,
        disabled: (user) => user.userId === selfId,
        elementConfig: { onToggle: toggleActive, ariaLabel: (user) => `Active: ${fullName(user)}` },
      },
      {
        id: 'edit',
        title: 'Edit',
        hideTitle: true,
        elementType: 'button',
        align: 'right',
        elementConfig: { label: 'Edit', onClick: edit, ariaLabel: (user) => `Edit ${fullName(user)}` },
      },
    ],
  };
}
