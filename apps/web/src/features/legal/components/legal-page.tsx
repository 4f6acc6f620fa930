import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  TERMS_MAX_LENGTH,
  TERMS_NOTE_MAX_LENGTH,
  formatDateLong,
  formatIndiaDateWithTime,
  formatIndianNumber,
  plural,
  type TermsVersion,
} from '@lectern/contract';
import { Badge, PageHeader, SectionCard } from '../../../components';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { VisuallyHidden } from '../../../components/visually-hidden';
import { useLeaveGuard } from '../../../hooks/use-leave-guard';
import { isApiError } from '../../../lib/api-error';
import { errorMessage } from '../../../lib/query-client';
import { useSaveTerms, useTermsVersions } from '../api/terms';
import { TermsCompare } from './terms-compare';

function VersionsTable({ versions, onCompare }: { versions: TermsVersion[]; onCompare: (version: number) => void }) {
  return (
    // relative: the screen-reader-only 'Actions' title is clipped here instead of widening the page
    <TableContainer sx={{ overflowX: 'auto', position: 'relative' }}>
      <Table size="small" aria-label="Versions of the terms">
        <TableHead>
          <TableRow>
            <TableCell>Version</TableCell>
            <TableCell>Saved</TableCell>
            <TableCell>By</TableCell>
            <TableCell>Change note</TableCell>
            <TableCell align="right">Accepted by</TableCell>
            <TableCell>
              <VisuallyHidden>Actions</VisuallyHidden>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {versions.map((v) => (
            <TableRow key={v.tncId}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Stack direction="row" spacing={1} alignItems="center">
                  <span>{v.version}</span>
                  {v.latest && <Badge color="success">latest</Badge>}
                  {v.minorChange && <Badge variant="outlined">minor</Badge>}
                </Stack>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatIndiaDateWithTime(v.createdAt)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{v.createdBy}</TableCell>
              <TableCell sx={{ minWidth: 200 }}>{v.changeNote}</TableCell>
              <TableCell align="right">{formatIndianNumber(v.acceptedCount)}</TableCell>
              <TableCell>
                {!v.latest && (
                  <Button
                    size="small"
                    onClick={() => onCompare(v.version)}
                    aria-label={`Compare version ${v.version} with the latest`}
                  >
                    Compare
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Legal (spec 2 §2, §3 "Legal terms"): the terms students get, saved as versions; the versions compared. */
export default function LegalPage() {
  const versions = useTermsVersions();
  const save = useSaveTerms();
  const latest = versions.data?.[0] ?? null;
  const [content, setContent] = useState('');
  const [note, setNote] = useState('');
  const [minor, setMinor] = useState(false);
  const [noteError, setNoteError] = useState('');
  // the version the editor started from, and a key that reloads the editor with `content`
  const [base, setBase] = useState<number | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const [compare, setCompare] = useState<{ older: number; newer: number } | null>(null);

  // the first load, or a reload after a conflict: the editor takes the latest text
  useEffect(() => {
    if (versions.data && base === null) {
      setContent(latest?.content ?? '');
      setBase(latest?.version ?? 0);
      setResetKey((k) => k + 1);
    }
  }, [versions.data, latest, base]);

  const dirty = base !== null && content !== (versions.data?.find((v) => v.version === base)?.content ?? '');
  const guard = useLeaveGuard(
    dirty && !save.isPending,
    'Your changes to the terms have not been saved and will be lost.',
  );
  const conflict = save.isError && isApiError(save.error) && save.error.status === 409;
  const newerSaved = latest !== null && base !== null && latest.version > base;

  async function submit() {
    if (base === null) return;
    if (!note.trim()) {
      setNoteError('Say what changed in a change note');
      return;
    }
    try {
      const result = await save.mutateAsync({
        content,
        changeNote: note.trim(),
        minorChange: minor,
        baseVersion: base,
      });
      setBase(result.data.version);
      setContent(result.data.content);
      setResetKey((k) => k + 1);
      setNote('');
      setMinor(false);
    } catch {
      // shown beside the editor; what was typed stays
    }
  }

  async function loadLatest() {
    save.reset();
    await versions.refetch();
    setBase(null);
  }

  if (versions.isPending) {
    return (
      <Box>
        <PageHeader title="Legal" subtitle="Terms and conditions" />
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <CircularProgress size={24} aria-label="Loading the terms" />
          <Typography color="text.secondary">Loading the terms…</Typography>
        </Box>
      </Box>
    );
  }
  if (versions.isError) {
    return (
      <Box>
        <PageHeader title="Legal" subtitle="Terms and conditions" />
        <QueryErrorAlert query={versions} />
      </Box>
    );
  }

  const list = versions.data;
  const older = list.length > 1 ? list[1]!.version : (latest?.version ?? 0);
  return (
    <Box>
      <PageHeader
        title="Legal"
        subtitle="Terms and conditions"
        figures={
          latest
            ? [
                { label: 'Students get', value: `version ${latest.version}` },
                {
                  label: 'Accepted by',
                  value: `${plural(latest.acceptedCount, 'student')}${latest.acceptanceVersion < latest.version ? ` (since version ${latest.acceptanceVersion})` : ''}`,
                },
              ]
            : undefined
        }
      />
      <Stack spacing={3}>
        <SectionCard title={latest ? `Edit the terms (version ${latest.version})` : 'Write the first terms'}>
          <Stack spacing={2}>
            {latest ? (
              <Typography variant="body2" color="text.secondary">
                Saved {formatDateLong(latest.createdAt)} by {latest.createdBy}: {latest.changeNote}
              </Typography>
            ) : (
              <Typography variant="body2" color="text.secondary">
                No terms have been saved yet. Students are asked to accept the first version.
              </Typography>
            )}
            <RichTextEditor
              label="Terms and conditions"
              value={content}
              onChange={setContent}
              resetKey={resetKey}
              error={content.length > TERMS_MAX_LENGTH}
              helperText={
                content.length > TERMS_MAX_LENGTH
                  ? `The terms may hold at most ${formatIndianNumber(TERMS_MAX_LENGTH)} characters (now ${formatIndianNumber(content.length)}).`
                  : undefined
              }
            />
            <TextField
              label="Change note"
              value={note}
              required
              onChange={(event) => {
                setNote(event.target.value);
                setNoteError('');
              }}
              error={Boolean(noteError)}
              helperText={noteError || `What changed, for the version list (${note.length}/${TERMS_NOTE_MAX_LENGTH})`}
              slotProps={{ htmlInput: { maxLength: TERMS_NOTE_MAX_LENGTH } }}
              fullWidth
            />
            <FormControlLabel
              control={
                <Checkbox checked={minor} onChange={(event) => setMinor(event.target.checked)} disabled={!latest} />
              }
              label="Minor change: students who accepted an earlier version are not asked again"
            />
            {(conflict || newerSaved) && (
              <Alert
                severity="warning"
                action={
                  <Button color="inherit" size="small" onClick={() => void loadLatest()}>
                    Load the latest
                  </Button>
                }
              >
                {conflict ? errorMessage(save.error) : `Version ${latest!.version} was saved while you were editing.`}{' '}
                Your text stays here until you load the latest version.
              </Alert>
            )}
            {save.isError && !conflict && <Alert severity="error">{errorMessage(save.error)}</Alert>}
            <Stack direction="row" spacing={2} alignItems="center">
              <Button variant="contained" onClick={() => void submit()} disabled={!dirty || save.isPending}>
                {save.isPending ? 'Saving…' : 'Save as a new version'}
              </Button>
              {!dirty && (
                <Typography variant="body2" color="text.secondary">
                  No changes to save.
                </Typography>
              )}
            </Stack>
          </Stack>
        </SectionCard>

        <SectionCard title="Versions">
          {list.length === 0 ? (
            <Typography color="text.secondary">No versions yet.</Typography>
          ) : (
            <VersionsTable
              versions={list}
              onCompare={(version) => setCompare({ older: version, newer: latest!.version })}
            />
          )}
        </SectionCard>

        {list.length > 1 && (
          <SectionCard title="Compare versions">
            <TermsCompare
              versions={list}
              older={compare?.older ?? older}
              newer={compare?.newer ?? latest!.version}
              onChange={(o, n) => setCompare({ older: o, newer: n })}
            />
          </SectionCard>
        )}
      </Stack>
      {guard.dialog}
    </Box>
  );
}
