import { useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LIVE_CLASS_DURATION, type LiveClass, type MeetingAccount } from '@lectern/contract';
import { EditorDrawer } from '../../../components/form/editor-drawer';
import { useEditController } from '../../../lib/controllers/use-edit-controller';
import {
  useActiveBatches,
  useBatchSubjects,
  useChapters,
  useGroups,
  useMeetingAccounts,
  useTeachers,
} from '../api/get-choices';
import { getSchedule, useSchedule } from '../api/get-live-classes';
import {
  useCreateChapter,
  useCreateLiveClass,
  useCreateSubject,
  useUpdateLiveClass,
} from '../api/live-class-mutations';
import { addDays, fromIndia, indiaDayStart } from './class-time';
import {
  clashWarning,
  emptyLiveClassForm,
  liveClassBody,
  LIVE_CLASS_FIELD_LABELS,
  liveClassFormValues,
  type LiveClassFormValues,
} from './live-class-form';
import { PROVIDER_LABELS, batchLabel } from './live-class-display';
import { ClassTimeFields, CreatableSelect, Section, ThumbnailField, type Creatable } from './live-class-fields';
import type { ThumbnailPickerSlot } from './slots';
import { issuesResolver } from '../../../lib/issues-resolver';

export interface LiveClassDrawerProps {
  open: boolean;
  /** the class to edit, or null to schedule one */
  liveClass: LiveClass | null;
  /** a new class starts on this India day */
  defaultDay: string;
  thumbnailPicker: ThumbnailPickerSlot;
  onClose: () => void;
}

/**
 * Schedule or change a class in the right-hand drawer: what (title, subject, chapter, both made
 * inline), for whom (batches and groups), who and where (teacher, meeting account, the link a LINK
 * account needs), when (India time, checked against the day's classes before saving), how long,
 * the share that counts as present, the thumbnail and whether students see it. The server's
 * refusals show in the drawer with everything typed kept.
 */
