import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import { PageHeader } from '../../../components/page-header';
import { useSubject } from '../../../lib/queries/get-subject';
import { useSubjects } from '../../../lib/queries/get-subjects';
import { useVideos } from '../api/get-videos';
import { useExplorerState, type ExplorerState } from '../hooks/use-explorer-state';
import { ExplorerBreadcrumb } from './explorer-breadcrumb';
import { FolderTable, type FolderRow } from './folder-table';
import { VideoFiles } from './video-files';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { plural } from '@lectern/contract';

export const FILE_EXPLORER_TITLE = 'File Explorer';

function SubjectsLevel() {
  const subjects = useSubjects();
  const rows = useMemo<FolderRow[]>(
    () =>
      (subjects.data ?? []).map((s) => ({
        id: s.subjectId,
        name: s.subjectName,
        length: plural(s.unitCount, 'unit'),
        link: { viewType: 'Units', subjectId: s.subjectId, subjectName: s.subjectName },
      })),
    [subjects.data],
  );
  return (
    <FolderTable
      title="Subjects"
      rows={rows}
      loading={subjects.isPending}
      error={subjects.isError ? <QueryErrorAlert query={subjects} /> : undefined}
      empty="No subjects are assigned to you yet."
      urlKey="subjects"
    />
  );
}

/**
 * /file-explorer (spec 1 §2, §3): Subjects -> Units -> Topics -> video files, with a breadcrumb; the
 * level and the chosen subject, unit and topic (names and ids) live in the URL. Developers and
 * uploaders see the subjects they are assigned to (the server scopes the listing).
 */
export default function FileExplorerPage() {
  const { state } = useExplorerState();
  const subject = useSubject(state.viewType === 'Subjects' ? null : state.subjectId);
  const unit = subject.data?.units.find((u) => u.unitId === state.unitId);
  const topic = unit?.topics.find((t) => t.topicId === state.topicId);
  // names from the server once loaded, from the URL until then
  const named: ExplorerState = {
    ...state,
    subjectName: subject.data?.subjectName ?? state.subjectName,
    unitName: unit?.unitName ?? state.unitName,
    topicName: topic?.topicName ?? state.topicName,
  };
  const unitVideos = useVideos(
    state.viewType === 'Topics' ? { subjectId: state.subjectId, unitId: state.unitId } : null,
  );

  let missing: string | null = null;
  if (subject.data && state.viewType !== 'Units' && !unit) missing = 'This unit';
  else if (subject.data && state.viewType === 'Files' && !topic) missing = 'This topic';

  let body;
  if (state.viewType === 'Subjects') {
    body = <SubjectsLevel />;
  } else if (subject.isError) {
    body = <QueryErrorAlert query={subject} />;
  } else if (missing) {
    body = <Alert severity="warning">{`${missing} no longer exists. Choose another one above.`}</Alert>;
  } else if (state.viewType === 'Units') {
    const rows: FolderRow[] = (subject.data?.units ?? []).map((u) => ({
      id: u.unitId,
      name: u.unitName,
      length: plural(u.topics.length, 'topic'),
      link: { ...named, viewType: 'Topics', unitId: u.unitId, unitName: u.unitName },
    }));
    body = (
      <FolderTable
        title={`Units of ${named.subjectName}`}
        rows={rows}
        loading={subject.isPending}
        empty="This subject has no units yet."
        urlKey="units"
      />
    );
  } else if (state.viewType === 'Topics') {
    const counts = new Map<string, number>();
    for (const video of unitVideos.data ?? []) {
      if (video.topicId) counts.set(video.topicId, (counts.get(video.topicId) ?? 0) + 1);
    }
    const rows: FolderRow[] = (unit?.topics ?? []).map((t) => ({
      id: t.topicId,
      name: t.topicName,
      length: unitVideos.data ? plural(counts.get(t.topicId) ?? 0, 'file') : '…',
      link: { ...named, viewType: 'Files', topicId: t.topicId, topicName: t.topicName },
    }));
    body = (
      <FolderTable
        title={`Topics of ${named.unitName}`}
        rows={rows}
        loading={subject.isPending}
        error={unitVideos.isError ? <QueryErrorAlert query={unitVideos} /> : undefined}
        empty="This unit has no topics yet."
        urlKey="topics"
      />
    );
  } else {
    body = <VideoFiles key={state.topicId} topic={named} />;
  }

  return (
    <>
      <PageHeader
        title={FILE_EXPLORER_TITLE}
        subtitle="Browse, upload, copy, move and delete the video files of your subjects."
      />
      <ExplorerBreadcrumb state={named} />
      {body}
    </>
  );
}
