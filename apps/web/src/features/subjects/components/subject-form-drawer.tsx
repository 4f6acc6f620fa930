import { useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { CreateSubjectBodySchema, type SubjectDetail } from '@lectern/contract';
import { EditorDrawer } from '../../../components/form/editor-drawer';
import { useEditController } from '../../../lib/controllers/use-edit-controller';
import { useCreateSubject, useSubjectEdit } from '../api/subject-mutations';
import { SubjectImageField, type ChosenImage } from './subject-image-field';

const SubjectFormSchema = CreateSubjectBodySchema.pick({
  subjectName: true,
  description: true,
  comingSoon: true,
  locked: true,
});
type SubjectFormInput = z.input<typeof SubjectFormSchema>;
type SubjectFormValues = z.output<typeof SubjectFormSchema>;

export const RENAME_NOT_ALLOWED = "Only the subject's content admin can change its name.";

const SUBJECT_FIELD_LABELS = {
  subjectName: 'Subject name',
  description: 'Description',
  comingSoon: 'Coming soon',
  locked: 'Locked',
} as const;

function valuesOf(subject: SubjectDetail | null): SubjectFormInput {
  return {
    subjectName: subject?.subjectName ?? '',
    description: subject?.description ?? '',
    comingSoon: subject?.comingSoon ?? false,
    locked: subject?.locked ?? false,
  };
}

export interface SubjectFormDrawerProps {
  open: boolean;
  onClose: () => void;
  /** The subject to edit, or null to create one: the page's copy, read again after a refused save. */
  subject: SubjectDetail | null;
  /** Whether the name may be changed (editing only: the subject's content admin or a SUPER_ADMIN). */
  canRename?: boolean;
  /** After a successful create or save. */
  onSaved?: (subject: SubjectDetail) => void;
}

/**
 * Create a subject, or edit one's details, in the right-hand drawer: name, description, image, coming
 * soon and locked. It saves at the version read; a failed save keeps everything typed and says why in
 * the drawer, a stale version with the one notice ('Load latest', 'Overwrite with mine').
 */
export function SubjectFormDrawer({ open, onClose, subject, canRename = true, onSaved }: SubjectFormDrawerProps) {
  const editing = subject !== null;
  const create = useCreateSubject();
  const update = useSubjectEdit('update', { subjectId: subject?.subjectId ?? '' });
  const mutation = editing ? update : create;
  const [image, setImage] = useState<ChosenImage | null>(null);
  const form = useForm<SubjectFormInput, unknown, SubjectFormValues>({
    resolver: zodResolver(SubjectFormSchema),
    mode: 'onTouched',
    defaultValues: valuesOf(subject),
  });
  const { control, register, handleSubmit, formState } = form;
  const { errors, isDirty } = formState;
  const nameLocked = editing && !canRename;

  // the subject as saved: told to `onSaved` once the save's own navigation is let through
  const saved = useRef<SubjectDetail | null>(null);
  const edit = useEditController({
    item: subject,
    form,
    toValues: valuesOf,
    latest: subject ?? undefined,
    labels: SUBJECT_FIELD_LABELS,
    guardWhen: open,
    guardMessage: editing ? 'The subject you are editing has not been saved.' : 'The new subject has not been created.',
    save: async (values, base) => {
      const imageFields = image ? { imagePath: null, imageName: image.objectName } : {};
      if (base) {
        const result = await update.mutateAsync({
          body: {
            subjectId: base.subjectId,
            version: base.version,
            ...(nameLocked ? {} : { subjectName: values.subjectName }),
            description: values.description,
            comingSoon: values.comingSoon,
            locked: values.locked,
            ...imageFields,
          },
        });
        saved.current = result.data;
      } else {
        const result = await create.mutateAsync({
          ...values,
          instructors: [],
          imagePath: null,
          imageName: null,
          ...imageFields,
        });
        saved.current = result.data;
      }
    },
  });

  function done() {
    if (saved.current) onSaved?.(saved.current);
    onClose();
  }

  async function save(values: SubjectFormValues) {
    // the drawer shows a refusal and keeps what was typed
    if (await edit.submit(values)) done();
  }

  return (
    <>
      <EditorDrawer
        open={open}
        onClose={onClose}
        title={editing ? `Edit ${subject.subjectName}` : 'Create Subject'}
        subtitle={editing ? 'Change the subject’s details.' : 'Assign people and add units once it is created.'}
        primaryLabel={editing ? 'Save changes' : 'Create subject'}
        edit={edit}
        mutation={mutation}
        dirty={isDirty || image !== null}
        onSave={handleSubmit(save)}
        onSaved={done}
      >
        <TextField
          label="Subject name"
          required
          autoComplete="off"
          disabled={nameLocked}
          {...register('subjectName')}
          error={Boolean(errors.subjectName)}
          helperText={errors.subjectName?.message ?? (nameLocked ? RENAME_NOT_ALLOWED : undefined)}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <TextField
          label="Description"
          multiline
          minRows={3}
          maxRows={8}
          {...register('description')}
          error={Boolean(errors.description)}
          helperText={errors.description?.message}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
        <SubjectImageField currentName={subject?.imageName ?? null} value={image} onChange={setImage} />
        <Box>
          <Controller
            control={control}
            name="comingSoon"
            render={({ field }) => (
              <FormControlLabel
                control={<Switch checked={field.value ?? false} onChange={(_e, next) => field.onChange(next)} />}
                label="Coming soon"
              />
            )}
          />
          <FormHelperText sx={{ mt: -0.5, mb: 1 }}>
            Announce the subject to students before its content is available.
          </FormHelperText>
          <Controller
            control={control}
            name="locked"
            render={({ field }) => (
              <FormControlLabel
                control={<Switch checked={field.value ?? false} onChange={(_e, next) => field.onChange(next)} />}
                label="Locked"
              />
            )}
          />
          <FormHelperText sx={{ mt: -0.5 }}>
            Students cannot open the subject’s content until it is unlocked.
          </FormHelperText>
        </Box>
      </EditorDrawer>
      {edit.guard.dialog}
    </>
  );
}
