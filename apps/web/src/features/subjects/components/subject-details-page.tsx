import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import type { SubjectDetail } from '@lectern/contract';
import { useConfirm } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { useSession } from '../../../lib/session';
import { useSubject } from '../../../lib/queries/get-subject';
import { SubjectLoadState } from './subject-load-state';
import { useSubjectEdit } from '../api/subject-mutations';
import { useSubjectParams, SUBJECT_MANAGEMENT_PATH } from '../hooks/use-subject-params';
import { useSubjectPermissions } from '../hooks/use-subject-permissions';
import { quietly, useTreeActions } from '../hooks/use-tree-actions';
import { AssigneesDrawer } from './assignees-drawer';
import { EditNotice } from './edit-notice';
import { totalsFigures } from './subject-figures';
import { SubjectFormDrawer } from './subject-form-drawer';
import { ReviewReason, SubjectHeading } from './subject-heading';
import { UnitsTable } from './units-table';

export const DETAILS_TITLE = 'Subject Management - Subject Details';

/**
 * /subject-management/subject-details?subjectId=…: the subject's totals, the reviewer's last reason,
 * its people and instructors, and its units. Editors build units and send the subject for review;
 * admins assign people and change its details.
 */
export default function SubjectDetailsPage() {
  const { subjectId } = useSubjectParams();
  const subject = useSubject(subjectId);

  if (!subjectId) {
    return (
      <>
        <PageHeader title={DETAILS_TITLE} back={SUBJECT_MANAGEMENT_PATH} />
        <Alert severity="info">
          Choose a subject on{' '}
          <RouterLink to={SUBJECT_MANAGEMENT_PATH} style={{ color: 'inherit' }}>
            Subject Management
          </RouterLink>
          .
        </Alert>
      </>
    );
  }
  if (subject.isPending || subject.isError) {
    return (
      <SubjectLoadState
        query={subject}
        title={DETAILS_TITLE}
        back={SUBJECT_MANAGEMENT_PATH}
        loadingLabel="Loading subject"
      />
    );
  }
  return <SubjectDetails subject={subject.data} />;
}

function SubjectDetails({ subject }: { subject: SubjectDetail }) {
  const session = useSession();
  const can = useSubjectPermissions(subject);
  const actions = useTreeActions(subject.subjectId);
  const sendForReview = useSubjectEdit('sendForReview', { subjectId: subject.subjectId });
  const { confirm, confirmDialog } = useConfirm();
  const [drawer, setDrawer] = useState<'people' | 'edit' | null>(null);

  async function askSendForReview() {
    const ok = await confirm({
      title: 'Send for review?',
      message: `'${subject.subjectName}' goes to its content admin for review. Units, topics and sub-topics cannot be changed until it is approved or sent back.`,
      confirmLabel: 'Send for review',
    });
    if (!ok || !session) return;
    quietly(
      sendForReview.mutateAsync({
        params: { userId: session.user.userId },
        body: { subjectId: subject.subjectId, version: subject.version },
      }),
    );
  }

  const people = subject.assignees;
  const actionButtons = (
    <>
      {can.manage && (
        <Button variant="outlined" startIcon={<GroupOutlinedIcon />} onClick={() => setDrawer('people')}>
          Assign people
        </Button>
      )}
      {can.manage && (
        <Button variant="outlined" startIcon={<EditOutlinedIcon />} onClick={() => setDrawer('edit')}>
          Edit details
        </Button>
      )}
      {can.sendForReview && (
        <Button variant="contained" startIcon={<SendOutlinedIcon />} onClick={() => void askSendForReview()}>
          Send for review
        </Button>
      )}
    </>
  );
  return (
    <>
      <PageHeader
        title={DETAILS_TITLE}
        back={SUBJECT_MANAGEMENT_PATH}
        subtitle={<SubjectHeading subject={subject} />}
        figures={totalsFigures(subject.totals)}
        actions={can.manage || can.sendForReview ? actionButtons : undefined}
      />
      <ReviewReason subject={subject} />
      <EditNotice reason={can.editBlockedReason} />
      {subject.description && (
        <Typography color="text.secondary" sx={{ mb: 2, whiteSpace: 'pre-line' }}>
          {subject.description}
        </Typography>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mb: 3 }}>
        <SectionCard title="People">
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1 }}>
            <PeopleRow label="Content admin" names={people.contentAdmin ? [people.contentAdmin.userName] : []} />
            <PeopleRow label="Content developers" names={people.contentDevelopers.map((p) => p.userName)} />
            <PeopleRow label="Content uploaders" names={people.contentUploaders.map((p) => p.userName)} />
          </Box>
        </SectionCard>
        <SectionCard title="Instructors">
          {subject.instructors.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              No instructors yet.
            </Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {subject.instructors.map((instructor, index) => (
                <li key={index}>
                  <Typography variant="body2">
                    {`${instructor.instructorFirstName} ${instructor.instructorLastName}`.trim()}
                    {instructor.qualification && (
                      <Box component="span" sx={{ color: 'text.secondary' }}>{` · ${instructor.qualification}`}</Box>
                    )}
                  </Typography>
                </li>
              ))}
            </Box>
          )}
        </SectionCard>
      </Box>
      <UnitsTable subject={subject} editable={can.editTree} actions={actions} />
      {can.manage && drawer === 'people' && <AssigneesDrawer open subject={subject} onClose={() => setDrawer(null)} />}
      {can.manage && drawer === 'edit' && (
        <SubjectFormDrawer open subject={subject} canRename={can.rename} onClose={() => setDrawer(null)} />
      )}
      {confirmDialog}
    </>
  );
}

function PeopleRow({ label, names }: { label: string; names: string[] }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
        {names.length > 0 ? names.join(', ') : 'None yet'}
      </Typography>
    </>
  );
}
