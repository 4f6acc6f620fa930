import { useRef, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import MovieOutlinedIcon from '@mui/icons-material/MovieOutlined';
import {
  STUDENT_UPDATE_AUDIENCES,
  STUDENT_UPDATE_LIMITS,
  STUDENT_UPDATE_MESSAGES,
  STUDENT_UPDATE_TYPE_LABELS,
  type StudentUpdate,
  type StudentUpdateType,
} from '@lectern/contract';
import { DrawerForm } from '../../../components/drawer-form';
import { MultiSelect } from '../../../components/multi-select';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { SaveProblem } from '../../../components/form/stale-version-alert';
import { isApiError } from '../../../lib/api-error';
import { useEditController } from '../../../lib/controllers/use-edit-controller';
import { issuesResolver } from '../../../lib/issues-resolver';
import { errorMessage } from '../../../lib/query-client';
import { useChangeStudentUpdate, useCreateStudentUpdate } from '../api/student-update-mutations';
import { useAudienceChoices } from '../api/get-update-choices';
import { getStudentUpdates } from '../api/get-student-updates';
import { AUDIENCE_LABELS } from './update-display';
import {
  allowedActions,
  emptyUpdateForm,
  fromIndiaInput,
  toIndiaInput,
  updateBody,
  updateFormValues,
  type SaveAction,
  type UpdateFormField,
  type UpdateFormValues,
  UPDATE_FIELD_LABELS,
} from './update-form';
import { UpdatePreview } from './update-preview';
import type { ImagePickerSlot } from './slots';
import { VideoChoiceDialog } from './video-choice-dialog';

export interface UpdateDrawerProps {
  open: boolean;
  updateType: StudentUpdateType;
  /** the update to edit, or null to write one */
  update: StudentUpdate | null;
  imagePicker: ImagePickerSlot;
  onClose: () => void;
}

const ACTION_LABELS: Record<SaveAction, string> = {
  DRAFT: 'Save as a draft',
  SCHEDULE: 'Schedule',
  PUBLISH: 'Publish now',
};

/** The field a refusal of the server is about, so its message shows there too. */
function serverField(message: string): UpdateFormField | null {
  const starts = (template: string) => message.startsWith(template.split('[')[0]!);
  const m = STUDENT_UPDATE_MESSAGES;
  if ([m.scheduleTooSoon, m.scheduleTooLate, m.needsPublishAt].includes(message as never)) return 'publishAt';
  if (starts(m.needsAudience) || starts(m.unknownAudience)) return 'audienceIds';
  if (message === m.imageOrVideo || starts(m.videoNotReady)) return 'video';
  return null;
}

function Section({ children }: { children: ReactNode }) {
  return (
    <Typography component="legend" variant="body2" sx={{ fontWeight: 600, mb: 0.5, p: 0 }}>
      {children}
    </Typography>
  );
}

const fieldset = { border: 0, p: 0, m: 0, minWidth: 0 } as const;

/**
 * Write or edit a student update in a wide right-hand drawer: the form (title, text, an image or a
 * video, who sees it, how to save it) beside a live preview as a student's phone shows it (below it on
 * a phone). Only the saves nextUpdateState allows from the update's state are offered; a schedule is
 * checked with scheduleProblem before it is sent; the server's refusals show in the drawer with
 * everything typed kept; closing with unsaved changes asks first.
 */
export function UpdateDrawer({ open, updateType, update, imagePicker, onClose }: UpdateDrawerProps) {
  const create = useCreateStudentUpdate();
  const change = useChangeStudentUpdate();
  const mutation = update ? change : create;
  const audiences = useAudienceChoices(open);
  const alertRef = useRef<HTMLDivElement>(null);
  const [pickingImage, setPickingImage] = useState(false);
  const [pickingVideo, setPickingVideo] = useState(false);
  const state = update?.state ?? null;
  const actions = allowedActions(state);

  const form = useForm<UpdateFormValues>({
    resolver: issuesResolver<UpdateFormValues>((values) => updateBody(values, updateType, state)),
    mode: 'onTouched',
    defaultValues: update ? updateFormValues(update) : emptyUpdateForm(),
  });
  const { control, register, handleSubmit, formState, setValue, setError } = form;
  const { errors, isDirty } = formState;
  const values = useWatch({ control }) as UpdateFormValues;
  const edit = useEditController({
    item: update,
    form,
    toValues: updateFormValues,
    fetchLatest: update
      ? () => getStudentUpdates(updateType, null).then((all) => all.find((u) => u.updateId === update.updateId))
      : undefined,
    labels: UPDATE_FIELD_LABELS,
    guardWhen: open,
    guardMessage: 'The update you are writing has not been saved.',
    save: async (formValues, base) => {
      const body = updateBody(formValues, updateType, state).body!;
      try {
        if (base) {
          const { updateType: _type, ...fields } = body;
          await change.mutateAsync({
            body: { ...fields, updateId: base.updateId, version: base.version },
            before: base,
          });
        } else {
          await create.mutateAsync(body);
        }
      } catch (error) {
        const field = isApiError(error) ? serverField(error.message) : null;
        if (field && isApiError(error)) setError(field, { type: 'server', message: error.message });
        alertRef.current?.scrollIntoView?.({ block: 'nearest' });
        throw error;
      }
    },
  });

  async function save(formValues: UpdateFormValues) {
    if (!updateBody(formValues, updateType, state).body) return;
    if (await edit.submit(formValues)) onClose();
  }

  const action = values.action;
  const primaryLabel =
    action === 'DRAFT'
      ? 'Save draft'
      : action === 'SCHEDULE'
        ? 'Schedule'
        : state === 'PUBLISHED'
          ? 'Save changes'
          : 'Publish now';
  const previewAt =
    action === 'SCHEDULE'
      ? fromIndiaInput(values.publishAt)
      : state === 'PUBLISHED'
        ? (update?.publishedAt ?? null)
        : null;
  const audienceKind = values.audienceKind;
  const audienceOptions =
    audienceKind === 'EVERYONE'
      ? []
      : (audiences.data?.[
          audienceKind === 'CATALOGUES' ? 'catalogues' : audienceKind === 'BATCHES' ? 'batches' : 'groups'
        ] ?? []);
  const title = update ? 'Edit update' : 'Write an update';

  return (
    <>
      <DrawerForm
        open={open}
        onClose={onClose}
        title={title}
        subtitle={
          update
            ? `${STUDENT_UPDATE_TYPE_LABELS[updateType]} · written by ${update.createdBy}`
            : `${STUDENT_UPDATE_TYPE_LABELS[updateType]}: students see it in their app.`
        }
        onSubmit={(event) => void handleSubmit(save)(event)}
        primaryLabel={primaryLabel}
        submitting={mutation.isPending}
        dirty={isDirty}
        aside={
          <UpdatePreview
            updateType={updateType}
            title={values.title}
            body={values.body}
            imageUrl={values.imageUrl}
            video={values.video}
            at={previewAt}
          />
        }
      >
        <SaveProblem ref={alertRef} edit={edit} error={mutation.error} busy={mutation.isPending} onSaved={onClose} />
        {errors.action?.message && <Alert severity="error">{errors.action.message}</Alert>}
        <TextField
          label="Title"
          required
          autoComplete="off"
          {...register('title')}
          error={Boolean(errors.title)}
          helperText={errors.title?.message ?? `${values.title.length} / ${STUDENT_UPDATE_LIMITS.title}`}
          slotProps={{ htmlInput: { maxLength: STUDENT_UPDATE_LIMITS.title } }}
        />
        <Controller
          control={control}
          name="body"
          render={({ field }) => (
            <RichTextEditor
              label="Text"
              value={field.value}
              onChange={(html) => field.onChange(html)}
              minHeight={140}
              error={Boolean(errors.body)}
              helperText={errors.body?.message}
            />
          )}
        />

        <Box component="fieldset" sx={fieldset}>
          <Section>Image or video</Section>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            One or the other: choosing one replaces the other.
          </Typography>
          {values.imageUrl ? (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
              <Box
                component="img"
                src={values.imageUrl}
                alt="The update's image"
                sx={{ width: 160, aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: 1 }}
              />
              <Button onClick={() => setPickingImage(true)}>Change image</Button>
              <Button color="error" onClick={() => setValue('imageUrl', '', { shouldDirty: true })}>
                Remove image
              </Button>
            </Box>
          ) : values.video ? (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
              <MovieOutlinedIcon color="action" aria-hidden />
              <Typography sx={{ overflowWrap: 'anywhere', minWidth: 0 }} data-testid="chosen-video">
                {values.video.videoName}
              </Typography>
              <Button onClick={() => setPickingVideo(true)}>Change video</Button>
              <Button
                color="error"
                onClick={() => setValue('video', null, { shouldDirty: true, shouldValidate: true })}
              >
                Remove video
              </Button>
            </Box>
          ) : (
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button variant="outlined" startIcon={<ImageOutlinedIcon />} onClick={() => setPickingImage(true)}>
                Choose image
              </Button>
              <Button variant="outlined" startIcon={<MovieOutlinedIcon />} onClick={() => setPickingVideo(true)}>
                Choose video
              </Button>
            </Box>
          )}
          {errors.video?.message && <FormHelperText error>{errors.video.message}</FormHelperText>}
        </Box>

        <Controller
          control={control}
          name="audienceKind"
          render={({ field }) => (
            <Box component="fieldset" sx={fieldset}>
              <Section>Who sees it</Section>
              <RadioGroup
                row
                name={field.name}
                value={field.value}
                onChange={(_event, value) => {
                  field.onChange(value);
                  setValue('audienceIds', [], { shouldDirty: true });
                }}
              >
                {STUDENT_UPDATE_AUDIENCES.map((kind) => (
                  <FormControlLabel key={kind} value={kind} control={<Radio />} label={AUDIENCE_LABELS[kind]} />
                ))}
              </RadioGroup>
            </Box>
          )}
        />
        {audienceKind !== 'EVERYONE' && (
          <Box>
            <Controller
              control={control}
              name="audienceIds"
              render={({ field }) => (
                <MultiSelect
                  label={AUDIENCE_LABELS[audienceKind]}
                  options={audienceOptions.map((target) => ({ value: target.id, label: target.name }))}
                  value={field.value}
                  onChange={(ids) => field.onChange(ids)}
                />
              )}
            />
            <FormHelperText error={Boolean(errors.audienceIds)}>
              {errors.audienceIds?.message ??
                (audiences.isPending
                  ? 'Loading the choices...'
                  : audiences.isError
                    ? `Could not load the choices: ${errorMessage(audiences.error)}`
                    : audienceOptions.length === 0
                      ? `There are no ${AUDIENCE_LABELS[audienceKind].toLowerCase()} to choose.`
                      : 'Their students see it.')}
            </FormHelperText>
          </Box>
        )}

        <Controller
          control={control}
          name="action"
          render={({ field }) => (
            <Box component="fieldset" sx={fieldset}>
              <Section>When students see it</Section>
              <RadioGroup name={field.name} value={field.value} onChange={(_event, value) => field.onChange(value)}>
                {actions.map((choice) => (
                  <FormControlLabel
                    key={choice}
                    value={choice}
                    control={<Radio />}
                    label={
                      choice === 'PUBLISH' && state === 'PUBLISHED'
                        ? 'Keep it published (students see the changes at once)'
                        : ACTION_LABELS[choice]
                    }
                  />
                ))}
              </RadioGroup>
            </Box>
          )}
        />
        {action === 'SCHEDULE' && (
          <TextField
            label="Publish at (India time)"
            type="datetime-local"
            required
            {...register('publishAt')}
            error={Boolean(errors.publishAt)}
            helperText={errors.publishAt?.message ?? 'At least a minute from now, within a year.'}
            // the native picker starts at the first time allowed (the check itself is scheduleProblem's)
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: toIndiaInput(Date.now() + 60_000) } }}
          />
        )}
      </DrawerForm>
      {imagePicker({
        open: pickingImage,
        onClose: () => setPickingImage(false),
        onSelect: (file) => {
          setValue('imageUrl', file.url, { shouldDirty: true });
          setValue('video', null, { shouldDirty: true, shouldValidate: true });
          setPickingImage(false);
        },
      })}
      <VideoChoiceDialog
        open={pickingVideo}
        title="Choose a video"
        currentId={values.video?.videoId ?? null}
        onClose={() => setPickingVideo(false)}
        onChoose={(video) => {
          setValue(
            'video',
            { videoId: video.videoId, videoName: video.videoName, thumbnail: video.thumbnail },
            { shouldDirty: true, shouldValidate: true },
          );
          setValue('imageUrl', '', { shouldDirty: true });
        }}
      />
      {edit.guard.dialog}
    </>
  );
}
