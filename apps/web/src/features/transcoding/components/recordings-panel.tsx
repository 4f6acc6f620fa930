import type { Recording } from '@lectern/contract';
import { DataTable, type TableConfig } from '../../../components/data-table';
import { TRANSCODING_BADGE_CELL } from '../../../components/transcoding-badge';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { useRecordings } from '../api/get-recordings';

/** Every recording in one list (size 10,000): the virtualised body renders only the rows in view. */
export const recordingsTableConfig: TableConfig<Recording> = {
  title: 'Recordings',
  checkboxKeyMap: 'videoId',
  pagination: { usePagination: false },
  searchTextMap: ['Name', 'liveClassName', 'instructorName'],
  emptyMessages: { empty: 'No live-class recordings.', emptySearch: 'No recordings match your search.' },
  minWidth: 900,
  rowOptions: { dense: true },
  // a dense row with a status label is about 35 px: a fixed 40 px keeps every row at its estimate
  virtualization: { rowHeight: 40 },
  columns: [
    { id: 'name', title: 'File name', dataMapping: 'Name', extraWidth: 200 },
    { id: 'liveClass', title: 'Live class', dataMapping: 'liveClassName', extraWidth: 180 },
    { id: 'instructor', title: 'Instructor', dataMapping: 'instructorName', extraWidth: 140 },
    { id: 'classDate', title: 'Class date', elementType: 'date', dataMapping: 'classDate', extraWidth: 110 },
    { id: 'duration', title: 'Duration', elementType: 'duration', dataMapping: 'videoDurationInSecond' },
    {
      id: 'transcoding',
      title: 'Transcoding',
      elementType: 'statusLabel',
      dataMapping: 'transcodingStatus',
      elementConfig: TRANSCODING_BADGE_CELL,
    },
  ],
};

/** The live-class recordings (page 0, size 10,000, ascending by class date). */
export function RecordingsPanel() {
  const recordings = useRecordings();
  return (
    <DataTable
      config={recordingsTableConfig}
      rows={recordings.data?.content ?? []}
      urlKey="recordings"
      loading={recordings.isPending}
      error={recordings.isError ? <QueryErrorAlert query={recordings} /> : undefined}
    />
  );
}
