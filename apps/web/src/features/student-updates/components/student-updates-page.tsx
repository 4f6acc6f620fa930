import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import {
  PAGES,
  STUDENT_UPDATE_STATES,
  STUDENT_UPDATE_STATE_TAGS,
  STUDENT_UPDATE_TYPES,
  STUDENT_UPDATE_TYPE_HINTS,
  STUDENT_UPDATE_TYPE_LABELS,
  formatIndiaDateTime,
  studentUpdatesContract,
  type StudentUpdate,
  type StudentUpdateType,
} from '@lectern/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, statusStyle } from '../../../components/data-table';
import { FilterBar, useListController } from '../../../components/list';
import { PageHeader } from '../../../components/page-header';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { tabProps } from '../../../components/tab-panel';
import { useChangeStudentUpdate, useDeleteStudentUpdate } from '../api/student-update-mutations';
import { useStudentUpdates } from '../api/get-student-updates';
import { HomeVideoPanel } from './home-video-panel';
import type { ImagePickerSlot } from './slots';
import { updatesTableConfig } from './student-updates-table';
import { UPDATE_TAG_STYLES } from './update-display';
import { withdrawBody } from './update-form';
import { UpdateDrawer } from './update-drawer';

export const STUDENT_UPDATES_PATH = '/student-updates';
const TITLE = PAGES.find((page) => page.path === STUDENT_UPDATES_PATH)?.pageName ?? 'Student Updates';
const TABS_ID = 'student-updates';
/** The table's URL prefix: ?updates.state=SCHEDULED&updates.q=exam. */
const UPDATES_URL_KEY = 'updates';

const STATE_SELECT = [
  {
    key: 'state',
    label: 'Status',
    options: STUDENT_UPDATE_STATES.map((state) => ({
      value: state,
      label: statusStyle(STUDENT_UPDATE_STATE_TAGS[state], { styles: UPDATE_TAG_STYLES }).label,
    })),
  },
] as const;

// the update stays while a dialog fades out, so its text does not go blank mid-animation; a new key
// gives each opening fresh state
type DialogState = { open: boolean; update: StudentUpdate | null; key: number };
const CLOSED: DialogState = { open: false, update: null, key: 0 };
const opening = (update: StudentUpdate | null) => (previous: DialogState) => ({
  open: true,
  update,
  key: previous.key + 1,
});
const closing = (previous: DialogState) => ({ ...previous, open: false });

function withdrawMessage(update: StudentUpdate | null): string {
  if (!update) return '';
  if (update.state === 'SCHEDULED') {
    const at = update.publishAt ? ` on ${formatIndiaDateTime(update.publishAt)}` : '';
    return `'${update.title}' will not be published${at}: it becomes a draft again, and you can schedule or publish it later.`;
  }
  return `Students will no longer see '${update.title}'. It is kept, and you can publish it again later.`;
}

export interface StudentUpdatesPageProps {
  updateType: StudentUpdateType;
  imagePicker: ImagePickerSlot;
}

/**
 * /student-updates/{updateType} (SUPER_ADMIN, CONTENT_ADMIN): the video on the students' home page, a
 * tab per kind of update (each a link to its route), the kind's updates on the shared table with their
 * status tags, filtered by state (kept in the URL); write, edit, withdraw or delete them.
 */