export function LiveClassDrawer({ open, liveClass, defaultDay, thumbnailPicker, onClose }: LiveClassDrawerProps) {
  const accounts = useMeetingAccounts(open);
  const teachers = useTeachers(open);
  const batches = useActiveBatches(open);
  const groups = useGroups(open);
  const subjects = useBatchSubjects(open);
  const create = useCreateLiveClass();
  const update = useUpdateLiveClass();
  const createSubject = useCreateSubject();
  const createChapter = useCreateChapter();
  const mutation = liveClass ? update : create;
  const alertRef = useRef<HTMLDivElement>(null);
  const [picking, setPicking] = useState(false);
  const accountList = useMemo(() => accounts.data ?? [], [accounts.data]);

  const resolver = issuesResolver<LiveClassFormValues>((values) => liveClassBody(values, accountList));

  const form = useForm<LiveClassFormValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: liveClass ? liveClassFormValues(liveClass) : emptyLiveClassForm(defaultDay),
  });
  const { control, register, handleSubmit, formState, setValue } = form;
  const { errors, isDirty } = formState;
  const values = useWatch({ control }) as LiveClassFormValues;
  const edit = useEditController({
    item: liveClass,
    form,
    toValues: liveClassFormValues,
    // no route reads one class: the schedule holds it (unless it was deleted meanwhile)
    fetchLatest: liveClass
      ? () => getSchedule('all', {}).then((all) => all.find((c) => c.liveClassId === liveClass.liveClassId))
      : undefined,
    labels: LIVE_CLASS_FIELD_LABELS,
    guardWhen: open,
    guardMessage: 'The class you are scheduling has not been saved.',
    save: async (formValues, base) => {
      const body = liveClassBody(formValues, accountList).body!;
      try {
        if (base) await update.mutateAsync({ body: { ...body, liveClassId: base.liveClassId, version: base.version } });
        else await create.mutateAsync({ body });
      } catch (error) {
        alertRef.current?.scrollIntoView?.({ block: 'nearest' });
        throw error;
      }
    },
  });
  const account: MeetingAccount | undefined = accountList.find((a) => a.accountId === values.meetingAccountId);
  const live = values.classRoomType === 'live';

  // the day's classes (and the evening before, for a long class running into it): the overlap check's ground
  const dayValid = Boolean(fromIndia(values.day ?? '', '00:00'));
  const dayQuery = useMemo(
    () =>
      dayValid
        ? {
            from: new Date(indiaDayStart(values.day) - LIVE_CLASS_DURATION.max * 60_000).toISOString(),
            to: new Date(indiaDayStart(addDays(values.day, 1))).toISOString(),
          }
        : {},
    [dayValid, values.day],
  );
  const dayClasses = useSchedule('all', dayQuery, open && dayValid);
  const clash = useMemo(
    () =>
      clashWarning(values, liveClass?.liveClassId ?? null, dayClasses.data ?? [], {
        teacherName: teachers.data?.find((t) => t.teacherId === values.teacherId)?.name ?? 'The teacher',
        accountName: account?.accountName ?? '',
        accountProvider: account?.provider,
      }),
    [values, liveClass, dayClasses.data, teachers.data, account],
  );

  const chapters = useChapters(values.subjectId || null);
  const subjectOptions: Creatable[] = (subjects.data ?? []).map((s) => ({ id: s.subjectId, name: s.subjectName }));
  const chapterOptions: Creatable[] = (chapters.data ?? []).map((c) => ({ id: c.chapterId, name: c.chapterName }));

  async function save(formValues: LiveClassFormValues) {
    if (!liveClassBody(formValues, accountList).body) return;
    if (await edit.submit(formValues)) onClose();
  }

  async function addSubject(name: string) {
    const result = await createSubject.mutateAsync(name);
    setValue('subjectId', result.data.subjectId, { shouldDirty: true, shouldValidate: true });
    setValue('chapterId', '', { shouldDirty: true });
  }
  async function addChapter(name: string) {
    const result = await createChapter.mutateAsync({ subjectId: values.subjectId, chapterName: name });
    setValue('chapterId', result.data.chapterId, { shouldDirty: true });
  }

  return (
    <>
      <EditorDrawer
        open={open}
        onClose={onClose}
        title={liveClass ? `Edit ${liveClass.title}` : 'Schedule a live class'}
        subtitle={liveClass ? `Created by ${liveClass.createdBy}.` : 'Times are India time.'}
        primaryLabel={liveClass ? 'Save changes' : 'Schedule'}
        edit={edit}
        mutation={mutation}
        dirty={isDirty}
        onSave={handleSubmit(save)}
        problemRef={alertRef}
      >
        <TextField
          label="Title"
          required
          autoComplete="off"
          {...register('title')}
          error={Boolean(errors.title)}
          helperText={errors.title?.message}
          slotProps={{ htmlInput: { maxLength: 120 } }}
        />
        <TextField
          label="Description"
          multiline
          minRows={2}
          {...register('description')}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
        <Controller
          control={control}
          name="classRoomType"
          render={({ field }) => (
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
              <Typography component="legend" variant="body2" sx={{ fontWeight: 600 }}>
                Where
              </Typography>
              <RadioGroup row value={field.value} onChange={(_e, value) => field.onChange(value)}>
                <FormControlLabel value="live" control={<Radio />} label="Live (online meeting)" />
                <FormControlLabel value="offline" control={<Radio />} label="Offline (classroom)" />
              </RadioGroup>
            </Box>
          )}
        />

        <Section>For whom</Section>
        <Controller
          control={control}
          name="batches"
          render={({ field }) => (
            <Autocomplete
              multiple
              options={(batches.data ?? []).map((b) => ({ batchId: b.batchId, batchName: b.batchName }))}
              loading={batches.isPending}
              value={field.value}
              onChange={(_e, chosen) => field.onChange(chosen)}
              onBlur={field.onBlur}
              getOptionLabel={(o) => batchLabel(o.batchId, o.batchName, batches.data)}
              isOptionEqualToValue={(a, b) => a.batchId === b.batchId}
              noOptionsText={batches.isError ? 'Could not load the batches.' : 'No active batches.'}
              renderInput={(params) => (
                <TextField
                  {...params}
                  inputRef={field.ref}
                  label="Batches"
                  error={Boolean(errors.batches)}
                  helperText={errors.batches?.message ?? 'Active batches; or choose groups below.'}
                />
              )}
            />
          )}
        />
        <Controller
          control={control}
          name="groups"
          render={({ field }) => (
            <Autocomplete
              multiple
              options={(groups.data ?? []).map((g) => ({ groupId: g.groupId, groupName: g.groupName }))}
              loading={groups.isPending}
              value={field.value}
              onChange={(_e, chosen) => field.onChange(chosen)}
              onBlur={field.onBlur}
              getOptionLabel={(o) => o.groupName}
              isOptionEqualToValue={(a, b) => a.groupId === b.groupId}
              noOptionsText={groups.isError ? 'Could not load the groups.' : 'No groups.'}
              renderInput={(params) => (
                <TextField {...params} label="Groups" helperText="Every batch of a group is invited." />
              )}
            />
          )}
        />

        <Section>What</Section>
        <CreatableSelect
          label="Subject"
          required
          options={subjectOptions}
          loading={subjects.isPending}
          value={values.subjectId}
          error={errors.subjectId?.message}
          creating={createSubject.isPending}
          onChange={(id) => {
            setValue('subjectId', id, { shouldDirty: true, shouldValidate: true });
            setValue('chapterId', '', { shouldDirty: true });
          }}
          onCreate={addSubject}
        />
        <CreatableSelect
          label="Chapter"
          options={chapterOptions}
          loading={chapters.isFetching}
          value={values.chapterId}
          disabled={!values.subjectId}
          helper={values.subjectId ? 'Optional.' : 'Choose the subject first.'}
          creating={createChapter.isPending}
          onChange={(id) => setValue('chapterId', id, { shouldDirty: true })}
          onCreate={addChapter}
        />

        <Section>Who and where</Section>
        <TextField
          select
          label="Teacher"
          required
          value={values.teacherId ?? ''}
          {...register('teacherId')}
          error={Boolean(errors.teacherId)}
          helperText={errors.teacherId?.message ?? (teachers.isError ? 'Could not load the teachers.' : undefined)}
        >
          {(teachers.data ?? []).map((t) => (
            <MenuItem key={t.teacherId} value={t.teacherId}>
              {t.name}
            </MenuItem>
          ))}
        </TextField>
        {live && (
          <TextField
            select
            label="Meeting account"
            required
            value={values.meetingAccountId ?? ''}
            {...register('meetingAccountId')}
            error={Boolean(errors.meetingAccountId)}
            helperText={
              errors.meetingAccountId?.message ??
              (account
                ? `${PROVIDER_LABELS[account.provider]}${account.hostOrBase ? `: ${account.hostOrBase}` : ''}`
                : undefined)
            }
          >
            {accountList
              .filter((a) => a.enabled || a.accountId === values.meetingAccountId)
              .map((a) => (
                <MenuItem key={a.accountId} value={a.accountId}>
                  {a.accountName} ({PROVIDER_LABELS[a.provider]})
                </MenuItem>
              ))}
          </TextField>
        )}
        {live && account?.provider === 'LINK' && (
          <TextField
            label="Meeting link"
            required
            type="url"
            autoComplete="off"
            placeholder="https://"
            {...register('meetingLink')}
            error={Boolean(errors.meetingLink)}
            helperText={errors.meetingLink?.message ?? 'Students join here; the teacher starts from it too.'}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        )}

        <Section>When (India time)</Section>
        <ClassTimeFields register={register} errors={errors} />
        {clash && (
          <Alert severity="warning" role="status" data-testid="overlap-warning">
            {clash}
          </Alert>
        )}

        <Section>Shown to students</Section>
        <ThumbnailField
          url={values.thumbnailUrl}
          onPick={() => setPicking(true)}
          onRemove={() => setValue('thumbnailUrl', '', { shouldDirty: true })}
        />
        {!liveClass && (
          <Controller
            control={control}
            name="enabled"
            render={({ field }) => (
              <Box>
                <FormControlLabel
                  label="Show to students"
                  control={
                    <Switch
                      checked={field.value}
                      inputRef={field.ref}
                      onChange={(_e, checked) => field.onChange(checked)}
                    />
                  }
                />
                <FormHelperText sx={{ mt: 0 }}>
                  {field.value ? 'Students of its batches see it.' : 'Hidden until you show it.'}
                </FormHelperText>
              </Box>
            )}
          />
        )}
      </EditorDrawer>
      {thumbnailPicker({
        open: picking,
        onClose: () => setPicking(false),
        onSelect: (file) => {
          setValue('thumbnailUrl', file.url, { shouldDirty: true });
          setPicking(false);
        },
      })}
      {edit.guard.dialog}
    </>
  );
}
