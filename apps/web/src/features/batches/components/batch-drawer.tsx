import { useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { BATCH_CAPACITY_MAX, BATCH_MESSAGES, type Batch, type Branch, type Program, plural } from '@lectern/contract';
import { EditorDrawer } from '../../../components/form/editor-drawer';
import { isApiError } from '../../../lib/api-error';
import { useEditController } from '../../../lib/controllers/use-edit-controller';
import { useCreateBatch, useUpdateBatch } from '../api/batch-mutations';
import { getBatch, useBranches, usePrograms } from '../api/get-batches';
import { AddBranch, AddProgram } from './add-branch-or-program';
import {
  BATCH_FIELD_LABELS,
  batchBody,
  batchFormValues,
  emptyBatchForm,
  type BatchFormField,
  type BatchFormValues,
} from './batch-form';
import { issuesResolver } from '../../../lib/issues-resolver';

/** The field a refusal of the server is about, so its message shows there too. */
function serverField(message: string): BatchFormField | null {
  if (message.startsWith(BATCH_MESSAGES.codeTaken.split('[')[0]!)) return 'batchCode';
  if (message === BATCH_MESSAGES.endBeforeStart) return 'endDate';
  if (message.startsWith(BATCH_MESSAGES.capacityBelowStudents.split('[')[0]!)) return 'capacity';
  if (message.startsWith('Branch ')) return 'branchId';
  if (message.startsWith('Program ')) return 'programId';
  return null;
}

export interface BatchDrawerProps {
  open: boolean;
  /** the batch to edit, or null to add one */
  batch: Batch | null;
  onClose: () => void;
}

/**
 * Add or edit a batch in the right-hand drawer: name, code, branch and program (each can be added
 * here and is then chosen), days and capacity. The contract's rules check it as it is typed; a refusal
 * of the server (a code taken, a capacity below the students) shows with everything typed kept.
 */
export function BatchDrawer({ open, batch, onClose }: BatchDrawerProps) {
  const create = useCreateBatch();
  const update = useUpdateBatch();
  const mutation = batch ? update : create;
  const branches = useBranches(open);
  const programs = usePrograms(open);
  const [addedBranches, setAddedBranches] = useState<Branch[]>([]);
  const [addedPrograms, setAddedPrograms] = useState<Program[]>([]);
  const alertRef = useRef<HTMLDivElement>(null);
  const studentCount = batch?.studentCount ?? 0;

  const resolver = issuesResolver<BatchFormValues>((values) => batchBody(values, studentCount));
  const form = useForm<BatchFormValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: batch ? batchFormValues(batch) : emptyBatchForm(),
  });
  const { control, register, handleSubmit, formState, setError, setValue } = form;
  const { errors, isDirty } = formState;
  const edit = useEditController({
    item: batch,
    form,
    toValues: batchFormValues,
    fetchLatest: batch ? () => getBatch(batch.batchId) : undefined,
    labels: BATCH_FIELD_LABELS,
    guardWhen: open,
    guardMessage: 'The batch you are editing has not been saved.',
    save: async (values, base) => {
      const body = batchBody(values, studentCount).body!;
      try {
        if (base) await update.mutateAsync({ body: { ...body, batchId: base.batchId, version: base.version } });
        else await create.mutateAsync({ body });
      } catch (error) {
        const field = isApiError(error) ? serverField(error.message) : null;
        if (field && isApiError(error)) setError(field, { type: 'server', message: error.message });
        alertRef.current?.scrollIntoView?.({ block: 'nearest' });
        throw error;
      }
    },
  });

  const branchOptions = mergeById(branches.data ?? [], addedBranches, 'branchId');
  const programOptions = mergeById(programs.data ?? [], addedPrograms, 'programId');

  async function save(values: BatchFormValues) {
    if (!batchBody(values, studentCount).body) return;
    if (await edit.submit(values)) onClose();
  }

  return (
    <>
      <EditorDrawer
        open={open}
        onClose={onClose}
        title={batch ? `Edit ${batch.batchName}` : 'Add batch'}
        subtitle={
          batch
            ? `${plural(studentCount, 'student')} in it now.`
            : 'A class of students at a branch, for a program, between two days.'
        }
        primaryLabel={batch ? 'Save changes' : 'Add batch'}
        edit={edit}
        mutation={mutation}
        dirty={isDirty}
        onSave={handleSubmit(save)}
        problemRef={alertRef}
      >
        <TextField
          label="Batch name"
          required
          autoComplete="off"
          {...register('batchName')}
          error={Boolean(errors.batchName)}
          helperText={errors.batchName?.message ?? 'As students know it, e.g. JEE 2027 Morning, Kota.'}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <Controller
          control={control}
          name="batchCode"
          render={({ field }) => (
            <TextField
              label="Batch code"
              required
              autoComplete="off"
              {...field}
              onChange={(event) => field.onChange(event.target.value.toUpperCase())}
              error={Boolean(errors.batchCode)}
              helperText={errors.batchCode?.message ?? 'Letters, digits and hyphens, e.g. JEE27-KOTA-M.'}
              slotProps={{ htmlInput: { maxLength: 30 } }}
            />
          )}
        />
        <Box>
          <Controller
            control={control}
            name="branchId"
            render={({ field }) => (
              <TextField
                select
                label="Branch"
                required
                fullWidth
                {...field}
                error={Boolean(errors.branchId)}
                helperText={errors.branchId?.message ?? (branches.isError ? 'Could not load the branches.' : undefined)}
              >
                {branchOptions.length === 0 && (
                  <MenuItem value="" disabled>
                    {branches.isPending ? 'Loading…' : 'No branches yet: add one below.'}
                  </MenuItem>
                )}
                {branchOptions.map((branch) => (
                  <MenuItem key={branch.branchId} value={branch.branchId}>
                    {branch.branchName}, {branch.city}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <AddBranch
            onCreated={(branch) => {
              setAddedBranches((previous) => [...previous, branch]);
              setValue('branchId', branch.branchId, { shouldDirty: true, shouldValidate: true });
            }}
          />
        </Box>
        <Box>
          <Controller
            control={control}
            name="programId"
            render={({ field }) => (
              <TextField
                select
                label="Program"
                required
                fullWidth
                {...field}
                error={Boolean(errors.programId)}
                helperText={
                  errors.programId?.message ?? (programs.isError ? 'Could not load the programs.' : undefined)
                }
              >
                {programOptions.length === 0 && (
                  <MenuItem value="" disabled>
                    {programs.isPending ? 'Loading…' : 'No programs yet: add one below.'}
                  </MenuItem>
                )}
                {programOptions.map((program) => (
                  <MenuItem key={program.programId} value={program.programId}>
                    {program.programName}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <AddProgram
            onCreated={(program) => {
              setAddedPrograms((previous) => [...previous, program]);
              setValue('programId', program.programId, { shouldDirty: true, shouldValidate: true });
            }}
          />
        </Box>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            label="Starts"
            type="date"
            required
            {...register('startDate')}
            error={Boolean(errors.startDate)}
            helperText={errors.startDate?.message ?? 'The first day.'}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            label="Ends"
            type="date"
            required
            {...register('endDate')}
            error={Boolean(errors.endDate)}
            helperText={errors.endDate?.message ?? 'The last day, included.'}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Box>
        <TextField
          label="Capacity"
          required
          autoComplete="off"
          {...register('capacity')}
          error={Boolean(errors.capacity)}
          helperText={
            errors.capacity?.message ??
            (studentCount > 0
              ? `Seats, ${studentCount} to ${BATCH_CAPACITY_MAX}.`
              : `Seats, 1 to ${BATCH_CAPACITY_MAX}.`)
          }
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
        />
      </EditorDrawer>
      {edit.guard.dialog}
    </>
  );
}

function mergeById<T, K extends keyof T>(loaded: readonly T[], added: readonly T[], key: K): T[] {
  const seen = new Set(loaded.map((item) => item[key]));
  return [...loaded, ...added.filter((item) => !seen.has(item[key]))];
}
