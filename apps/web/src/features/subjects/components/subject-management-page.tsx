import { Suspense, lazy, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import AddIcon from '@mui/icons-material/Add';
import { z } from 'zod';
import {
  LISTING_GROUPS,
  LISTING_GROUP_LABELS,
  ListingGroupSchema,
  formatIndianNumber,
  hasPermission,
  type ListingGroup,
  type SubjectListItem,
} from '@lectern/contract';
import { useConfirm } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { FilterBar, useListController } from '../../../components/list';
import { TabPanel, tabProps } from '../../../components/tab-panel';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { useSession } from '../../../lib/session';
import { useSubjects } from '../../../lib/queries/get-subjects';
import { useDeleteSubjects } from '../api/subject-mutations';
import { detailsLink } from '../hooks/use-subject-params';
import { subjectListConfig } from './subject-list-table';

// The form (react-hook-form, the image drop zone and cropper) loads when 'Create subject' is first
// pressed, not with the list.
const SubjectFormDrawer = lazy(() => import('./subject-form-drawer').then((m) => ({ default: m.SubjectFormDrawer })));

const TABS_ID = 'subject-groups';
/** ?q=physics&group=IN_REVIEW: the search and the tab, kept in the URL so a view can be linked. */
const SUBJECT_FILTERS = z.object({ q: z.string().optional(), group: ListingGroupSchema.optional() });

/** Case-insensitive search over a subject's name, people and last activity. */
export function matchesSearch(subject: SubjectListItem, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (needle === '') return true;
  return [
    subject.subjectName,
    subject.contentAdmin?.userName,
    ...subject.contentDevelopers.map((person) => person.userName),
    subject.activityMessage,
  ].some((text) => text?.toLowerCase().includes(needle));
}

function groupLabel(group: ListingGroup, count: number) {
  return `${LISTING_GROUP_LABELS[group]} (${formatIndianNumber(count)})`;
}

/**
 * /subject-management: every subject the user may see, grouped as unassigned, newly assigned, in
 * progress, finished, ready to be published and published (one tab and table per group). Admins
 * create subjects and delete them from the table's edit bar; the server narrows what others see.
 */
export default function SubjectManagementPage() {
  const session = useSession();
  const roles = session?.roles ?? [];
  const canManage = hasPermission(roles, 'subjectManage');
  const subjects = useSubjects();
  const remove = useDeleteSubjects();
  const { confirm, confirmDialog } = useConfirm();
  const navigate = useNavigate();
  const list = useListController({ schema: SUBJECT_FILTERS });
  const [creating, setCreating] = useState(false);
  const search = list.filters.q ?? '';

  const grouped = useMemo(() => {
    const groups = new Map<ListingGroup, SubjectListItem[]>(LISTING_GROUPS.map((group) => [group, []]));
    for (const subject of subjects.data ?? []) {
      if (matchesSearch(subject, search)) groups.get(subject.status)?.push(subject);
    }
    return groups;
  }, [subjects.data, search]);

  const firstWithRows = LISTING_GROUPS.find((group) => (grouped.get(group)?.length ?? 0) > 0);
  const selected: ListingGroup = list.filters.group ?? firstWithRows ?? 'UNASSIGNED';
  const selectedIndex = LISTING_GROUPS.indexOf(selected);

  const configs = useMemo(
    () =>
      Object.fromEntries(
        LISTING_GROUPS.map((group) => [group, subjectListConfig(LISTING_GROUP_LABELS[group], canManage)]),
      ) as Record<ListingGroup, ReturnType<typeof subjectListConfig>>,
    [canManage],
  );

  async function deleteSubjects(ids: (string | number)[], rows: SubjectListItem[]) {
    const names = rows.map((row) => row.subjectName);
    const ok = await confirm({
      title: rows.length === 1 ? 'Delete subject?' : `Delete ${rows.length} subjects?`,
      message: `${names.map((name) => `'${name}'`).join(', ')} will be deleted with all ${rows.length === 1 ? 'its' : 'their'} units, topics and sub-topics. This cannot be undone.`,
      confirmLabel: 'Delete',
      destructive: true,
    });
    if (!ok) return;
    remove.mutate(ids.map(String));
  }

  return (
    <>
      <PageHeader
        title="Subject Management"
        subtitle={
          canManage
            ? 'Create subjects, assign people and follow each subject from its first unit to publication.'
            : 'The subjects you are assigned to.'
        }
        actions={
          canManage ? (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
              Create Subject
            </Button>
          ) : undefined
        }
      />
      <FilterBar
        label="Filter subjects"
        search={{
          value: search,
          label: 'Search subjects',
          onChange: (text) => list.setFilters({ q: text }),
          onSearch: (text) => list.setFilters({ q: text }),
        }}
      />
      {subjects.isError && <QueryErrorAlert query={subjects} sx={{ mb: 2 }} />}
      <Tabs
        value={selectedIndex}
        onChange={(_event, index: number) => list.setFilters({ group: LISTING_GROUPS[index] ?? null })}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label="Subject groups"
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {LISTING_GROUPS.map((group, index) => (
          <Tab
            key={group}
            label={
              subjects.isPending ? LISTING_GROUP_LABELS[group] : groupLabel(group, grouped.get(group)?.length ?? 0)
            }
            {...tabProps(TABS_ID, index)}
          />
        ))}
      </Tabs>
      {LISTING_GROUPS.map((group, index) => (
        <TabPanel key={group} idPrefix={TABS_ID} index={index} value={selectedIndex}>
          <DataTable
            config={configs[group]}
            rows={grouped.get(group) ?? []}
            loading={subjects.isPending}
            urlKey={group.toLowerCase()}
            onDelete={canManage ? (ids, rows) => void deleteSubjects(ids, rows) : undefined}
          />
        </TabPanel>
      ))}
      {canManage && creating && (
        <Suspense fallback={null}>
          <SubjectFormDrawer
            open
            subject={null}
            onClose={() => setCreating(false)}
            onSaved={(created) => void navigate(detailsLink(created.subjectId))}
          />
        </Suspense>
      )}
      {confirmDialog}
    </>
  );
}
