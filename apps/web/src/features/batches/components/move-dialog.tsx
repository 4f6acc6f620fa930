import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { failureLine, type MoveResult, plural } from '@lectern/contract';
import { notify } from '../../../components/feedback/notify';
import { Modal } from '../../../components/modal';
import { errorMessage } from '../../../lib/query-client';
import { useMoveStudents } from '../api/batch-mutations';
import { useBatchInfo } from '../api/get-batches';
import { batchLabel, seatsText } from './batch-display';

export interface MoveDialogProps {
  open: boolean;
  /** the batch they are in */
  fromBatch: { batchId: string; batchName: string };
  students: readonly { studentId: string; name: string }[];
  /** after a move: the ids of those who could not go (they stay selected) */
  onMoved: (failedIds: string[]) => void;
  onClose: () => void;
}

/**
 * 'Move to batch' for the selected students: an active batch other than this one with a free seat (a
 * full one is listed as 'Full' and cannot be chosen); the move goes per student, so some may fail
 * (closed, no seat left for them, no longer here). As spec 2 §8 says: when the answer carries
 * the error flag its message shows as an error with one line per student, 'For {name} {reason}'.
 */
export function MoveDialog({ open, fromBatch, students, onMoved, onClose }: MoveDialogProps) {
  const active = useBatchInfo('ACTIVE', open);
  const move = useMoveStudents();
  const [target, setTarget] = useState('');
  const [outcome, setOutcome] = useState<MoveResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const choices = (active.data ?? []).filter((batch) => batch.batchId !== fromBatch.batchId);
  const count = students.length;

  async function submit() {
    if (!target) {
      setProblem('Choose the batch to move them to.');
      return;
    }
    setProblem(null);
    try {
      const { data: result } = await move.mutateAsync({
        oldBatchId: fromBatch.batchId,
        newBatchId: target,
        studentIds: students.map((student) => student.studentId),
      });
      if (result.error) {
        setOutcome(result);
        notify('error', result.message);
        onMoved(result.data.map((failure) => failure.studentId));
      } else {
        notify('success', result.message);
        onMoved([]);
        onClose();
      }
    } catch (error) {
      setProblem(errorMessage(error));
    }
  }

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={outcome ? 'Some students were not moved' : `Move ${plural(count, 'student')} to another batch`}
      actions={
        outcome ? (
          <Button variant="contained" onClick={onClose}>
            Close
          </Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={move.isPending}>
              Cancel
            </Button>
            <Button variant="contained" loading={move.isPending} onClick={() => void submit()}>
              Move
            </Button>
          </>
        )
      }
    >
      {outcome ? (
        <Alert severity="error">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {outcome.message}
          </Typography>
          <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
            {outcome.data.map((failure) => (
              <li key={failure.studentId}>{failureLine(failure)}</li>
            ))}
          </Box>
        </Alert>
      ) : (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
          <Typography variant="body2">
            From {fromBatch.batchName}: {students.map((student) => student.name).join(', ')}.
          </Typography>
          <TextField
            select
            label="Move to"
            required
            value={target}
            onChange={(event) => setTarget(event.target.value)}
            error={Boolean(problem) && !target}
            helperText={
              active.isError
                ? 'Could not load the active batches.'
                : 'Active batches, with their seats taken. A full batch takes no one.'
            }
          >
            {choices.length === 0 && (
              <MenuItem value="" disabled>
                {active.isPending ? 'Loading…' : 'No other active batch.'}
              </MenuItem>
            )}
            {choices.map((batch) => {
              // a full batch would refuse every student: it shows, but cannot be chosen
              const full = batch.studentCount >= batch.capacity;
              return (
                // wrapped on a phone, so the seats and 'Full' stay in sight
                <MenuItem key={batch.batchId} value={batch.batchId} disabled={full} sx={{ whiteSpace: 'normal' }}>
                  {batchLabel(batch)}: {batch.branchName}, {seatsText(batch)}
                  {full && ' · Full'}
                </MenuItem>
              );
            })}
          </TextField>
          {problem && (
            <Alert severity="error" role="alert">
              {problem}
            </Alert>
          )}
        </Box>
      )}
    </Modal>
  );
}
