import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { DataTable, SelectionBar, type TableConfig } from '../../../components/data-table';
import { notify } from '../../../components/feedback/notify';
import { CHAPTERS, bigRows, sampleRows, type BigRow, type Chapter, type SampleRow } from '../sample-data';
import { GallerySection, Sample } from './gallery-section';
import { plural } from '@lectern/contract';

/** Every cell kind, selection with the 'N selected' bar, search, sorting and paging. */
export function CellKindsTable() {
  const [rows, setRows] = useState(() => sampleRows(24));
  const update = (id: string, change: Partial<SampleRow>) =>
    setRows((previous) => previous.map((row) => (row.id === id ? { ...row, ...change } : row)));

  const config = useMemo<TableConfig<SampleRow>>(
    () => ({
      title: 'Every cell kind',
      checkboxKeyMap: 'id',
      rowOptions: { selectable: true },
      searchTextMap: ['title', 'status'],
      titleButton: { label: 'Title button', onClick: () => notify('info', 'The title button was pressed.') },
      emptyMessages: { empty: 'No subjects yet.', emptySearch: 'No subjects match your search.' },
      minWidth: 2400,
      columns: [
        { id: 'title', title: 'Text', dataMapping: 'title', sortable: true, extraWidth: 180 },
        { id: 'tags', title: 'Chips', dataMapping: 'tags', elementType: 'chips', elementConfig: { max: 2 } },
        { id: 'status', title: 'Status span', dataMapping: 'status', elementType: 'statusSpan', sortable: true },
        { id: 'label', title: 'Status label', dataMapping: 'label', elementType: 'statusLabel' },
        { id: 'tag', title: 'Tag', dataMapping: 'tag', elementType: 'tag' },
        { id: 'amount', title: 'Amount', dataMapping: 'amount', elementType: 'amount', sortable: true },
        { id: 'date', title: 'Date', dataMapping: 'date', elementType: 'date', sortable: true },
        { id: 'duration', title: 'Duration', dataMapping: 'duration', elementType: 'duration' },
        {
          id: 'progress',
          title: 'Progress',
          // a stable sample percent per row
          dataMapping: (row) => (row.duration * 7) % 101,
          elementType: 'progress',
        },
        {
          id: 'link',
          title: 'Link button',
          elementType: 'button',
          elementConfig: { label: 'Open', to: '/dev/gallery', query: (row) => ({ row: row.id }) },
        },
        {
          id: 'action',
          title: 'Button',
          elementType: 'button',
          elementConfig: {
            label: 'Notify',
            variant: 'text',
            onClick: (row) => notify('info', `Button pressed on ${row.title}.`),
          },
        },
        {
          id: 'listed',
          title: 'Switch',
          dataMapping: 'listed',
          elementType: 'switch',
          elementConfig: { onToggle: (row, next) => update(row.id, { listed: next }) },
        },
        {
          id: 'review',
          title: 'Approve / decline',
          elementType: 'approveDecline',
          elementConfig: {
            onApprove: (row) => notify('success', `Approved ${row.title}.`),
            onDecline: (row) => notify('warning', `Declined ${row.title}.`),
          },
        },
        {
          id: 'note',
          title: 'Editable text',
          dataMapping: 'note',
          elementType: 'editableText',
          elementConfig: { onEdit: (row, note) => update(row.id, { note }) },
        },
        {
          id: 'lines',
          title: 'Info text',
          dataMapping: 'lines',
          elementType: 'infoText',
          elementConfig: { info: (row) => `${row.title}: totals of the active units only.` },
        },
        {
          id: 'video',
          title: 'Multi-action',
          dataMapping: 'video',
          elementType: 'multiAction',
          elementConfig: {
            onRemove: (row) => update(row.id, { video: null }),
            onAttach: (row) => update(row.id, { video: 'attached-from-gallery.mp4' }),
          },
        },
        {
          id: 'disabled',
          title: 'Disabled switch',
          dataMapping: 'listed',
          elementType: 'switch',
          disabled: true,
          elementConfig: { onToggle: () => undefined },
        },
      ],
    }),
    [],
  );

  return (
    <DataTable
      config={config}
      rows={rows}
      urlKey="cells"
      onDelete={(ids) => {
        const gone = new Set(ids);
        setRows((previous) => previous.filter((row) => !gone.has(row.id)));
        notify('success', `${plural(ids.length, 'row')} deleted.`);
      }}
      selectionActions={({ ids, clear }) => (
        <Button
          size="small"
          variant="outlined"
          onClick={() => {
            notify('info', `${plural(ids.length, 'row')} exported.`);
            clear();
          }}
        >
          Export
        </Button>
      )}
    />
  );
}

const radioConfig: TableConfig<SampleRow> = {
  title: 'Single choice (radio)',
  checkboxKeyMap: 'id',
  checkBoxAsRadio: true,
  rowOptions: { dense: true, isRowSelectable: (row) => row.status !== 'failed' },
  pagination: { defaultRowsPerPage: 5, rowsPerPageOptions: [5, 10] },
  columns: [
    { id: 'title', title: 'Subject', dataMapping: 'title' },
    { id: 'status', title: 'Status', dataMapping: 'status', elementType: 'statusLabel' },
  ],
};

