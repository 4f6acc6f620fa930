import { useCallback, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import AddIcon from '@mui/icons-material/Add';
import { BATCH_STATUSES, PAGES, type Batch, plural } from '@lectern/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { TabPanel, tabProps } from '../../../components/tab-panel';
import { useCloseBatch } from '../api/batch-mutations';
import { useBatches } from '../api/get-batches';
import { BATCHES_URL_KEY, BATCH_FILTERS, BATCH_PARAM_NAMES, filterBatches, type BatchTab } from './batch-list';
import { BATCH_STATUS_LABELS } from './batch-display';
import { BatchDrawer } from './batch-drawer';
import { batchesTableConfig } from './batches-table';
import { BulkUploadDialog } from './bulk-upload-dialog';
import { GroupsTab } from './groups-tab';
import { FilterBar, useListController } from '../../../components/list';

export const BATCHES_PATH = '/batch-management';
const TITLE = PAGES.find((page) => page.path === BATCHES_PATH)?.pageName ?? 'Batch Management';
const TAB_PREFIX = 'batch-management';
const TABS: readonly { tab: BatchTab; label: string }[] = [
  { tab: 'batches', label: 'Batches' },
  { tab: 'groups', label: 'Groups' },
];

// the batch stays while a dialog fades out, so its text does not go blank mid-animation; a new key
// gives each opening fresh state
type DialogState = { open: boolean; batch: Batch | null; key: number };
const CLOSED: DialogState = { open: false, batch: null, key: 0 };
const opening = (batch: Batch | null) => (previous: DialogState) => ({ open: true, batch, key: previous.key + 1 });
const closing = (previous: DialogState) => ({ ...previous, open: false });

/** Unique branches or programs of the batches, by name, for the filters. */
function choices(batches: readonly Batch[], id: 'branchId' | 'programId', name: 'branchName' | 'programName') {
  const seen = new Map<string, string>();
  for (const batch of batches) seen.set(batch[id], batch[name]);
  return [...seen].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
}

/**
 * /batch-management (SUPER_ADMIN, CONTENT_ADMIN, FINANCE): every batch (asked at once, page 0 size
 * 1000, shown 10 a page) filtered by branch, program and status and searched; add and edit in the
 * drawer (branches and programs added there), fill one from a sheet, close one after confirmation; the
 * Groups tab keeps the named sets of batches live classes and updates address.
 */
export default function BatchesPage() {
  const list = useListController({
    schema: BATCH_FILTERS,
    urlKey: BATCHES_URL_KEY,
    paramNames: BATCH_PARAM_NAMES,
    clientOnly: ['tab', 'branchId', 'programId', 'status'],
    keep: ['tab'],
  });
  const { filters, setFilters, filtered } = list;
  const batches = useBatches();
  const { mutateAsync: closeBatch } = useCloseBatch();
  const [drawer, setDrawer] = useState<DialogState>(CLOSED);
  const [closingBatch, setClosingBatch] = useState<DialogState>(CLOSED);
  const [upload, setUpload] = useState<DialogState>(CLOSED);
  const all = useMemo(() => batches.data ?? [], [batches.data]);
  const rows = useMemo(() => filterBatches(all, filters), [all, filters]);
  const current = Math.max(
    0,
    TABS.findIndex((tab) => tab.tab === filters.tab),
  );

  const openDrawer = useCallback((batch: Batch | null) => setDrawer(opening(batch)), []);
  const config = useMemo(
    () =>
      batchesTableConfig({
        edit: openDrawer,
        upload: (batch) => setUpload(opening(batch)),
        close: (batch) => setClosingBatch(opening(batch)),
        filtered,
      }),
    [openDrawer, filtered],
  );

  const selects = [
    { key: 'branchId', label: 'Branch', options: choices(all, 'branchId', 'branchName') },
    { key: 'programId', label: 'Program', options: choices(all, 'programId', 'programName') },
    {
      key: 'status',
      label: 'Status',
      options: BATCH_STATUSES.map((status) => ({ value: status, label: BATCH_STATUS_LABELS[status] })),
    },
  ] as const;

  const closingName = closingBatch.batch?.batchName ?? '';
  const closingCount = closingBatch.batch?.studentCount ?? 0;

  return (
    <>
      <PageHeader
        title={TITLE}
        subtitle="Classes of students at a branch, for a program: fill them from a sheet, move students between them."
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => openDrawer(null)}>
            Add batch
          </Button>
        }
      />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={current}
          onChange={(_event, index: number) => setFilters({ tab: TABS[index]?.tab ?? 'batches' })}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label="Batches and groups"
        >
          {TABS.map((tab, index) => (
            <Tab key={tab.tab} label={tab.label} {...tabProps(TAB_PREFIX, index)} />
          ))}
        </Tabs>
      </Box>
      <TabPanel idPrefix={TAB_PREFIX} index={0} value={current}>
        <FilterBar
          label="Filter batches"
          selects={selects}
          values={filters}
          onChange={list.setFilter}
          onClear={list.clear}
          filtered={filtered}
        />
        <DataTable
          config={config}
          rows={rows}
          {...list.table}
          loading={batches.isPending}
          error={batches.isError ? <QueryErrorAlert query={batches} /> : undefined}
        />
      </TabPanel>
      <TabPanel idPrefix={TAB_PREFIX} index={1} value={current}>
        {current === 1 && <GroupsTab />}
      </TabPanel>
      <BatchDrawer
        key={`batch-${drawer.key}`}
        open={drawer.open}
        batch={drawer.batch}
        onClose={() => setDrawer(closing)}
      />
      <ConfirmDialog
        open={closingBatch.open}
        title={`Close ${closingName}?`}
        message={`'${closingName}' will take no new students and no new live classes. It keeps its ${plural(closingCount, 'student')}, and its classes so far keep their records. A closed batch cannot be opened again.`}
        confirmLabel="Close batch"
        destructive
        onConfirm={() =>
          closingBatch.batch
            ? closeBatch({ batchId: closingBatch.batch.batchId, version: closingBatch.batch.version })
            : undefined
        }
        onClose={() => setClosingBatch(closing)}
      />
      {upload.batch && (
        <BulkUploadDialog
          key={`upload-${upload.key}`}
          open={upload.open}
          batch={upload.batch}
          onClose={() => setUpload(closing)}
        />
      )}
    </>
  );
}
