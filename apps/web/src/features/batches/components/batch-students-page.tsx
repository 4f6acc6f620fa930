import { useMemo, useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import DriveFolderUploadIcon from '@mui/icons-material/DriveFolderUpload';
import MoveUpIcon from '@mui/icons-material/MoveUp';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { PAGES, isValidMobileNumber } from '@lectern/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable, type ColumnConfig, type RowId, type TableConfig } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { errorMessage } from '../../../lib/query-client';
import { useAddBatchStudent, useRemoveBatchStudent } from '../api/batch-mutations';
import { useBatch, useBatchStudents, type BatchStudent } from '../api/get-batches';
import { BATCH_STATUS_LABELS, BATCH_STUDENTS_PATH, datesText, seatsText } from './batch-display';
import { BulkUploadDialog } from './bulk-upload-dialog';
import { MoveDialog } from './move-dialog';

const TITLE = PAGES.find((page) => page.path === BATCH_STUDENTS_PATH)?.pageName ?? 'Batch Management - Students';
const BATCHES = '/batch-management';

function studentsTableConfig(remove: (student: BatchStudent) => void, closed: boolean): TableConfig<BatchStudent> {
  return {
    title: 'Students',
    checkboxKeyMap: 'studentId',
    // a closed batch changes no more: its students are neither moved out nor removed
    rowOptions: { selectable: !closed },
    searchTextMap: ['name', 'mobileNumber', 'email', 'rollNumber'],
    emptyMessages: {
      empty: 'No students in this batch yet: add them by mobile number or from a sheet.',
      emptySearch: 'No students match your search.',
    },
    minWidth: 860,
    columns: [
      { id: 'name', title: 'Name', dataMapping: 'name', sortable: true, extraWidth: 160 },
      { id: 'mobile', title: 'Mobile number', dataMapping: 'mobileNumber', sortable: true },
      { id: 'email', title: 'E-mail', dataMapping: 'email', sortable: true, extraWidth: 180 },
      { id: 'roll', title: 'Roll number', dataMapping: 'rollNumber', sortable: true },
      { id: 'added', title: 'Added', dataMapping: 'addedAt', elementType: 'date', sortable: true },
      ...(closed ? [] : [removeColumn(remove)]),
    ],
  };
}

function removeColumn(remove: (student: BatchStudent) => void): ColumnConfig<BatchStudent> {
  return {
    id: 'remove',
    title: 'Remove',
    hideTitle: true,
    elementType: 'button',
    elementConfig: {
      label: 'Remove',
      variant: 'text',
      onClick: remove,
      ariaLabel: (student) => `Remove ${student.name} from the batch`,
    },
  };
}

/**
 * /batch-management/students?batchId=… : one batch's students (ids from the batch, then the students
 * by their ids), searched by name, mobile, e-mail or roll number; add one by mobile number, fill the
 * batch from a sheet, move a selection to another active batch, remove one. A closed batch changes no
 * more (the server refuses it): it shows its students, read-only.
 */
export default function BatchStudentsPage() {
  const [params] = useSearchParams();
  const batchId = params.get('batchId') || null;
  const batch = useBatch(batchId);
  const students = useBatchStudents(batchId);
  const add = useAddBatchStudent();
  const { mutateAsync: removeStudent } = useRemoveBatchStudent();
  const [mobile, setMobile] = useState('');
  const [addProblem, setAddProblem] = useState<string | null>(null);
  const [selected, setSelected] = useState<RowId[]>([]);
  const [moving, setMoving] = useState<{ open: boolean; key: number; students: BatchStudent[] }>({
    open: false,
    key: 0,
    students: [],
  });
  const [removing, setRemoving] = useState<{ open: boolean; student: BatchStudent | null }>({
    open: false,
    student: null,
  });
  const [uploading, setUploading] = useState({ open: false, key: 0 });

  const closedBatch = batch.data?.status === 'CLOSED';
  const config = useMemo(
    () => studentsTableConfig((student) => setRemoving({ open: true, student }), closedBatch),
    [closedBatch],
  );
  const rows = useMemo(() => students.data ?? [], [students.data]);

  if (!batchId) {
    return (
      <>
        <PageHeader title={TITLE} back={BATCHES} />
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to={BATCHES} color="inherit" size="small">
              Batch Management
            </Button>
          }
        >
          Choose a batch in Batch Management and open its students.
        </Alert>
      </>
    );
  }

  const info = batch.data;
  const closed = info?.status === 'CLOSED';
  const full = info ? info.studentCount >= info.capacity : false;

  async function addStudent(event: FormEvent) {
    event.preventDefault();
    const number = mobile.trim();
    if (!isValidMobileNumber(number)) {
      setAddProblem('A mobile number is 10 digits starting with 6, 7, 8 or 9.');
      return;
    }
    setAddProblem(null);
    try {
      await add.mutateAsync({ batchId: batchId ?? '', mobileNumber: number });
      setMobile('');
    } catch (error) {
      setAddProblem(errorMessage(error));
    }
  }

  const removingName = removing.student?.name ?? '';

  return (
    <>
      <PageHeader
        title={info?.batchName ?? TITLE}
        extraTitle={closed ? BATCH_STATUS_LABELS.CLOSED : undefined}
        back={BATCHES}
        subtitle={info ? `${info.branchName} · ${info.programName} · ${datesText(info)}` : undefined}
        figures={
          info
            ? [
                { label: 'Code', value: info.batchCode },
                { label: 'Seats taken', value: seatsText(info) },
              ]
            : undefined
        }
        actions={
          info && !closed ? (
            <Button
              variant="outlined"
              startIcon={<DriveFolderUploadIcon />}
              onClick={() => setUploading((previous) => ({ open: true, key: previous.key + 1 }))}
            >
              Upload sheet
            </Button>
          ) : undefined
        }
      />
      {batch.isError && <QueryErrorAlert query={batch} sx={{ mb: 2 }} />}
      {closed && (
        <Alert severity="info" sx={{ mb: 2 }}>
          This batch is closed: it takes no new students and changes no more, so adding, uploading, moving and removing
          students are off. Its students stay in it, as a record.
        </Alert>
      )}
      {info && !closed && (
        <Box
          component="form"
          onSubmit={(event) => void addStudent(event)}
          aria-label="Add a student"
          noValidate
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start', mb: 2 }}
        >
          <TextField
            size="small"
            label="Mobile number"
            value={mobile}
            onChange={(event) => setMobile(event.target.value.replace(/\D/g, '').slice(0, 10))}
            error={Boolean(addProblem)}
            helperText={addProblem ?? (full ? 'The batch is full.' : 'A student already in Lectern.')}
            disabled={full}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10, autoComplete: 'off' } }}
            sx={{ width: { xs: '100%', sm: 260 } }}
          />
          <Button
            type="submit"
            variant="contained"
            startIcon={<PersonAddIcon />}
            loading={add.isPending}
            disabled={full}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            Add student
          </Button>
        </Box>
      )}
      <DataTable
        config={config}
        rows={rows}
        urlKey="students"
        loading={students.isPending}
        error={students.isError ? <QueryErrorAlert query={students} /> : undefined}
        selectedIds={selected}
        onSelectionChange={(ids) => setSelected(ids)}
        selectionActions={({ rows: chosen }) => (
          <Button
            color="inherit"
            startIcon={<MoveUpIcon />}
            onClick={() => setMoving((previous) => ({ open: true, key: previous.key + 1, students: chosen }))}
          >
            Move to batch
          </Button>
        )}
      />
      {info && (
        <MoveDialog
          key={`move-${moving.key}`}
          open={moving.open}
          fromBatch={info}
          students={moving.students}
          onMoved={(failed) => setSelected(failed)}
          onClose={() => setMoving((previous) => ({ ...previous, open: false }))}
        />
      )}
      {info && !closed && (
        <BulkUploadDialog
          key={`upload-${uploading.key}`}
          open={uploading.open}
          batch={info}
          onClose={() => setUploading((previous) => ({ ...previous, open: false }))}
        />
      )}
      <ConfirmDialog
        open={removing.open}
        title={`Remove ${removingName}?`}
        message={`${removingName} leaves ${info?.batchName ?? 'this batch'}. They stay a student of Lectern, with their subscriptions; only their place in this batch goes.`}
        confirmLabel="Remove"
        destructive
        onConfirm={() =>
          removing.student && batchId ? removeStudent({ batchId, studentId: removing.student.studentId }) : undefined
        }
        onClose={() => setRemoving((previous) => ({ ...previous, open: false }))}
      />
    </>
  );
}
