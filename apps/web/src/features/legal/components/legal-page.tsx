import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
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
import { SaveProblem } from '../../../components/form/stale-version-alert';
import { useEditController } from '../../../lib/controllers/use-edit-controller';
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

/** What the editor starts from: the latest terms, or none yet (version 0, which the first save names). */
type TermsBase = Pick<TermsVersion, 'version' | 'content'>;
const NO_TERMS: TermsBase = { version: 0, content: '' };

interface TermsValues {
  content: string;
  changeNote: string;
  minorChange: boolean;
}

const termsValues = (terms: TermsBase): TermsValues => ({ content: terms.content, changeNote: '', minorChange: false });

/**
 * The terms' editor: a save is a new version made from the version the editor started with; when
 * another was saved meanwhile, the text stays and the one stale-version notice offers the latest.
 */
function TermsEditor({ latest }: { latest: TermsVersion | null }) {
  const save = useSaveTerms();
  const form = useForm<TermsValues>({ defaultValues: termsValues(latest ?? NO_TERMS) });
  // loads the form's text into the rich-text editor (after a save, or when the latest is taken)
  const [resetKey, setResetKey] = useState(0);
  const edit = useEditController<TermsBase, TermsValues>({
    item: latest ?? NO_TERMS,
    form,
    toValues: termsValues,
    latest: latest ?? NO_TERMS,
    labels: { content: 'Terms and conditions' },
    guardWhen: true,
    guardMessage: 'Your changes to the terms have not been saved and will be lost.',
    save: async (values, base) => {
      const { data } = await save.mutateAsync({
        content: values.content,
        changeNote: values.changeNote.trim(),
        minorChange: values.minorChange,
        baseVersion: base?.version ?? 0,
      });
      form.reset(termsValues(data));
      setResetKey((key) => key + 1);
      return data;
    },
  });
  const { control, register, formState } = form;
  const content = form.watch('content');
  const note = form.watch('changeNote');
  const dirty = content !== (edit.base?.content ?? '');
  const noteError = formState.errors.changeNote?.message;

  const submit = form.handleSubmit(async (values) => {
    await edit.submit(values);
  });

  return (
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
        <Controller
          control={control}
          name="content"
          render={({ field }) => (
            <RichTextEditor
              label="Terms and conditions"
              value={field.value}
              onChange={field.onChange}
              resetKey={resetKey}
              error={field.value.length > TERMS_MAX_LENGTH}
              helperText={
                field.value.length > TERMS_MAX_LENGTH
                  ? `The terms may hold at most ${formatIndianNumber(TERMS_MAX_LENGTH)} characters (now ${formatIndianNumber(field.value.length)}).`
                  : undefined
              }
            />
          )}
        />
        <TextField
          label="Change note"
          required
          {...register('changeNote', {
            validate: (value) => Boolean(value.trim()) || 'Say what changed in a change note',
          })}
          error={Boolean(noteError)}
          helperText={noteError ?? `What changed, for the version list (${note.length}/${TERMS_NOTE_MAX_LENGTH})`}
          slotProps={{ htmlInput: { maxLength: TERMS_NOTE_MAX_LENGTH } }}
          fullWidth
        />
        <Controller
          control={control}
          name="minorChange"
          render={({ field }) => (
            <FormControlLabel
              control={
                <Checkbox
                  checked={field.value}
                  onChange={(event) => field.onChange(event.target.checked)}
                  disabled={!latest}
                />
              }
              label="Minor change: students who accepted an earlier version are not asked again"
            />
          )}
        />
        <SaveProblem
          edit={{
            ...edit,
            loadLatest:
              edit.loadLatest &&
              (() => {
                edit.loadLatest?.();
                setResetKey((key) => key + 1);
              }),
          }}
          error={save.error}
          busy={save.isPending}
        />
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
      {edit.guard.dialog}
    </SectionCard>
  );
}

/** Legal (spec 2 §2, §3 "Legal terms"): the terms students get, saved as versions; the versions compared. */
export default function LegalPage() {
  const versions = useTermsVersions();
  const latest = versions.data?.[0] ?? null;
  const [compare, setCompare] = useState<{ older: number; newer: number } | null>(null);

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
        <TermsEditor latest={latest} />

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
    </Box>
  );
}
