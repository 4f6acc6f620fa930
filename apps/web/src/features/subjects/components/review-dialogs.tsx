import { useState } from 'react';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SubjectListItem } from '@lectern/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Modal } from '../../../components/modal';
import { useSession } from '../../../lib/session';
import { useSubjectEdit } from '../api/subject-mutations';

export const REASON_REQUIRED = 'Enter a reason: the content developers see it on the subject.';
const REASON_MAX = 1000;

/** Approve (FINISHED → ready to be published) or publish (ready → published), after confirming. */
export function ApproveDialog({ subject, onClose }: { subject: SubjectListItem; onClose: () => void }) {
  const session = useSession();
  const approve = useSubjectEdit('approve', { subjectId: subject.subjectId });
  const publish = subject.subjectState === 'READY_TO_BE_PUBLISHED';
  return (
    <ConfirmDialog
      open
      title={publish ? 'Publish subject?' : 'Approve subject?'}
      message={
        publish
          ? `'${subject.subjectName}' will be published.`
          : `'${subject.subjectName}' will be ready to be published. Its content stays locked.`
      }
      confirmLabel={publish ? 'Publish' : 'Approve'}
      onClose={onClose}
      onConfirm={() =>
        approve.mutateAsync({
          params: { userId: session?.user.userId ?? '' },
          body: { subjectId: subject.subjectId, version: subject.version },
        })
      }
    />
  );
}

/**
 * Send a subject under review back to IN_PROGRESS, as a revert (changes needed) or a decline, with a
 * reason the content developers then see on the subject. The reason is required.
 */
export function RevertDialog({ subject, onClose }: { subject: SubjectListItem; onClose: () => void }) {
  const revert = useSubjectEdit('revert', { subjectId: subject.subjectId });
  const [decline, setDecline] = useState(false);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const blank = reason.trim() === '';
  const showError = touched && blank;

  async function send() {
    setTouched(true);
    if (blank) return;
    try {
      await revert.mutateAsync({
        params: { subjectId: subject.subjectId },
        body: { version: subject.version, reason: reason.trim(), decline },
      });
      onClose();
    } catch {
      // the message is shown; the reason stays for a retry
    }
  }

  return (
    <Modal
      open
      onClose={() => {
        if (!revert.isPending) onClose();
      }}
      title={`Send '${subject.subjectName}' back`}
      actions={
        <>
          <Button onClick={onClose} disabled={revert.isPending}>
            Cancel
          </Button>
          <Button variant="contained" color="error" loading={revert.isPending} onClick={() => void send()}>
            {decline ? 'Decline' : 'Revert'}
          </Button>
        </>
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        The subject returns to its content developers in progress and can be edited again.
      </Typography>
      <FormControl sx={{ mb: 2 }}>
        <FormLabel id="revert-kind">Action</FormLabel>
        <RadioGroup
          row
          aria-labelledby="revert-kind"
          value={decline ? 'decline' : 'revert'}
          onChange={(event) => setDecline(event.target.value === 'decline')}
        >
          <FormControlLabel value="revert" control={<Radio />} label="Revert (changes needed)" />
          <FormControlLabel value="decline" control={<Radio />} label="Decline" />
        </RadioGroup>
      </FormControl>
      <TextField
        label="Reason"
        required
        fullWidth
        multiline
        minRows={3}
        autoFocus
        value={reason}
        onChange={(event) => setReason(event.target.value.slice(0, REASON_MAX))}
        onBlur={() => setTouched(true)}
        error={showError}
        helperText={showError ? REASON_REQUIRED : `${reason.length}/${REASON_MAX}`}
      />
    </Modal>
  );
}
