import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  formatIndiaTime,
  type LiveClass,
  type StudentAttendance,
  type UnmatchedParticipant,
  plural,
} from '@lectern/contract';
import { DataTable, type TableConfig } from '../../../components/data-table';
import { Modal } from '../../../components/modal';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { SectionCard } from '../../../components/section-card';
import { errorMessage } from '../../../lib/query-client';
import { useMatchParticipant } from '../api/attendance-mutations';
import { useStudentAttendance, useUnmatched } from '../api/get-attendance';

function unmatchedTable(match: ((p: UnmatchedParticipant) => void) | null): TableConfig<UnmatchedParticipant> {
  return {
    title: 'Participants to match',
    checkboxKeyMap: 'participantId',
    emptyMessages: { empty: 'Every participant is matched to a student.' },
    minWidth: 640,
    columns: [
      { id: 'name', title: 'Name in the meeting', dataMapping: 'name', extraWidth: 160 },
      { id: 'email', title: 'E-mail', dataMapping: (p) => p.email || '—', extraWidth: 180 },
      { id: 'minutes', title: 'Minutes', dataMapping: 'minutes', align: 'right' },
      {
        id: 'times',
        title: 'Joined, left',
        dataMapping: (p) => `${formatIndiaTime(p.joinTime)} to ${formatIndiaTime(p.leaveTime)}`,
        extraWidth: 150,
      },
      ...(match
        ? [
            {
              id: 'match',
              title: 'Match',
              hideTitle: true,
              elementType: 'button',
              elementConfig: {
                label: 'Match to student',
                variant: 'outlined',
                onClick: match,
                ariaLabel: (p: UnmatchedParticipant) => `Match to student: ${p.name}`,
              },
            } as const,
          ]
        : []),
    ],
  };
}

/**
 * Participants no student was found for (by registration, e-mail or mobile; never by name): each can be
 * matched by hand to a student of the class who has no attendance yet.
 */
export function UnmatchedParticipants({ liveClass, canManage }: { liveClass: LiveClass; canManage: boolean }) {
  const unmatched = useUnmatched(liveClass.liveClassId);
  const [matching, setMatching] = useState<UnmatchedParticipant | null>(null);
  return (
    <SectionCard title="Not matched to a student">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Their minutes count for no one until they are matched.
      </Typography>
      <DataTable
        config={unmatchedTable(canManage ? setMatching : null)}
        rows={unmatched.data ?? []}
        syncUrl={false}
        loading={unmatched.isPending}
        error={unmatched.isError ? <QueryErrorAlert query={unmatched} /> : undefined}
      />
      {matching && <MatchDialog liveClass={liveClass} participant={matching} onClose={() => setMatching(null)} />}
    </SectionCard>
  );
}

function MatchDialog({
  liveClass,
  participant,
  onClose,
}: {
  liveClass: LiveClass;
  participant: UnmatchedParticipant;
  onClose: () => void;
}) {
  // the class's students without attendance: the ones a participant can be
  const absent = useStudentAttendance(liveClass.classRoomType, liveClass.liveClassId, 0, 1000, false);
  const match = useMatchParticipant();
  const [student, setStudent] = useState<StudentAttendance | null>(null);

  async function save() {
    if (!student) return;
    try {
      await match.mutateAsync({
        liveClassId: liveClass.liveClassId,
        participantId: participant.participantId,
        studentId: student.studentId,
      });
      onClose();
    } catch {
      // shown in the dialog
    }
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={`Match ${participant.name}`}
      maxWidth="sm"
      actions={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="contained" disabled={!student} loading={match.isPending} onClick={() => void save()}>
            Match
          </Button>
        </>
      }
    >
      <Typography variant="body2" sx={{ mb: 2 }}>
        {participant.name}
        {participant.email ? ` (${participant.email})` : ''} was in class for {plural(participant.minutes, 'minute')}.
        Choose the student of this class it was.
      </Typography>
      {match.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(match.error)}
        </Alert>
      )}
      {absent.isError ? (
        <QueryErrorAlert query={absent} />
      ) : (
        <Autocomplete<StudentAttendance>
          options={(absent.data?.page ?? []).filter((s) => s.minutes === 0 || !s.joinTime)}
          loading={absent.isPending}
          value={student}
          onChange={(_e, next) => setStudent(next)}
          getOptionLabel={(s) => `${s.name} · ${s.mobileNumber} · ${s.batchName}`}
          isOptionEqualToValue={(a, b) => a.studentId === b.studentId}
          noOptionsText="Every student of this class has attendance."
          renderInput={(params) => (
            <TextField {...params} label="Student" autoFocus helperText="Students of the class who did not join." />
          )}
        />
      )}
    </Modal>
  );
}