const emptyConfig: TableConfig<SampleRow> = {
  title: 'Empty table',
  checkboxKeyMap: 'id',
  searchTextMap: ['title'],
  emptyMessages: { empty: 'No coupons yet. Create one to see it here.' },
  columns: [
    { id: 'title', title: 'Coupon', dataMapping: 'title' },
    { id: 'amount', title: 'Discount', dataMapping: 'amount', elementType: 'amount' },
  ],
};

const chapterConfig: TableConfig<Chapter> = {
  title: 'Chapters (drag to reorder)',
  checkboxKeyMap: 'id',
  dragAndDrop: { enabled: true },
  pagination: { usePagination: false },
  minWidth: 320,
  columns: [
    { id: 'drag', title: 'Reorder', hideTitle: true, elementType: 'dragIcon' },
    { id: 'name', title: 'Chapter', dataMapping: 'name' },
    { id: 'topics', title: 'Topics', dataMapping: 'topics', align: 'right' },
  ],
};

const bigConfig: TableConfig<BigRow> = {
  title: '10,000 students',
  checkboxKeyMap: 'id',
  pagination: { usePagination: false },
  virtualization: { height: 420 },
  searchTextMap: ['name', 'city'],
  minWidth: 360,
  columns: [
    { id: 'name', title: 'Student', dataMapping: 'name', sortable: true },
    { id: 'city', title: 'City', dataMapping: 'city', sortable: true },
    { id: 'amount', title: 'Paid', dataMapping: 'amount', elementType: 'amount', sortable: true },
  ],
};

/** The data table sections: cell kinds, selection, states, reordering, the bar alone and the long list. */
export function TableSections() {
  const radioRows = useMemo(() => sampleRows(12), []);
  const [chapters, setChapters] = useState<readonly Chapter[]>(CHAPTERS);
  const big = useMemo(() => bigRows(), []);
  const [barCount, setBarCount] = useState(3);

  return (
    <>
      <GallerySection
        id="data-table"
        title="Data table"
        description="components/data-table: every cell kind, checkbox selection with the 'N selected' bar (Delete and a custom action), search, sorting and paging (10 rows by default). Page, search and sort live in the URL."
        bare
      >
        <CellKindsTable />
      </GallerySection>

      <GallerySection id="data-table-states" title="Data table: radio selection, loading, empty and error" bare>
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          <DataTable config={radioConfig} rows={radioRows} urlKey="radio" />
          <DataTable config={{ ...radioConfig, title: 'Loading (skeleton rows)' }} rows={[]} loading syncUrl={false} />
          <DataTable config={emptyConfig} rows={[]} syncUrl={false} />
          <DataTable
            config={{ ...emptyConfig, title: 'Error' }}
            rows={[]}
            syncUrl={false}
            error={
              <Typography color="error" role="alert">
                Something went wrong. Please try again later.
              </Typography>
            }
          />
        </Box>
      </GallerySection>

      <GallerySection
        id="reorder-table"
        title="Drag-and-drop reordering"
        description="Drag a handle with the mouse, or focus it and press Space, the arrow keys and Space again (Escape cancels)."
        bare
      >
        <Box data-testid="reorder-table" sx={{ maxWidth: 720 }}>
          <DataTable
            config={chapterConfig}
            rows={chapters}
            syncUrl={false}
            onReorder={(event) => setChapters(event.rows)}
          />
        </Box>
        <Button size="small" sx={{ mt: 1 }} onClick={() => setChapters(CHAPTERS)}>
          Reset the order
        </Button>
      </GallerySection>

      <GallerySection
        id="selection-bar"
        title="Selection bar"
        description="data-table/selection-bar.tsx, on its own (e.g. under a card list)."
      >
        <Sample label="Inline, with Delete and a custom action">
          <SelectionBar
            count={barCount}
            onClear={() => setBarCount(0)}
            onDelete={() => notify('success', `${plural(barCount, 'item')} deleted.`)}
            actions={
              <Button size="small" variant="outlined" onClick={() => setBarCount((n) => n + 1)}>
                Select one more
              </Button>
            }
          />
          {barCount === 0 && (
            <Button size="small" onClick={() => setBarCount(3)}>
              Select three again
            </Button>
          )}
        </Sample>
        <Sample label="Bottom (sticks to the bottom of its area)">
          <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 96, justifyContent: 'flex-end' }}>
            <SelectionBar
              position="bottom"
              count={12}
              onDelete={() => notify('success', `${plural(12, 'item')} deleted.`)}
            />
          </Box>
        </Sample>
      </GallerySection>

      <GallerySection
        id="big-table"
        title="Virtualised table: 10,000 rows"
        description="With paging off, a long list renders only the rows in view; scroll inside the table."
        bare
      >
        <Box data-testid="big-table">
          <DataTable config={bigConfig} rows={big} urlKey="big" />
        </Box>
      </GallerySection>
    </>
  );
}
