import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { LiveClass, RouteOutput, liveClassesContract } from '@lectern/contract';
import { FileDropZone } from '../../../components/file-drop-zone';
import { SectionCard } from '../../../components/section-card';
import { errorMessage } from '../../../lib/query-client';
import { useImportAttendance } from '../api/attendance-mutations';
import { readZoomCsv, type ZoomCsvResult } from './zoom-csv';
import { plural } from '@lectern/contract';

type ImportResult = RouteOutput<typeof liveClassesContract.importAttendance>;

/**
 * 'Import Zoom participants CSV': one file dropped or chosen, read in the browser (rows without a
 * join or leave time are named, never guessed), sent as sessions; the server matches them to
 * students and answers what it took. Every rejected row is listed with its line and why.
 */
export function ImportZoomCsv({ liveClass }: { liveClass: LiveClass }) {
  const [file, setFile] = useState<File | null>(null);
  const [read, setRead] = useState<ZoomCsvResult | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [reading, setReading] = useState(false);
  const importAttendance = useImportAttendance();

  async function choose(next: File | null) {
    setFile(next);
    setResult(null);
    setRead(null);
    importAttendance.reset();
    if (!next) return;
    setReading(true);
    try {
      setRead(await readZoomCsv(await next.text()));
    } finally {
      setReading(false);
    }
  }

  async function send() {
    if (!read) return;
    try {
      const answer = await importAttendance.mutateAsync({
        liveClassId: liveClass.liveClassId,
        body: { sessions: read.sessions, rejected: read.rejected },
      });
      setResult(answer.data);
    } catch {
      // shown below
    }
  }

  const rejected = result?.rejected ?? read?.rejected ?? [];
  return (
    <SectionCard title="Import Zoom participants CSV">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        In Zoom: Reports, Usage, the meeting's participants, Export. The import replaces this class's imported
        attendance; participants are matched by e-mail, never by name.
      </Typography>
      <FileDropZone
        accept={{ 'text/csv': ['.csv'] }}
        label="Drop Zoom's participants CSV here, or click to choose it"
        onFileChange={(next) => void choose(next)}
        disabled={importAttendance.isPending}
      />
      {file && read && !result && (
        <Box sx={{ mt: 1.5, display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" role="status">
            {plural(read.sessions.length, 'session')} read from {file.name}
            {read.rejected.length ? `; ${plural(read.rejected.length, 'row')} could not be read` : ''}.
          </Typography>
          <Button
            variant="contained"
            startIcon={<UploadFileIcon />}
            disabled={read.sessions.length === 0 || reading}
            loading={importAttendance.isPending}
            onClick={() => void send()}
          >
            Import {plural(read.sessions.length, 'session')}
          </Button>
        </Box>
      )}
      {importAttendance.error && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {errorMessage(importAttendance.error)}
        </Alert>
      )}
      {result && (
        <Alert severity={result.unmatched > 0 || result.rejected.length > 0 ? 'warning' : 'success'} sx={{ mt: 1.5 }}>
          {result.message}
        </Alert>
      )}
      {rejected.length > 0 && (
        <Box sx={{ mt: 1.5 }}>
          <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700 }}>
            Rows not taken
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }} aria-label="Rows not taken">
            {rejected.map((r) => (
              <li key={`${r.rowNumber}-${r.reason}`}>
                <Typography variant="body2">
                  Line {r.rowNumber}: {r.reason}
                </Typography>
              </li>
            ))}
          </Box>
        </Box>
      )}
    </SectionCard>
  );
}
