import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { formatDuration, type LiveClass, type Recording } from '@lectern/contract';
import { DataTable, type RowId, type TableConfig } from '../../../components/data-table';
import { Modal } from '../../../components/modal';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { errorMessage } from '../../../lib/query-client';
import { useRecordings } from '../api/get-choices';
import { useAttachRecording } from '../api/live-class-mutations';
import { formatClassTime, formatDay, indiaParts } from './class-time';

const TRANSCODED = 'COMPLETE';

/** Every row says where it stands, so a row that cannot be chosen says why. */
const TRANSCODING_TAGS = {
  transcoded: { label: 'Transcoded', colour: '#03543F', background: '#DEF7EC' },
  transcoding: { label: 'Transcoding', colour: '#723B13', background: '#FDF6B2' },
  'not transcoded': { label: 'Not transcoded', colour: '#374151', background: '#F3F4F6' },
};

const recordingsTable: TableConfig<Recording> = {
  title: 'Recordings',
  checkboxKeyMap: 'videoId',
  checkBoxAsRadio: true,
  rowOptions: { isRowSelectable: (r) => r.transcodingStatus === TRANSCODED, dense: true },
  searchTextMap: ['Name', 'liveClassName', (r) => r.instructorName ?? ''],
  emptyMessages: { empty: 'No recordings yet.', emptySearch: 'No recordings match your search.' },
  minWidth: 640,
  columns: [
    { id: 'name', title: 'Video', dataMapping: 'Name', sortable: true, extraWidth: 180 },
    { id: 'class', title: 'Class', dataMapping: 'liveClassName', sortable: true, extraWidth: 160 },
    {
      id: 'date',
      title: 'Held',
      dataMapping: (r) => formatDay(indiaParts(r.classDate).day),
      sortable: true,
      sortValue: (r) => r.classDate,
    },
    {
      id: 'length',
      title: 'Length',
      dataMapping: (r) => (r.videoDurationInSecond ? formatDuration(r.videoDurationInSecond) : '—'),
    },
    {
      id: 'status',
      title: 'Transcoding',
      elementType: 'tag',
      dataMapping: (r) =>
        r.transcodingStatus === TRANSCODED
          ? 'transcoded'
          : r.transcodingStatus === 'PROGRESSING'
            ? 'transcoding'
            : 'not transcoded',
      elementConfig: { styles: TRANSCODING_TAGS },
    },
  ],
};

/**
 * Attach a recording to a class: the recordings list (GET /batch/live-class-recording), only
 * transcoded ones selectable; the server's message shows, a refusal stays in the dialog.
 */
export function RecordingDialog({
  open,
  liveClass,
  onClose,
  onAttached,
}: {
  open: boolean;
  liveClass: LiveClass;
  onClose: () => void;
  onAttached: (liveClass: LiveClass) => void;
}) {
  const recordings = useRecordings(open);
  const attach = useAttachRecording();
  const [selected, setSelected] = useState<RowId[]>([]);
  const rows = useMemo(() => recordings.data?.content ?? [], [recordings.data]);
  const chosen = rows.find((r) => r.videoId === selected[0]);

  async function save() {
    if (!chosen) return;
    try {
      const result = await attach.mutateAsync({ liveClassId: liveClass.liveClassId, videoId: chosen.videoId });
      onAttached(result.data);
      onClose();
    } catch {
      // shown below
    }
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={`Attach a recording to ${liveClass.title}`}
      maxWidth="md"
      fullScreenOnPhone
      actions={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="contained" disabled={!chosen} loading={attach.isPending} onClick={() => void save()}>
            Attach
          </Button>
        </>
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Only a transcoded video can be attached. The class: {formatClassTime(liveClass.startTime, liveClass.endTime)}.
      </Typography>
      {attach.error && (
        <Alert severity="error" sx={{ mb: 1.5 }}>
          {errorMessage(attach.error)}
        </Alert>
      )}
      <DataTable
        config={recordingsTable}
        rows={rows}
        syncUrl={false}
        loading={recordings.isPending}
        error={recordings.isError ? <QueryErrorAlert query={recordings} /> : undefined}
        selectedIds={selected}
        onSelectionChange={(ids) => setSelected(ids)}
      />
    </Modal>
  );
}
