import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { LiveClass } from '@lectern/contract';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { SectionCard } from '../../../components/section-card';
import { useMarkOffline } from '../api/attendance-mutations';
import { useStudentAttendance } from '../api/get-attendance';
import { plural } from '@lectern/contract';

/** An offline class: who was in the classroom, marked by staff (every invited student, one switch each). */
export function OfflineMarking({ liveClass }: { liveClass: LiveClass }) {
  const students = useStudentAttendance('offline', liveClass.liveClassId, 0, 1000);
  const mark = useMarkOffline();
  const [changes, setChanges] = useState<Record<string, boolean>>({});
  const rows = useMemo(() => students.data?.page ?? [], [students.data]);
  const changed = Object.entries(changes).filter(
    ([id, present]) => rows.find((r) => r.studentId === id)?.present !== present,
  );

  async function save() {
    await mark
      .mutateAsync({
        liveClassId: liveClass.liveClassId,
        marks: changed.map(([studentId, present]) => ({ studentId, present })),
      })
      .then(
        () => setChanges({}),
        () => undefined,
      );
  }

  return (
    <SectionCard
      title="Mark attendance"
      action={
        <Button
          variant="contained"
          disabled={changed.length === 0}
          loading={mark.isPending}
          onClick={() => void save()}
        >
          {changed.length ? `Save ${plural(changed.length, 'mark')}` : 'Save marks'}
        </Button>
      }
    >
      {students.isError ? (
        <QueryErrorAlert query={students} />
      ) : students.isPending ? (
        <Typography color="text.secondary">Loading the students…</Typography>
      ) : rows.length === 0 ? (
        <Typography color="text.secondary">No students are invited to this class.</Typography>
      ) : (
        <TableContainer sx={{ maxHeight: 480 }}>
          <Table size="small" stickyHeader aria-label="Mark attendance">
            <TableHead>
              <TableRow>
                <TableCell>Student</TableCell>
                <TableCell>Batch</TableCell>
                <TableCell>Present</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((s) => {
                const present = changes[s.studentId] ?? s.present;
                return (
                  <TableRow key={s.studentId}>
                    <TableCell>
                      <Box>{s.name}</Box>
                      <Typography variant="caption" color="text.secondary">
                        {s.mobileNumber}
                      </Typography>
                    </TableCell>
                    <TableCell>{s.batchName}</TableCell>
                    <TableCell>
                      <Switch
                        checked={present}
                        onChange={(_e, checked) => setChanges((previous) => ({ ...previous, [s.studentId]: checked }))}
                        slotProps={{ input: { 'aria-label': `${s.name} present` } }}
                      />
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </SectionCard>
  );
}
