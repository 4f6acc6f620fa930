import { useMemo, useState } from 'react';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DriveFileMoveOutlinedIcon from '@mui/icons-material/DriveFileMoveOutlined';
import { z } from 'zod';
import {
  FILE_TYPES,
  TRANSCODING_STATUSES,
  TranscodingStatusSchema,
  formatBytes,
  type ExplorerVideo,
} from '@lectern/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type TableConfig } from '../../../components/data-table';
import { notify } from '../../../components/feedback/notify';
import { FileDropZone, type Accept } from '../../../components/file-drop-zone';
import type { FilterValue } from '../../../components/search-filter/filter-menu';
import { TRANSCODING_BADGE_CELL } from '../../../components/transcoding-badge';
import { VideoFilesTableHeader } from '../../../components/video-files-table-header';
import { enqueueVideo } from '../../../lib/uploads/default-queue';
import { useVideos } from '../api/get-videos';
import { useDeleteVideos, useTransferVideos, type Destination } from '../api/video-mutations';
import { DestinationDialog } from './destination-dialog';
import { PreviewDialog } from './preview-dialog';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { useListController } from '../../../components/list';

const STATUS_NAMES: Record<string, string> = {
  NOT_STARTED: 'Not started',
  SUBMITTED: 'Submitted',
  PROGRESSING: 'In progress',
  COMPLETE: 'Transcoded',
  CANCELED: 'Cancelled',
  ERROR: 'Error',
};
const FILTERS = [
  {
    id: 'status',
    label: 'Transcoding status',
    options: TRANSCODING_STATUSES.map((status) => ({ value: status, label: STATUS_NAMES[status] ?? status })),
  },
];
/** ?videos.status=COMPLETE: the status filter, kept in the URL by the list controller. */
const VIDEO_FILTERS = z.object({ status: TranscodingStatusSchema.optional() });

/** The drop zone's accept filter: every video type of the contract. */
const VIDEO_ACCEPT: Accept = Object.fromEntries(
  Object.values(FILE_TYPES)
    .filter((type) => type.kind === 'video')
    .map((type) => [type.contentTypes[0], type.extensions.map((e) => `.${e}`)]),
);

function videoTable(preview: (video: ExplorerVideo) => void): TableConfig<ExplorerVideo> {
  return {
    checkboxKeyMap: 'videoId',
    rowOptions: { selectable: true },
    searchTextMap: ['Name', 'Id', 'uploadedBy'],
    minWidth: 1000,
    emptyMessages: {
      empty: 'No video files in this topic yet. Drop one above to upload it.',
      emptySearch: 'No video files match your search.',
    },
    columns: [
      { id: 'name', title: 'Name', dataMapping: 'Name', sortable: true, extraWidth: 160 },
      { id: 'key', title: 'Storage key', dataMapping: 'Id', extraWidth: 220 },
      {
        id: 'size',
        title: 'Size',
        dataMapping: (v) => formatBytes(v.Length),
        sortable: true,
        sortValue: (v) => v.Length,
        align: 'right',
        extraWidth: 110,
      },
      {
        id: 'duration',
        title: 'Duration',
        elementType: 'duration',
        dataMapping: 'videoDurationInSecond',
        sortable: true,
        extraWidth: 110,
      },
      {
        id: 'status',
        title: 'Transcoding',
        elementType: 'statusLabel',
        dataMapping: 'transcodingStatus',
        elementConfig: TRANSCODING_BADGE_CELL,
      },
      { id: 'uploadedBy', title: 'Uploaded by', dataMapping: 'uploadedBy', sortable: true },
      {
        id: 'uploadedAt',
        title: 'Uploaded at',
        elementType: 'date',
        dataMapping: 'uploadedAt',
        sortable: true,
        sortValue: (v) => v.uploadedAt,
      },
      {
        id: 'preview',
        title: 'Preview',
        hideTitle: true,
        elementType: 'button',
        elementConfig: { label: 'Play', onClick: preview, ariaLabel: (v) => `Play ${v.Name}` },
      },
    ],
  };
}

export interface TopicRef {
  subjectId: string;
  subjectName: string;
  unitId: string;
  unitName: string;
  topicId: string;
  topicName: string;
}

/**
 * The video files of one topic: upload into it through the drop zone (the file joins the upload
 * panel and is registered with this subject, unit and topic), the list with 'Refresh Table' and the
 * status filter, copy, move and delete (each confirmed), and a preview that plays the file.
 */
