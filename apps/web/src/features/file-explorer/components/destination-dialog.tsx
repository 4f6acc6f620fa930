import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Modal } from '../../../components/modal';
import { useSubject } from '../../../lib/queries/get-subject';
import { useSubjects } from '../../../lib/queries/get-subjects';
import type { Destination } from '../api/video-mutations';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { plural } from '@lectern/contract';

export interface DestinationDialogProps {
  kind: 'copy' | 'move';
  /** how many videos are chosen */
  count: number;
  /** where they are now: the dialog starts there */
  from: { subjectId: string; unitId: string; topicId: string };
  onClose: () => void;
  /** copies or moves; the dialog closes when it resolves and stays open when it rejects */
  onConfirm: (destination: Destination) => Promise<unknown>;
}

/**
 * Chooses where videos are copied or moved to (a subject, a unit, a topic) and confirms it: the
 * sentence under the choices says exactly what will happen before the button does it.
 */
export function DestinationDialog({ kind, count, from, onClose, onConfirm }: DestinationDialogProps) {
  const subjects = useSubjects();
  const [subjectId, setSubjectId] = useState(from.subjectId);
  const [unitId, setUnitId] = useState(from.unitId);
  const [topicId, setTopicId] = useState('');
  const [busy, setBusy] = useState(false);
  const subject = useSubject(subjectId || null);
  const units = subject.data?.units ?? [];
  const unit = units.find((u) => u.unitId === unitId);
  const topics = unit?.topics ?? [];
  const topic = topics.find((t) => t.topicId === topicId);
  const same = kind === 'move' && subjectId === from.subjectId && unitId === from.unitId && topicId === from.topicId;
  const verb = kind === 'copy' ? 'Copy' : 'Move';
  const what = plural(count, 'video');

  async function confirm() {
    if (!topic) return;
    setBusy(true);
    try {
      await onConfirm({ subjectId, unitId, topicId });
      onClose();
    } catch {
      // the message is shown by the mutation; the choice stays for another try
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      onClose={() => {
        if (!busy) onClose();
      }}
      title={`${verb} ${what}`}
      maxWidth="xs"
      actions={
        <>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="contained" disabled={!topic || same} loading={busy} onClick={() => void confirm()}>
            {verb}
          </Button>
        </>
      }
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}>
        <TextField
          select
          label="Subject"
          value={subjects.data ? subjectId : ''}
          onChange={(event) => {
            setSubjectId(event.target.value);
            setUnitId('');
            setTopicId('');
          }}
          disabled={!subjects.data}
        >
          {(subjects.data ?? []).map((s) => (
            <MenuItem key={s.subjectId} value={s.subjectId}>
              {s.subjectName}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Unit"
          value={unit ? unitId : ''}
          onChange={(event) => {
            setUnitId(event.target.value);
            setTopicId('');
          }}
          disabled={units.length === 0}
          helperText={subject.data && units.length === 0 ? 'This subject has no units yet.' : undefined}
        >
          {units.map((u) => (
            <MenuItem key={u.unitId} value={u.unitId}>
              {u.unitName}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Topic"
          value={topic ? topicId : ''}
          onChange={(event) => setTopicId(event.target.value)}
          disabled={topics.length === 0}
          helperText={unit && topics.length === 0 ? 'This unit has no topics yet.' : undefined}
        >
          {topics.map((t) => (
            <MenuItem key={t.topicId} value={t.topicId}>
              {t.topicName}
            </MenuItem>
          ))}
        </TextField>
        {subject.isError && <QueryErrorAlert query={subject} />}
        {topic && subject.data && unit && (
          <Typography variant="body2" color={same ? 'error' : 'text.secondary'}>
            {same
              ? 'The videos are in this topic already.'
              : `${what} will be ${kind === 'copy' ? 'copied' : 'moved'} to ${subject.data.subjectName} › ${unit.unitName} › ${topic.topicName}.`}
          </Typography>
        )}
      </Box>
    </Modal>
  );
}
