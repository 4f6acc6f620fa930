import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { formatDateLong, type SubjectDetail } from '@lectern/contract';
import { SubjectStateBadge } from './subject-state';

/** The subject's name with its state, under the page title. */
export function SubjectHeading({ subject, trail }: { subject: SubjectDetail; trail?: string }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      <Box
        component="span"
        data-testid="subject-name"
        sx={{ fontSize: '1.125rem', fontWeight: 600, color: 'text.primary', overflowWrap: 'anywhere' }}
      >
        {subject.subjectName}
        {trail ? ` › ${trail}` : ''}
      </Box>
      <SubjectStateBadge state={subject.subjectState} />
    </Box>
  );
}

/** The reviewer's reason when the subject came back from review: what the developers must fix. */
export function ReviewReason({ subject }: { subject: SubjectDetail }) {
  const review = subject.lastReview;
  if (!review || review.action === 'APPROVED' || subject.subjectState !== 'IN_PROGRESS') return null;
  const verb = review.action === 'DECLINED' ? 'Declined' : 'Reverted';
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="review-reason">
      <AlertTitle>
        {verb} by {review.by} on {formatDateLong(review.at)}
      </AlertTitle>
      {review.reason}
    </Alert>
  );
}
