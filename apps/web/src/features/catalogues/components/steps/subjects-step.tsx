import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { formatDuration, formatIndianNumber, type CatalogueSubject, plural } from '@lectern/contract';
import { QueryErrorAlert } from '../../../../components/query-error-alert';
import { usePublishableSubjects, type PublishableSubject } from '../../api/get-publishable-subjects';
import type { CatalogueFormInput } from '../catalogue-form';
import { useEditor } from '../editor-context';

type SubjectOption = PublishableSubject & { subjectState?: string };

/** Hours with one decimal, as the storefront gives totalHours. */
export function hoursOf(seconds: number): string {
  return formatIndianNumber(Math.round(seconds / 360) / 10, 1);
}

/**
 * The subjects of the catalogue, chosen among the PUBLISHED ones (GET /publisher/publisher/subject/all);
 * the totals of videos and hours follow the choice. Subjects the catalogue already holds stay listed
 * even when they are no longer published.
 */
export function SubjectsStep({ current }: { current: readonly CatalogueSubject[] }) {
  const { readOnly } = useEditor();
  const { control } = useFormContext<CatalogueFormInput>();
  const subjects = usePublishableSubjects();
  const chosen = useWatch({ control, name: 'subjectIds' });

  const options = useMemo<SubjectOption[]>(() => {
    const published = subjects.data ?? [];
    const known = new Set(published.map((subject) => subject.subjectId));
    return [...published, ...current.filter((subject) => !known.has(subject.subjectId))];
  }, [subjects.data, current]);

  const totals = useMemo(() => {
    const picked = options.filter((subject) => chosen?.includes(subject.subjectId));
    return {
      count: picked.length,
      videos: picked.reduce((sum, subject) => sum + subject.videos, 0),
      seconds: picked.reduce((sum, subject) => sum + subject.duration, 0),
    };
  }, [options, chosen]);

  return (
    <Box>
      <Box
        role="status"
        aria-live="polite"
        data-testid="subject-totals"
        sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 0.5, mb: 2, typography: 'body2' }}
      >
        <span>
          Subjects: <strong>{formatIndianNumber(totals.count)}</strong>
        </span>
        <span>
          Total videos: <strong>{formatIndianNumber(totals.videos)}</strong>
        </span>
        <span>
          Total hours: <strong>{hoursOf(totals.seconds)}</strong> ({formatDuration(totals.seconds)})
        </span>
      </Box>
      {subjects.isPending && <LinearProgress aria-label="Loading subjects" />}
      {subjects.isError && <QueryErrorAlert query={subjects} />}
      {subjects.data && options.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No subject is published yet: only published subjects can be added to a catalogue.
        </Typography>
      )}
      <Controller
        control={control}
        name="subjectIds"
        render={({ field }) => {
          const value = field.value ?? [];
          const toggle = (subjectId: string) =>
            field.onChange(value.includes(subjectId) ? value.filter((id) => id !== subjectId) : [...value, subjectId]);
          return (
            <FormGroup aria-label="Published subjects" sx={{ gap: 0.5 }}>
              {options.map((subject) => {
                const details = `${plural(subject.videos, 'video')} · ${hoursOf(subject.duration)} hours${
                  subject.subjectState && subject.subjectState !== 'PUBLISHED' ? ' · no longer published' : ''
                }`;
                return (
                  <FormControlLabel
                    key={subject.subjectId}
                    disabled={readOnly}
                    sx={{ alignItems: 'flex-start', mr: 0, '& .MuiCheckbox-root': { mt: -0.5 } }}
                    control={
                      <Checkbox
                        checked={value.includes(subject.subjectId)}
                        onChange={() => toggle(subject.subjectId)}
                      />
                    }
                    label={
                      <Box component="span" sx={{ display: 'flex', flexDirection: 'column', pt: 0.25 }}>
                        <span>{subject.subjectName}</span>
                        <Typography component="span" variant="body2" color="text.secondary">
                          {details}
                        </Typography>
                      </Box>
                    }
                  />
                );
              })}
            </FormGroup>
          );
        }}
      />
    </Box>
  );
}
