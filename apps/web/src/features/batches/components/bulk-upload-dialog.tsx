import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import {
  BULK_ROW_OUTCOMES,
  BULK_UPLOAD_COLUMNS,
  BULK_UPLOAD_MAX_ROWS,
  formatIndianNumber,
  plural,
  sheetProblems,
  type Batch,
  type BulkRowOutcome,
  type BulkUploadResult,
} from '@lectern/contract';
import { DataTable } from '../../../components/data-table';
import { FileDropZone } from '../../../components/file-drop-zone';
import { notify } from '../../../components/feedback/notify';
import { Modal } from '../../../components/modal';
import { errorMessage } from '../../../lib/query-client';
import { saveBlob } from '../../../lib/save-blob';
import { getSampleSheet } from '../api/batch-files';
import { useBulkUpload } from '../api/batch-mutations';
import { sheetRows, type SheetRowRead } from '../sheets/read-sheet';
import { rejectedRowsXlsx } from '../sheets/rejected-rows';
import { rowReasonText } from '../sheets/row-reason';
import { useSheetReader } from '../sheets/use-sheet-reader';
import { OUTCOME_LABELS, previewTableConfig, type PreviewRow } from './upload-preview-table';

type Phase = 'choose' | 'reading' | 'checking' | 'preview' | 'uploading' | 'done';
const ALL = 'ALL';

export interface BulkUploadDialogProps {
  open: boolean;
  batch: Pick<Batch, 'batchId' | 'batchName' | 'batchCode'>;
  onClose: () => void;
}

/** Downloads the sample spreadsheet (GET /batch/sample-upload, signed like every call). */
async function downloadSample() {
  try {
    saveBlob(await getSampleSheet(), 'batch-students-sample.xlsx');
  } catch (error) {
    notify('error', errorMessage(error));
  }
}

/**
 * Students from a sheet into a batch (spec 2 §7, DESIGN §9 "Spreadsheets"): one .xlsx or .csv, read
 * in the browser (in a worker); the mobile numbers' suggested fixes, accepted all at once; a dry run
 * shows what every row will do; the upload runs only once the user ticks that they accept it; the
 * rows left out come back as a sheet with a Reason column.
 */