export default function StudentUpdatesPage({ updateType, imagePicker }: StudentUpdatesPageProps) {
  const list = useListController({ schema: studentUpdatesContract.all.query, urlKey: UPDATES_URL_KEY });
  const state = list.filters.state ?? null;
  const updates = useStudentUpdates(updateType, state);
  const change = useChangeStudentUpdate({ silentError: false });
  const { mutateAsync: deleteUpdate } = useDeleteStudentUpdate();
  const [drawer, setDrawer] = useState<DialogState>(CLOSED);
  const [withdrawing, setWithdrawing] = useState<DialogState>(CLOSED);
  const [deleting, setDeleting] = useState<DialogState>(CLOSED);
  const index = STUDENT_UPDATE_TYPES.indexOf(updateType);
  const label = STUDENT_UPDATE_TYPE_LABELS[updateType];

  const openDrawer = useCallback((update: StudentUpdate | null) => setDrawer(opening(update)), []);
  const config = useMemo(
    () =>
      updatesTableConfig({
        edit: openDrawer,
        withdraw: (update) => setWithdrawing(opening(update)),
        remove: (update) => setDeleting(opening(update)),
        updateType,
        filtered: state !== null,
      }),
    [openDrawer, updateType, state],
  );
  const rows = updates.data ?? [];
  const empty = !updates.isPending && !updates.isError && state === null && rows.length === 0;
  const withdrawn = withdrawing.update;
  const deleted = deleting.update;

  return (
    <>
      <PageHeader
        title={TITLE}
        subtitle="What students read in their app, by kind: write, schedule, publish and withdraw."
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => openDrawer(null)}>
            Write an update
          </Button>
        }
      />
      <HomeVideoPanel />
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={index}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label="Kinds of update"
        >
          {STUDENT_UPDATE_TYPES.map((type, position) => (
            <Tab
              key={type}
              label={STUDENT_UPDATE_TYPE_LABELS[type]}
              component={Link}
              to={`${STUDENT_UPDATES_PATH}/${type}`}
              value={position}
              {...tabProps(TABS_ID, position)}
            />
          ))}
        </Tabs>
      </Box>
      <Box
        role="tabpanel"
        id={`${TABS_ID}-tabpanel-${index}`}
        aria-labelledby={`${TABS_ID}-tab-${index}`}
        sx={{ pt: 2 }}
      >
        <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="type-hint">
          {STUDENT_UPDATE_TYPE_HINTS[updateType]}
        </Typography>
        {empty ? (
          <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
            <Typography variant="h2" component="h2" sx={{ fontSize: '1.125rem', mb: 1 }}>
              No {label.toLowerCase()} yet
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              Write the first one: keep it as a draft, schedule it, or publish it now.
            </Typography>
            <Button variant="outlined" startIcon={<AddIcon />} onClick={() => openDrawer(null)}>
              Write an update
            </Button>
          </Paper>
        ) : (
          <>
            <FilterBar
              label={`Filter ${label.toLowerCase()}`}
              selects={STATE_SELECT}
              values={list.filters}
              onChange={list.setFilter}
              onClear={list.clear}
              filtered={list.filtered}
              selectWidth={200}
            />
            <DataTable
              config={config}
              rows={rows}
              {...list.table}
              loading={updates.isPending}
              error={updates.isError ? <QueryErrorAlert query={updates} /> : undefined}
            />
          </>
        )}
      </Box>
      <UpdateDrawer
        key={`drawer-${drawer.key}`}
        open={drawer.open}
        updateType={updateType}
        update={drawer.update}
        imagePicker={imagePicker}
        onClose={() => setDrawer(closing)}
      />
      <ConfirmDialog
        open={withdrawing.open}
        title={`Withdraw '${withdrawn?.title ?? ''}'?`}
        message={withdrawMessage(withdrawn)}
        confirmLabel="Withdraw"
        destructive
        onConfirm={() =>
          withdrawn ? change.mutateAsync({ body: withdrawBody(withdrawn), before: withdrawn }) : undefined
        }
        onClose={() => setWithdrawing(closing)}
      />
      <ConfirmDialog
        open={deleting.open}
        title={`Delete '${deleted?.title ?? ''}'?`}
        message={`'${deleted?.title ?? ''}' will be deleted for good; students never see it again.`}
        confirmLabel="Delete"
        destructive
        onConfirm={() => (deleted ? deleteUpdate(deleted) : undefined)}
        onClose={() => setDeleting(closing)}
      />
    </>
  );
}
