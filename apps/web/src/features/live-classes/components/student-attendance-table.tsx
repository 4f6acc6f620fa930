import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import DownloadIcon from '@mui/icons-material/Download';
import { CONSTANTS, formatIndiaTime, type LiveClass, type StudentAttendance, plural } from '@lectern/contract';
import { DataTable, type TableConfig } from '../../../components/data-table';
import { notify } from '../../../components/feedback/notify';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { SectionCard } from '../../../components/section-card';
import { errorMessage } from '../../../lib/query-client';
import { getStudentAttendance, useStudentAttendance } from '../api/get-attendance';

const MATCHED_BY: Readonly<Record<NonNullable<StudentAttendance['matchedBy']>, string>> = {
  REGISTRANT: 'Registration',
  EMAIL: 'E-mail',
  MOBILE: 'Mobile number',
  BY_HAND: 'By hand',
  MARKED: 'Marked',
};

const PRESENT_STYLES = {
  present: { label: 'Present', colour: '#03543F', background: '#DEF7EC' },
  absent: { label: 'Absent', colour: '#9B1C1C', background: '#FDE8E8' },
};

const table: TableConfig<StudentAttendance> = {
  title: 'Students',
  checkboxKeyMap: 'studentId',
  emptyMessages: { empty: 'No students are invited to this class.' },
  minWidth: 900,
  columns: [
    {
      id: 'name',
      title: 'Student',
      elementType: 'infoText',
      dataMapping: (s) => [s.name, s.mobileNumber],
      elementConfig: { info: (s) => s.batchName, infoLabel: 'Batch' },
      extraWidth: 170,
    },
    {
      id: 'present',
      title: 'Attendance',
      elementType: 'tag',
      dataMapping: (s) => (s.present ? 'present' : 'absent'),
      elementConfig: { styles: PRESENT_STYLES },
    },
    { id: 'why', title: 'Why', dataMapping: 'explanation', extraWidth: 220 },
    { id: 'minutes', title: 'Minutes', dataMapping: 'minutes', align: 'right' },
    {
      id: 'times',
      title: 'Joined, left',
      dataMapping: (s) =>
        s.joinTime && s.leaveTime
          ? `${formatIndiaTime(s.joinTime)} to ${formatIndiaTime(s.leaveTime)}${s.sessions.length > 1 ? ` (${plural(s.sessions.length, 'time')})` : ''}`
          : '—',
      extraWidth: 150,
    },
    { id: 'matched', title: 'Matched by', dataMapping: (s) => (s.matchedBy ? MATCHED_BY[s.matchedBy] : '—') },
  ],
};

/** A CSV cell: quoted when it holds a comma, a quote or a line break. */
const cell = (value: string | number) => {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** The table's rows as CSV (every page, with the same filter). */
export function attendanceCsv(rows: readonly StudentAttendance[]): string {
  const header = ['Student', 'Mobile', 'Batch', 'Present', 'Minutes', 'Joined', 'Left', 'Matched by', 'Why'];
  const lines = rows.map((s) =>
    [
      s.name,
      s.mobileNumber,
      s.batchName,
      s.present ? 'yes' : 'no',
      s.minutes,
      s.joinTime ?? '',
      s.leaveTime ?? '',
      s.matchedBy ? MATCHED_BY[s.matchedBy] : '',
      s.explanation,
    ]
      .map(cell)
      .join(','),
  );
  return [header.join(','), ...lines].join('\r\n') + '\r\n';
}

/** Every invited student's attendance, a page at a time from the server (data.page), and its export. */
export function StudentAttendanceTable({ liveClass }: { liveClass: LiveClass }) {
  const [page, setPage] = useState(0);
  const [size, setSize] = useState<number>(CONSTANTS.tableDefaultPageSize);
  const [present, setPresent] = useState<boolean | undefined>(undefined);
  const [exporting, setExporting] = useState(false);
  const students = useStudentAttendance(liveClass.classRoomType, liveClass.liveClassId, page, size, present);
  const rows = useMemo(() => students.data?.page ?? [], [students.data]);

  async function exportCsv() {
    setExporting(true);
    try {
      const all: StudentAttendance[] = [];
      for (let p = 0; ; p += 1) {
        const chunk = await getStudentAttendance(liveClass.classRoomType, liveClass.liveClassId, {
          page: p,
          size: 1000,
          ...(present === undefined ? {} : { present: present ? 'true' : 'false' }),
        });
        all.push(...chunk.page);
        if (chunk.page.length === 0 || all.length >= chunk.totalElements) break;
      }
      const url = URL.createObjectURL(new Blob([attendanceCsv(all)], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `attendance-${liveClass.title.replace(/[^\w-]+/g, '-').toLowerCase()}.csv`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      notify('error', errorMessage(error));
    } finally {
      setExporting(false);
    }
  }

  return (
    <SectionCard
      title="Every student"
      action={
        <Button startIcon={<DownloadIcon />} loading={exporting} onClick={() => void exportCsv()}>
          Export CSV
        </Button>
      }
    >
      <TextField
        select
        size="small"
        label="Show"
        value={present === undefined ? 'all' : present ? 'present' : 'absent'}
        onChange={(e) => {
          setPresent(e.target.value === 'all' ? undefined : e.target.value === 'present');
          setPage(0);
        }}
        sx={{ minWidth: 160, mb: 1.5 }}
      >
        <MenuItem value="all">Every student</MenuItem>
        <MenuItem value="present">Present</MenuItem>
        <MenuItem value="absent">Absent</MenuItem>
      </TextField>
      <DataTable
        config={table}
        rows={rows}
        syncUrl={false}
        loading={students.isPending}
        error={students.isError ? <QueryErrorAlert query={students} /> : undefined}
        server={{
          totalCount: students.data?.totalElements ?? 0,
          page,
          rowsPerPage: size,
          onPageChange: setPage,
          onRowsPerPageChange: (next) => {
            setSize(next);
            setPage(0);
          },
        }}
      />
    </SectionCard>
  );
}
