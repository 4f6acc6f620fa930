import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import CancelOutlinedIcon from '@mui/icons-material/CancelOutlined';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import {
  TRANSCODING_QUEUES,
  formatIndianNumber,
  type TranscodeJobRow,
  type TranscodingQueue,
  plural,
} from '@lectern/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type RowId } from '../../../components/data-table';
import { SearchBar } from '../../../components/search-bar';
import { FilterBar } from '../../../components/list';
import type { FilterGroup, FilterValue } from '../../../components/search-filter/filter-menu';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { errorMessage } from '../../../lib/query-client';
import { useJobList } from '../api/get-job-list';
import { useCancelJobs, useSubmitJobs } from '../api/job-mutations';
import type { ManagerState } from '../hooks/use-manager-state';
import type { JobTab } from '../tabs';
import { jobTableConfig } from './job-table';

/** The contract takes at most this many ids in one submit or cancel. */
export const MAX_PER_ACTION = 100;

const QUEUE_FILTER: FilterGroup[] = [
  {
    id: 'queue',
    label: 'Queue',
    options: TRANSCODING_QUEUES.map((queue) => ({ value: queue, label: queue === 'default' ? 'Default' : 'Reserved' })),
  },
];

type Pending =
  { kind: 'submit'; queue: TranscodingQueue; rows: TranscodeJobRow[] } | { kind: 'cancel'; rows: TranscodeJobRow[] };

/**
 * One list tab of the manager: the date range, file-name search and queue filter; the rows with
 * 'Load more' (the next page by NextToken); submit to a queue or cancel the chosen rows, confirmed.
 */
export function JobListPanel({ tab, state }: { tab: JobTab; state: ManagerState }) {
  const enabled = state.environment !== undefined;
  const list = useJobList(tab.source, state.query, { enabled, refetchMs: tab.refetchMs });
  const submit = useSubmitJobs();
  const cancel = useCancelJobs();
  const config = useMemo(() => jobTableConfig(tab), [tab]);
  const [selected, setSelected] = useState<RowId[]>([]);
  const [pending, setPending] = useState<{ action: Pending; open: boolean } | null>(null);
  const [searchText, setSearchText] = useState(state.search);

  const pages = list.data?.pages;
  const rows = useMemo(() => (pages ?? []).flatMap((page) => page.Jobs), [pages]);
  const total = pages?.[0]?.total ?? 0;
  const partial = pages?.some((page) => !page.isTranscodingSuccess) ?? false;
  // rows that left the list (submitted, cancelled, finished) leave the selection too
  const rowIds = useMemo(() => new Set(rows.map((row) => row.id)), [rows]);
  const selection = useMemo(() => selected.filter((id) => rowIds.has(String(id))), [selected, rowIds]);

  // a waiting video has never been in a queue: no queue filter there
  const queueFilter = tab.key !== 'to-be-transcoded';
  const filterValue: FilterValue = state.queue ? { queue: state.queue } : {};

  async function run(action: Pending) {
    if (action.kind === 'submit') {
      const videoIds = [...new Set(action.rows.map((row) => row.videoId))];
      await submit.mutateAsync({ videoIds, queue: action.queue });
    } else {
      await cancel.mutateAsync(action.rows.map((row) => row.id));
    }
    setSelected([]);
  }

  const action = pending?.action;
  const count = action?.rows.length ?? 0;

  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}>
        <Box sx={{ flex: '1 1 420px', minWidth: 0 }}>
          <FilterBar
            label="Filter jobs"
            dateRange={{ initialRange: state.range, onSearch: state.setRange }}
            menu={
              queueFilter
                ? {
                    filters: QUEUE_FILTER,
                    value: filterValue,
                    onChange: (value) =>
                      state.setQueue(value.queue === 'default' || value.queue === 'reserved' ? value.queue : undefined),
                  }
                : undefined
            }
          />
        </Box>
        <Box sx={{ mb: 2, width: { xs: '100%', sm: 'auto' } }}>
          <SearchBar
            value={searchText}
            onChange={setSearchText}
            onSearch={state.setSearch}
            placeholder="Search by file name..."
            label="Search by file name"
          />
        </Box>
      </Box>
      {partial && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Part of this list could not be read from the transcoding service. Try again in a moment.
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {tab.action === 'submit'
          ? 'Select videos to submit them to the default or the reserved queue.'
          : 'Select jobs to cancel them.'}
      </Typography>
      <DataTable
        config={config}
        rows={rows}
        syncUrl={false}
        loading={list.isPending}
        error={list.isError && !list.isFetchNextPageError ? <QueryErrorAlert query={list} /> : undefined}
        // every loaded row is shown; the count line tells how many the whole list holds
        server={{
          totalCount: total,
          page: 0,
          rowsPerPage: Math.max(1, rows.length),
          onPageChange: () => undefined,
          onRowsPerPageChange: () => undefined,
        }}
        selectedIds={selection}
        onSelectionChange={(ids) => setSelected(ids)}
        selectionActions={({ rows: chosen }) => {
          const tooMany = chosen.length > MAX_PER_ACTION;
          return (
            <>
              {tooMany && (
                <Typography variant="body2" sx={{ mr: 1 }}>
                  {`At most ${MAX_PER_ACTION} at a time`}
                </Typography>
              )}
              {tab.action === 'submit' ? (
                TRANSCODING_QUEUES.map((queue) => (
                  <Button
                    key={queue}
                    color="inherit"
                    startIcon={<PlaylistAddIcon />}
                    disabled={tooMany}
                    onClick={() => setPending({ action: { kind: 'submit', queue, rows: chosen }, open: true })}
                  >
                    {`Submit to ${queue} queue`}
                  </Button>
                ))
              ) : (
                <Button
                  color="inherit"
                  startIcon={<CancelOutlinedIcon />}
                  disabled={tooMany}
                  onClick={() => setPending({ action: { kind: 'cancel', rows: chosen }, open: true })}
                >
                  Cancel jobs
                </Button>
              )}
            </>
          );
        }}
      />
      {(list.hasNextPage || rows.length > 0) && (
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 1,
            mt: 1.5,
          }}
        >
          <Typography variant="body2" color="text.secondary" data-testid="job-list-shown" aria-live="polite">
            {`Showing ${formatIndianNumber(rows.length)} of ${formatIndianNumber(Math.max(total, rows.length))}`}
          </Typography>
          {list.hasNextPage && (
            <Button variant="outlined" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
              Load more
            </Button>
          )}
        </Box>
      )}
      {list.isFetchNextPageError && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {errorMessage(list.error)}
        </Alert>
      )}
      <ConfirmDialog
        open={pending?.open ?? false}
        title={
          action?.kind === 'cancel'
            ? `Cancel ${plural(count, 'job')}?`
            : `Submit ${plural(count, 'video')} to the ${action?.kind === 'submit' ? action.queue : ''} queue?`
        }
        message={
          action?.kind === 'cancel'
            ? 'Waiting jobs leave their queue; running jobs are stopped and their partial outputs removed.'
            : 'Each video gets a new transcoding job in this queue.'
        }
        confirmLabel={action?.kind === 'cancel' ? 'Cancel jobs' : 'Submit'}
        cancelLabel={action?.kind === 'cancel' ? 'Keep jobs' : 'Cancel'}
        destructive={action?.kind === 'cancel'}
        onConfirm={() => (action ? run(action) : undefined)}
        onClose={() => setPending((previous) => (previous ? { ...previous, open: false } : null))}
      />
    </Box>
  );
}
