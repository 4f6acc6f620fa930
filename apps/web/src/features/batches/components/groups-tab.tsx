import { useMemo, useState } from 'react';
import { type Group } from '@lectern/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type TableConfig } from '../../../components/data-table';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { useDeleteGroup } from '../api/batch-mutations';
import { useGroups } from '../api/get-batches';
import { batchLabel } from './batch-display';
import { GroupDrawer } from './group-drawer';

type DialogState = { open: boolean; group: Group | null; key: number };
const CLOSED: DialogState = { open: false, group: null, key: 0 };
const opening = (group: Group | null) => (previous: DialogState) => ({ open: true, group, key: previous.key + 1 });
const closing = (previous: DialogState) => ({ ...previous, open: false });

function groupsTableConfig(edit: (group: Group | null) => void, remove: (group: Group) => void): TableConfig<Group> {
  return {
    title: 'Groups',
    checkboxKeyMap: 'groupId',
    titleButton: { label: 'Add group', onClick: () => edit(null) },
    searchTextMap: ['groupName', 'description', (group) => group.batches.map(batchLabel).join(' ')],
    emptyMessages: { empty: 'No groups yet.', emptySearch: 'No groups match your search.' },
    minWidth: 900,
    columns: [
      { id: 'name', title: 'Group', dataMapping: 'groupName', sortable: true, extraWidth: 160 },
      { id: 'description', title: 'Description', dataMapping: (g) => g.description || '—', extraWidth: 200 },
      {
        id: 'batches',
        title: 'Batches',
        elementType: 'chips',
        // with the code: two branches often name a batch alike ('Class 10 Boards 2027 Section A')
        dataMapping: (group) => group.batches.map(batchLabel),
        elementConfig: { max: 3 },
        extraWidth: 240,
      },
      { id: 'updated', title: 'Updated', dataMapping: 'updatedAt', elementType: 'date', sortable: true },
      {
        id: 'edit',
        title: 'Edit',
        hideTitle: true,
        elementType: 'button',
        elementConfig: { label: 'Edit', variant: 'text', onClick: edit, ariaLabel: (g) => `Edit ${g.groupName}` },
      },
      {
        id: 'delete',
        title: 'Delete',
        hideTitle: true,
        elementType: 'button',
        elementConfig: { label: 'Delete', variant: 'text', onClick: remove, ariaLabel: (g) => `Delete ${g.groupName}` },
      },
    ],
  };
}

/** The Groups tab: every group with its batches; add and edit in the drawer, delete after confirmation. */
export function GroupsTab() {
  const groups = useGroups();
  const { mutateAsync: deleteGroup } = useDeleteGroup();
  const [drawer, setDrawer] = useState<DialogState>(CLOSED);
  const [deleting, setDeleting] = useState<DialogState>(CLOSED);
  const config = useMemo(
    () =>
      groupsTableConfig(
        (group) => setDrawer(opening(group)),
        (group) => setDeleting(opening(group)),
      ),
    [],
  );
  const name = deleting.group?.groupName ?? '';
  return (
    <>
      <DataTable
        config={config}
        rows={groups.data ?? []}
        urlKey="groups"
        loading={groups.isPending}
        error={groups.isError ? <QueryErrorAlert query={groups} /> : undefined}
      />
      <GroupDrawer
        key={`group-${drawer.key}`}
        open={drawer.open}
        group={drawer.group}
        onClose={() => setDrawer(closing)}
      />
      <ConfirmDialog
        open={deleting.open}
        title={`Delete ${name}?`}
        message={`The group '${name}' will be deleted. Its batches and their students stay; live classes and updates no longer reach them through this group.`}
        confirmLabel="Delete"
        destructive
        onConfirm={() => (deleting.group ? deleteGroup(deleting.group.groupId) : undefined)}
        onClose={() => setDeleting(closing)}
      />
    </>
  );
}
