import { useCallback, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { SubjectDetail, Unit } from '@lectern/contract';
import { PageHeader } from '../../../components/page-header';
import { useSubject } from '../../../lib/queries/get-subject';
import { SubjectLoadState } from './subject-load-state';
import { SUBJECT_MANAGEMENT_PATH, detailsLink, useSubjectParams } from '../hooks/use-subject-params';
import { useSubjectPermissions } from '../hooks/use-subject-permissions';
import { useTreeActions } from '../hooks/use-tree-actions';
import { AttachVideoDrawer } from './attach-video-drawer';
import { EditNotice } from './edit-notice';
import { unitFigures } from './subject-figures';
import { ReviewReason, SubjectHeading } from './subject-heading';
import { SubtopicsTable, TopicsTable, type SubtopicRow } from './topics-tables';

export const TOPICS_TITLE = 'Subject Management - Topics';

/**
 * /subject-management/subject-details/topics?subjectId=…&unitId=…: one unit's totals, its topics and
 * each topic's sub-topics, with the same editing as units plus attaching a transcoded video.
 */
export default function SubjectTopicsPage() {
  const { subjectId, unitId } = useSubjectParams();
  const subject = useSubject(subjectId);
  const back = subjectId ? detailsLink(subjectId) : SUBJECT_MANAGEMENT_PATH;

  if (!subjectId || !unitId) {
    return (
      <>
        <PageHeader title={TOPICS_TITLE} back={back} />
        <Alert severity="info">
          Choose a unit on its subject’s{' '}
          <RouterLink to={back} style={{ color: 'inherit' }}>
            details page
          </RouterLink>
          .
        </Alert>
      </>
    );
  }
  if (subject.isPending || subject.isError) {
    return <SubjectLoadState query={subject} title={TOPICS_TITLE} back={back} loadingLabel="Loading topics" />;
  }
  const unit = subject.data.units.find((candidate) => candidate.unitId === unitId);
  if (!unit) {
    return (
      <>
        <PageHeader title={TOPICS_TITLE} back={back} subtitle={<SubjectHeading subject={subject.data} />} />
        <Alert severity="warning">
          This unit is not in '{subject.data.subjectName}' any more: someone may have deleted it.{' '}
          <RouterLink to={back} style={{ color: 'inherit' }}>
            Back to the subject
          </RouterLink>
        </Alert>
      </>
    );
  }
  return <UnitTopics subject={subject.data} unit={unit} back={back} />;
}

function UnitTopics({ subject, unit, back }: { subject: SubjectDetail; unit: Unit; back: string }) {
  const can = useSubjectPermissions(subject);
  const actions = useTreeActions(subject.subjectId);
  const [picking, setPicking] = useState<SubtopicRow | null>(null);
  const pickVideo = useCallback((row: SubtopicRow) => setPicking(row), []);
  const reason = can.editBlockedReason;

  return (
    <>
      <PageHeader
        title={TOPICS_TITLE}
        back={back}
        subtitle={<SubjectHeading subject={subject} trail={unit.unitName} />}
        figures={unitFigures(unit.totals)}
      />
      <ReviewReason subject={subject} />
      <EditNotice reason={reason} />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        <TopicsTable unit={unit} editable={can.editTree} actions={actions} />
        {unit.topics.map((topic) => (
          <SubtopicsTable
            key={topic.topicId}
            unit={unit}
            topic={topic}
            editable={can.editTree}
            canAttach={can.attach}
            actions={actions}
            onPickVideo={pickVideo}
          />
        ))}
      </Box>
      {picking && (
        <AttachVideoDrawer
          open
          subjectId={subject.subjectId}
          subTopicName={picking.subTopicName}
          currentVideoId={picking.video?.videoId ?? null}
          onClose={() => setPicking(null)}
          onAttach={(videoId) =>
            actions.attachVideo(
              { unitId: picking.unitId, topicId: picking.topicId, subTopicId: picking.subtopicId },
              videoId,
            )
          }
        />
      )}
    </>
  );
}
