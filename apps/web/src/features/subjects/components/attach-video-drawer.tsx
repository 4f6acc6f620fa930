import { useMemo, useState } from 'react';
import { isAttachable, type VideoFile } from '@lectern/contract';
import { DataTable, type RowId, type TableConfig } from '../../../components/data-table';
import { DrawerForm } from '../../../components/drawer-form';
import { TRANSCODING_BADGE_CELL } from '../../../components/transcoding-badge';
import { VideoFilesTableHeader } from '../../../components/video-files-table-header';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { useSubjectVideos } from '../api/get-subject-videos';

export const videoPickerConfig: TableConfig<VideoFile> = {
  checkboxKeyMap: 'videoId',
  checkBoxAsRadio: true,
  rowOptions: { isRowSelectable: (video) => isAttachable(video.transcodingStatus), dense: true },
  searchTextMap: ['Name'],
  // a picker shows every file (long lists are virtualised) rather than pages
  pagination: { usePagination: false },
  minWidth: 400,
  emptyMessages: {
    empty: 'This subject has no video files yet. Upload them in the file explorer.',
    emptySearch: 'No video files match your search.',
  },
  columns: [
    { id: 'name', title: 'Name', dataMapping: 'Name', sortable: true, extraWidth: 150 },
    {
      id: 'status',
      title: 'Transcoding',
      elementType: 'statusLabel',
      dataMapping: 'transcodingStatus',
      elementConfig: TRANSCODING_BADGE_CELL,
    },
    { id: 'duration', title: 'Duration', elementType: 'duration', dataMapping: 'videoDurationInSecond' },
  ],
};

/**
 * Picks the video for one subtopic from the subject's own video files: only transcoded (COMPLETE)
 * files can be chosen; the others show why with their badge.
 */
export function AttachVideoDrawer({
  open,
  subjectId,
  subTopicName,
  currentVideoId,
  onClose,
  onAttach,
}: {
  open: boolean;
  subjectId: string;
  subTopicName: string;
  currentVideoId: string | null;
  onClose: () => void;
  /** Saves the choice; the drawer closes when it resolves and stays open when it rejects. */
  onAttach: (videoId: string) => Promise<unknown>;
}) {
  const videos = useSubjectVideos(subjectId, open);
  const [selected, setSelected] = useState<RowId[]>(currentVideoId ? [currentVideoId] : []);
  const [saving, setSaving] = useState(false);
  const rows = useMemo(() => videos.data ?? [], [videos.data]);
  const chosen = selected[0];
  const changed = chosen !== undefined && chosen !== currentVideoId;

  async function attach() {
    if (chosen === undefined) return;
    setSaving(true);
    try {
      await onAttach(String(chosen));
      onClose();
    } catch {
      // the message is shown; the choice stays for a retry
    } finally {
      setSaving(false);
    }
  }

  return (
    <DrawerForm
      open={open}
      onClose={onClose}
      title="Attach video"
      subtitle={`To '${subTopicName}'. Only transcoded videos can be attached.`}
      primaryLabel="Attach"
      primaryDisabled={!changed}
      submitting={saving}
      dirty={changed}
      onSubmit={() => void attach()}
    >
      <VideoFilesTableHeader onRefresh={() => void videos.refetch()} refreshing={videos.isFetching} />
      <DataTable
        config={videoPickerConfig}
        rows={rows}
        loading={videos.isPending && open}
        syncUrl={false}
        selectedIds={selected}
        onSelectionChange={(ids) => setSelected(ids)}
        error={videos.isError ? <QueryErrorAlert query={videos} /> : undefined}
      />
    </DrawerForm>
  );
}