export function BulkUploadDialog({ open, batch, onClose }: BulkUploadDialogProps) {
  const read = useSheetReader();
  const upload = useBulkUpload();
  const [phase, setPhase] = useState<Phase>('choose');
  const [fileName, setFileName] = useState('');
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [rows, setRows] = useState<SheetRowRead[]>([]);
  const [ignored, setIgnored] = useState<string[]>([]);
  const [acceptFixes, setAcceptFixes] = useState(false);
  const [dryRun, setDryRun] = useState<BulkUploadResult | null>(null);
  const [result, setResult] = useState<BulkUploadResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [accepted, setAccepted] = useState(false);
  const [outcome, setOutcome] = useState<BulkRowOutcome | typeof ALL>(ALL);

  const fixes = useMemo(() => rows.filter((row) => row.mobile.fix).length, [rows]);
  const localProblems = useMemo(
    () => sheetProblems(sheetRows(rows, acceptFixes)).filter((problems) => problems.length > 0).length,
    [rows, acceptFixes],
  );

  async function check(sheet: SheetRowRead[], fixed: boolean) {
    setPhase('checking');
    setFailure(null);
    setAccepted(false);
    setOutcome(ALL);
    try {
      const { data: answer } = await upload.mutateAsync({
        batchId: batch.batchId,
        dryRun: true,
        rows: sheetRows(sheet, fixed),
      });
      setDryRun(answer);
      setPhase('preview');
    } catch (error) {
      setFailure(errorMessage(error));
      setPhase('preview');
    }
  }

  async function choose(file: File | null) {
    setFileProblem(null);
    setDryRun(null);
    setResult(null);
    setFailure(null);
    setRows([]);
    setAcceptFixes(false);
    if (!file) {
      setPhase('choose');
      return;
    }
    setFileName(file.name);
    setPhase('reading');
    const sheet = await read(file);
    if (!sheet.ok) {
      setFileProblem(sheet.message);
      setPhase('choose');
      return;
    }
    setRows(sheet.rows);
    setIgnored(sheet.ignoredColumns);
    await check(sheet.rows, false);
  }

  async function runUpload() {
    setPhase('uploading');
    setFailure(null);
    try {
      const { data: answer } = await upload.mutateAsync({
        batchId: batch.batchId,
        dryRun: false,
        rows: sheetRows(rows, acceptFixes),
      });
      setResult(answer);
      setOutcome(ALL);
      setPhase('done');
      notify('success', answer.message);
    } catch (error) {
      setFailure(errorMessage(error));
      setPhase('preview');
    }
  }

  async function downloadRejected(answer: BulkUploadResult) {
    try {
      const base = fileName.replace(/\.(xlsx|csv)$/i, '');
      saveBlob(await rejectedRowsXlsx(rows, answer.rows), `${base || 'sheet'}-rejected-rows.xlsx`);
    } catch (error) {
      notify('error', errorMessage(error));
    }
  }

  const shown = result ?? dryRun;
  const previewRows = useMemo<PreviewRow[]>(() => {
    if (!shown) return [];
    const byNumber = new Map(rows.map((row) => [row.rowNumber, row]));
    return shown.rows
      .filter((row) => outcome === ALL || row.outcome === outcome)
      .map((row) => {
        const read = byNumber.get(row.rowNumber);
        return {
          rowNumber: row.rowNumber,
          name: row.name || '(no name)',
          mobileNumber: row.mobileNumber,
          outcome: row.outcome,
          reason: rowReasonText(row, read),
          fix: read?.mobile.fix ?? null,
          fixAccepted: acceptFixes,
        };
      });
  }, [shown, rows, outcome, acceptFixes]);
  const config = useMemo(() => previewTableConfig(result === null), [result]);

  const adding = dryRun ? dryRun.counts.NEW_STUDENT + dryRun.counts.EXISTING_STUDENT_ADDED : 0;
  const leftOut = dryRun ? dryRun.counts.ERROR : 0;
  const busy = phase === 'reading' || phase === 'checking' || phase === 'uploading';

  const actions = (
    <>
      {phase === 'done' ? (
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      ) : (
        <>
          <Button onClick={onClose} disabled={phase === 'uploading'}>
            Cancel
          </Button>
          <Button
            variant="contained"
            disabled={phase !== 'preview' || !dryRun || !accepted || adding === 0}
            loading={phase === 'uploading'}
            onClick={() => void runUpload()}
          >
            {`Upload ${plural(adding, 'student')}`}
          </Button>
        </>
      )}
    </>
  );

  return (
    <Modal
      open={open}
      onClose={() => {
        if (phase !== 'uploading') onClose();
      }}
      title={`Upload students to ${batch.batchName}`}
      maxWidth="lg"
      fullScreenOnPhone
      actions={actions}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {phase !== 'done' && (
          <>
            <Typography variant="body2" color="text.secondary">
              One .xlsx or .csv file with the columns {BULK_UPLOAD_COLUMNS.join(', ')} (Name and Mobile Number needed),
              at most {formatIndianNumber(BULK_UPLOAD_MAX_ROWS)} rows.{' '}
              <Button size="small" startIcon={<DownloadIcon />} onClick={() => void downloadSample()} sx={{ py: 0 }}>
                Download the sample sheet
              </Button>
            </Typography>
            <FileDropZone
              accept={{}}
              onFileChange={(file) => void choose(file)}
              disabled={busy}
              label="Drop the students' sheet here, or click to choose it (.xlsx or .csv)"
            />
          </>
        )}
        {fileProblem && <Alert severity="error">{fileProblem}</Alert>}
        {busy && (
          <Box>
            <Typography variant="body2" sx={{ mb: 1 }} role="status">
              {phase === 'reading'
                ? `Reading ${fileName}…`
                : phase === 'checking'
                  ? `Read ${plural(rows.length, 'row')}${
                      localProblems > 0 ? ` (${plural(localProblems, 'row')} with problems in the sheet)` : ''
                    }; checking them against ${batch.batchName}…`
                  : `Uploading ${plural(adding, 'student')} to ${batch.batchName}…`}
            </Typography>
            <LinearProgress aria-label={phase === 'uploading' ? 'Uploading students' : 'Reading the sheet'} />
          </Box>
        )}
        {failure && (
          <Alert
            severity="error"
            action={
              phase === 'preview' && !dryRun ? (
                <Button color="inherit" size="small" onClick={() => void check(rows, acceptFixes)}>
                  Retry
                </Button>
              ) : undefined
            }
          >
            {failure}
          </Alert>
        )}
        {result && (
          <Alert severity={result.counts.ERROR > 0 ? 'warning' : 'success'} role="status">
            {result.message}
          </Alert>
        )}
        {(phase === 'preview' || phase === 'done') && shown && (
          <>
            {ignored.length > 0 && phase === 'preview' && (
              <Typography variant="body2" color="text.secondary">
                Columns not read: {ignored.join(', ')}.
              </Typography>
            )}
            {fixes > 0 && phase === 'preview' && (
              <Alert
                severity={acceptFixes ? 'success' : 'info'}
                action={
                  <Button
                    color="inherit"
                    size="small"
                    onClick={() => {
                      setAcceptFixes(!acceptFixes);
                      void check(rows, !acceptFixes);
                    }}
                  >
                    {acceptFixes ? 'Undo fixes' : 'Accept fixes'}
                  </Button>
                }
              >
                {acceptFixes
                  ? `${plural(fixes, 'mobile number')} fixed as suggested; the preview has been checked again.`
                  : `${plural(fixes, 'mobile number')} in the sheet may be mistyped: the fix for each is beside its row.`}
              </Alert>
            )}
            <Box
              component="ul"
              aria-label="Outcomes"
              sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}
            >
              {BULK_ROW_OUTCOMES.map((key) => (
                <li key={key}>
                  <Chip
                    label={`${OUTCOME_LABELS[key]}: ${formatIndianNumber(shown.counts[key])}`}
                    color={key === 'ERROR' && shown.counts.ERROR > 0 ? 'error' : 'default'}
                    variant="outlined"
                  />
                </li>
              ))}
            </Box>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
              <TextField
                select
                size="small"
                label="Outcome"
                value={outcome}
                onChange={(event) => setOutcome(event.target.value as BulkRowOutcome | typeof ALL)}
                sx={{ minWidth: 220, width: { xs: '100%', sm: 'auto' } }}
              >
                <MenuItem value={ALL}>Every row</MenuItem>
                {BULK_ROW_OUTCOMES.map((key) => (
                  <MenuItem key={key} value={key}>
                    {OUTCOME_LABELS[key]}
                  </MenuItem>
                ))}
              </TextField>
              {shown.counts.ERROR > 0 && (
                <Button startIcon={<DownloadIcon />} onClick={() => void downloadRejected(shown)}>
                  Download rejected rows
                </Button>
              )}
            </Box>
            <DataTable config={config} rows={previewRows} syncUrl={false} />
            {phase === 'preview' && dryRun && (
              <FormControlLabel
                control={<Checkbox checked={accepted} onChange={(event) => setAccepted(event.target.checked)} />}
                disabled={adding === 0}
                label={
                  adding === 0
                    ? 'No row of this sheet would add a student.'
                    : `I have checked the preview: add ${plural(adding, 'student')} to ${batch.batchName} (${batch.batchCode})${
                        leftOut > 0 ? `; ${plural(leftOut, 'row')} will be left out` : ''
                      }.`
                }
              />
            )}
          </>
        )}
      </Box>
    </Modal>
  );
}
