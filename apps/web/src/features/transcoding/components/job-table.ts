import type { TranscodeJobRow, TranscodingStatus } from '@lectern/contract';
import type { ColumnConfig, TableConfig } from '../../../components/data-table';
import type { JobTab } from '../tabs';

/** The status tags of spec 2 §4 for the job states. */
const STATUS_TAGS: Partial<Record<TranscodingStatus, string>> = {
  SUBMITTED: 'submitted',
  PROGRESSING: 'running',
  COMPLETE: 'complete',
  CANCELED: 'cancelled',
  ERROR: 'failed',
};

/** '2.4x': seconds of video transcoded per second; 'NA' until known. */
export function formatSpeed(speed: number | null): string | null {
  return speed === null ? null : `${speed.toFixed(1)}x`;
}

type Column = ColumnConfig<TranscodeJobRow>;

const index: Column = { id: 'index', title: '#', dataMapping: 'index', align: 'right', extraWidth: 56 };
const fileName: Column = { id: 'fileName', title: 'File name', dataMapping: 'fileName', extraWidth: 220 };
const errorMessage: Column = {
  id: 'errorMessage',
  title: 'Error',
  elementType: 'infoText',
  dataMapping: 'errorMessage',
  // the reason is the point of this tab: shown in full, not in a tooltip
  elementConfig: { info: '' },
  extraWidth: 280,
};
const status: Column = {
  id: 'status',
  title: 'Status',
  elementType: 'tag',
  dataMapping: (row) => STATUS_TAGS[row.status] ?? row.status,
};
const queue: Column = { id: 'queue', title: 'Queue', elementType: 'tag', dataMapping: 'queue' };
const runningCompletion: Column = {
  id: 'completion',
  title: 'Completion',
  elementType: 'progress',
  dataMapping: 'completion',
  elementConfig: { ariaLabel: (row) => `Completion of ${row.fileName}` },
  extraWidth: 160,
};
const completion: Column = {
  id: 'completion',
  title: 'Completion',
  dataMapping: (row) => `${Math.round(row.completion)}%`,
  align: 'right',
};
const speed: Column = {
  id: 'speed',
  title: 'Speed',
  dataMapping: (row) => formatSpeed(row.transcodingSpeed),
  align: 'right',
};
const dateTime = (id: string, title: string, value: (row: TranscodeJobRow) => string | null): Column => ({
  id,
  title,
  dataMapping: value,
  // wide enough for DD-MM-YYYY and HH:mm on one line (cells have 16 px padding a side)
  extraWidth: id.endsWith('Time') ? 96 : 128,
});
const uploader: Column = { id: 'uploader', title: 'Uploader', dataMapping: 'uploader', extraWidth: 140 };
// ids are UUIDs: short on screen, whole in the tooltip, copyable (spec 2 §3 names both columns)
const videoId: Column = {
  id: 'videoId',
  title: 'Video ID',
  elementType: 'id',
  dataMapping: 'videoId',
  extraWidth: 130,
};
const jobId: Column = { id: 'id', title: 'Job ID', elementType: 'id', dataMapping: 'id', extraWidth: 130 };

/**
 * The columns of a tab (spec 2 §3): index, file name, transcoding speed, upload date and time,
 * completion, uploader, video id and job id; running and finished rows add the start date and time,
 * finished rows the end date and time; errored rows their reason. Rows waiting for a transcode have
 * no job yet, so they show no job fields.
 */
export function jobColumns(tab: JobTab): Column[] {
  const isJob = tab.source.kind === 'jobs';
  const list = tab.source.kind === 'jobs' ? tab.source.list : null;
  const started = list === 'running' || list === 'finished';
  return [
    index,
    fileName,
    ...(list === 'errored' ? [errorMessage] : []),
    ...(isJob ? [status, queue, list === 'running' ? runningCompletion : completion, speed] : []),
    dateTime('uploadDate', 'Upload date', (row) => row.uploadDate),
    dateTime('uploadTime', 'Upload time', (row) => row.uploadTime),
    ...(started
      ? [
          dateTime('startDate', 'Start date', (row) => row.startDate),
          dateTime('startTime', 'Start time', (row) => row.startTime),
        ]
      : []),
    ...(list === 'finished'
      ? [dateTime('endDate', 'End date', (row) => row.endDate), dateTime('endTime', 'End time', (row) => row.endTime)]
      : []),
    uploader,
    videoId,
    ...(isJob ? [jobId] : []),
  ];
}

/** The table of one tab: selectable rows, every loaded page shown (long lists are virtualised). */
export function jobTableConfig(tab: JobTab): TableConfig<TranscodeJobRow> {
  const columns = jobColumns(tab);
  return {
    title: tab.label,
    checkboxKeyMap: 'id',
    rowOptions: { selectable: true, dense: true },
    // 'Load more' appends pages: no page controls
    pagination: { usePagination: false },
    emptyMessages: { empty: tab.empty, emptySearch: tab.empty },
    columns,
    minWidth: columns.length * 120,
  };
}
