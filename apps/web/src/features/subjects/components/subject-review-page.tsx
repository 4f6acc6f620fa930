import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import type { SubjectListItem } from '@lectern/contract';
import { DataTable, type TableConfig } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { useSubjects } from '../../../lib/queries/get-subjects';
import { SUBJECT_DETAILS_PATH } from '../hooks/use-subject-params';
import { ApproveDialog, RevertDialog } from './review-dialogs';
import { SUBJECT_STATE_LABELS } from './subject-state';

type Acting = { kind: 'approve' | 'revert'; subject: SubjectListItem } | null;

function reviewConfig(
  title: string,
  approveLabel: string,
  revertLabel: string,
  act: (kind: 'approve' | 'revert', subject: SubjectListItem) => void,
): TableConfig<SubjectListItem> {
  return {
    title,
    checkboxKeyMap: 'subjectId',
    searchTextMap: [
      'subjectName',
      (row) => row.contentAdmin?.userName,
      (row) => row.contentDevelopers.map((p) => p.userName).join(' '),
    ],
    minWidth: 960,
    emptyMessages: { empty: 'Nothing here right now.', emptySearch: 'No subjects match your search.' },
    columns: [
      {
        id: 'name',
        title: 'Subject',
        elementType: 'button',
        dataMapping: 'subjectName',
        sortable: true,
        extraWidth: 200,
        elementConfig: {
          variant: 'text',
          to: SUBJECT_DETAILS_PATH,
          query: (row) => ({ subjectId: row.subjectId }),
          ariaLabel: (row) => `Open ${row.subjectName}`,
        },
      },
      { id: 'admin', title: 'Content admin', dataMapping: (row) => row.contentAdmin?.userName },
      {
        id: 'developers',
        title: 'Developers',
        elementType: 'chips',
        dataMapping: (row) => row.contentDevelopers.map((p) => p.userName),
        elementConfig: { max: 2 },
      },
      { id: 'units', title: 'Units', dataMapping: 'unitCount', align: 'right' },
      { id: 'duration', title: 'Duration', elementType: 'duration', dataMapping: 'duration' },
      { id: 'since', title: 'Since', elementType: 'date', dataMapping: 'activityAt', sortable: true },
      {
        id: 'approve',
        title: approveLabel,
        hideTitle: true,
        elementType: 'button',
        elementConfig: {
          label: approveLabel,
          variant: 'contained',
          onClick: (row) => act('approve', row),
          ariaLabel: (row) => `${approveLabel} ${row.subjectName}`,
        },
      },
      {
        id: 'revert',
        title: revertLabel,
        hideTitle: true,
        elementType: 'button',
        elementConfig: {
          label: revertLabel,
          onClick: (row) => act('revert', row),
          ariaLabel: (row) => `${revertLabel} ${row.subjectName}`,
        },
      },
    ],
  };
}

/**
 * /subject-review: finished subjects, sent for review (approve, or revert/decline with a reason) and subjects
 * ready to be published (publish, or revert/decline with a reason).
 */
export default function SubjectReviewPage() {
  const subjects = useSubjects();
  const [acting, setActing] = useState<Acting>(null);
  const finished = useMemo(() => (subjects.data ?? []).filter((s) => s.subjectState === 'FINISHED'), [subjects.data]);
  const ready = useMemo(
    () => (subjects.data ?? []).filter((s) => s.subjectState === 'READY_TO_BE_PUBLISHED'),
    [subjects.data],
  );
  const configs = useMemo(() => {
    const act = (kind: 'approve' | 'revert', subject: SubjectListItem) => setActing({ kind, subject });
    return {
      finished: reviewConfig(SUBJECT_STATE_LABELS.FINISHED, 'Approve', 'Revert or decline', act),
      ready: reviewConfig(SUBJECT_STATE_LABELS.READY_TO_BE_PUBLISHED, 'Publish', 'Revert or decline', act),
    };
  }, []);

  return (
    <>
      <PageHeader
        title="Subject Review"
        subtitle="Approve subjects their developers have finished, publish approved ones, or send them back with a reason."
      />
      {subjects.isError && <QueryErrorAlert query={subjects} sx={{ mb: 2 }} />}
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        <DataTable config={configs.finished} rows={finished} loading={subjects.isPending} urlKey="review" />
        <DataTable config={configs.ready} rows={ready} loading={subjects.isPending} urlKey="ready" />
      </Box>
      {acting?.kind === 'approve' && <ApproveDialog subject={acting.subject} onClose={() => setActing(null)} />}
      {acting?.kind === 'revert' && <RevertDialog subject={acting.subject} onClose={() => setActing(null)} />}
    </>
  );
}