export function VideoFiles({ topic }: { topic: TopicRef }) {
  const { subjectId, unitId, topicId } = topic;
  const videos = useVideos({ subjectId, unitId, topicId });
  const list = useListController({ schema: VIDEO_FILTERS, urlKey: 'videos' });
  const status = list.filters.status;
  const [dropKey, setDropKey] = useState(0);
  const [previewing, setPreviewing] = useState<ExplorerVideo | null>(null);
  const [transfer, setTransfer] = useState<{ kind: 'copy' | 'move'; ids: string[]; clear: () => void } | null>(null);
  const [deleting, setDeleting] = useState<{ rows: ExplorerVideo[]; clear: () => void } | null>(null);
  const copy = useTransferVideos('copy', subjectId);
  const move = useTransferVideos('move', subjectId);
  const remove = useDeleteVideos(subjectId);

  const config = useMemo(() => videoTable(setPreviewing), []);
  const rows = useMemo(
    () => (videos.data ?? []).filter((v) => !status || v.transcodingStatus === status),
    [videos.data, status],
  );

  function chooseFile(file: File | null) {
    if (!file) return;
    const refusal = enqueueVideo(file, {
      type: 'subject',
      subjectId,
      unitId,
      topicId,
      label: topic.subjectName || subjectId,
    });
    if (refusal) notify('error', refusal);
    // the zone is ready for the next file; the upload panel shows this one
    setDropKey((key) => key + 1);
  }

  function setFilter(value: FilterValue) {
    list.setFilter('status', value.status ?? null);
  }

  function confirmTransfer(destination: Destination) {
    if (!transfer) return Promise.resolve();
    const mutation = transfer.kind === 'copy' ? copy : move;
    return mutation.mutateAsync({ videoIds: transfer.ids, destination }).then(() => transfer.clear());
  }

  const deletingNames = deleting?.rows.map((v) => v.Name) ?? [];

  return (
    <Box>
      <Box component="section" aria-label="Upload videos" sx={{ mb: 3 }}>
        <Typography variant="h2" sx={{ mb: 1 }}>
          Upload videos to {topic.topicName || topicId}
        </Typography>
        <FileDropZone
          key={dropKey}
          accept={VIDEO_ACCEPT}
          onFileChange={chooseFile}
          label="Drag and drop a video here, or click to choose one (MP4, MOV, MKV or WebM, up to 20 GB)"
        />
      </Box>
      <VideoFilesTableHeader
        title="Video Files"
        onRefresh={() => void videos.refetch()}
        refreshing={videos.isFetching}
        filter={{ filters: FILTERS, value: status ? { status } : {}, onChange: setFilter }}
      />
      <DataTable
        config={config}
        rows={rows}
        loading={videos.isPending}
        error={videos.isError ? <QueryErrorAlert query={videos} /> : undefined}
        {...list.table}
        selectionActions={({ ids, rows: chosen, clear }) => (
          <>
            <Button
              color="inherit"
              startIcon={<ContentCopyIcon />}
              onClick={() => setTransfer({ kind: 'copy', ids: ids.map(String), clear })}
            >
              Copy
            </Button>
            <Button
              color="inherit"
              startIcon={<DriveFileMoveOutlinedIcon />}
              onClick={() => setTransfer({ kind: 'move', ids: ids.map(String), clear })}
            >
              Move
            </Button>
            <Button
              color="inherit"
              startIcon={<DeleteOutlineIcon />}
              onClick={() => setDeleting({ rows: chosen, clear })}
            >
              Delete
            </Button>
          </>
        )}
      />
      {transfer && (
        <DestinationDialog
          kind={transfer.kind}
          count={transfer.ids.length}
          from={{ subjectId, unitId, topicId }}
          onClose={() => setTransfer(null)}
          onConfirm={confirmTransfer}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={deletingNames.length === 1 ? 'Delete this video?' : `Delete ${deletingNames.length} videos?`}
        message={
          deletingNames.length === 1
            ? `'${deletingNames[0]}' will be deleted from storage, and from any subtopic it is attached to.`
            : 'They will be deleted from storage, and from any subtopic they are attached to.'
        }
        confirmLabel="Delete"
        destructive
        onConfirm={() => remove.mutateAsync(deleting?.rows.map((v) => v.videoId) ?? []).then(() => deleting?.clear())}
        onClose={() => setDeleting(null)}
      />
      {previewing && <PreviewDialog video={previewing} onClose={() => setPreviewing(null)} />}
      {formatHint(videos.data?.length ?? 0)}
    </Box>
  );
}

function formatHint(count: number) {
  if (count === 0) return null;
  return (
    <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
      Select files to copy, move or delete them. Only transcoded files can be attached to sub-topics.
    </Typography>
  );
}
