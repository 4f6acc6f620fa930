import { useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import TextField from '@mui/material/TextField';
import { BATCH_MESSAGES, type BatchInfo, type Group } from '@lectern/contract';
import { DrawerForm } from '../../../components/drawer-form';
import { errorMessage } from '../../../lib/query-client';
import { useSaveGroup } from '../api/batch-mutations';
import { useBatchInfo } from '../api/get-batches';
import { batchLabel } from './batch-display';

interface GroupFormValues {
  groupName: string;
  description: string;
  batches: BatchInfo[];
}

export interface GroupDrawerProps {
  open: boolean;
  /** the group to edit, or null to add one */
  group: Group | null;
  onClose: () => void;
}

/**
 * Add or edit a group: a named set of active batches that live classes and student updates address.
 * A batch closed since it joined stays listed until it is taken out.
 */
export function GroupDrawer({ open, group, onClose }: GroupDrawerProps) {
  const save = useSaveGroup();
  const active = useBatchInfo('ACTIVE', open);
  const alertRef = useRef<HTMLDivElement>(null);
  const { control, register, handleSubmit, formState } = useForm<GroupFormValues>({
    mode: 'onTouched',
    defaultValues: group
      ? { groupName: group.groupName, description: group.description, batches: group.batches }
      : { groupName: '', description: '', batches: [] },
  });
  const { errors, isDirty } = formState;
  const options = [
    ...(active.data ?? []),
    ...(group?.batches ?? []).filter((batch) => !active.data?.some((a) => a.batchId === batch.batchId)),
  ];

  async function submit(values: GroupFormValues) {
    const body = {
      groupName: values.groupName.trim(),
      description: values.description.trim(),
      batchIds: values.batches.map((batch) => batch.batchId),
    };
    try {
      if (group) await save.mutateAsync({ ...body, groupId: group.groupId, version: group.version });
      else await save.mutateAsync(body);
      onClose();
    } catch {
      alertRef.current?.scrollIntoView?.({ block: 'nearest' });
    }
  }

  return (
    <DrawerForm
      open={open}
      onClose={onClose}
      title={group ? `Edit ${group.groupName}` : 'Add group'}
      subtitle="Live classes and student updates can address every batch of a group at once."
      primaryLabel={group ? 'Save changes' : 'Add group'}
      submitting={save.isPending}
      dirty={isDirty}
      onSubmit={(event) => void handleSubmit(submit)(event)}
    >
      {save.error && (
        <Alert severity="error" sx={{ mb: 2 }} ref={alertRef}>
          {errorMessage(save.error)}
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
        <TextField
          label="Group name"
          required
          autoComplete="off"
          {...register('groupName', {
            validate: (value) => (value.trim() ? true : 'The group name is required'),
          })}
          error={Boolean(errors.groupName)}
          helperText={errors.groupName?.message ?? 'e.g. Kota mornings.'}
          slotProps={{ htmlInput: { maxLength: 80 } }}
        />
        <TextField
          label="Description"
          multiline
          minRows={2}
          {...register('description')}
          slotProps={{ htmlInput: { maxLength: 300 } }}
        />
        <Controller
          control={control}
          name="batches"
          rules={{ validate: (value) => (value.length > 0 ? true : BATCH_MESSAGES.groupNeedsBatch) }}
          render={({ field }) => (
            <Autocomplete
              multiple
              disableCloseOnSelect
              options={options}
              loading={active.isPending}
              value={field.value}
              onChange={(_event, chosen) => field.onChange(chosen)}
              onBlur={field.onBlur}
              getOptionLabel={(option: BatchInfo) => batchLabel(option)}
              isOptionEqualToValue={(a, b) => a.batchId === b.batchId}
              noOptionsText={active.isError ? 'Could not load the batches.' : 'No active batches.'}
              renderOption={({ key, ...props }, option, { selected }) => (
                <li key={key} {...props}>
                  <Checkbox size="small" checked={selected} sx={{ mr: 1, p: 0.5 }} tabIndex={-1} />
                  {batchLabel(option)}
                </li>
              )}
              renderInput={(params) => (
                <TextField
                  {...params}
                  inputRef={field.ref}
                  label="Batches"
                  required
                  error={Boolean(errors.batches)}
                  helperText={errors.batches?.message ?? 'Active batches; type to search.'}
                />
              )}
            />
          )}
        />
      </Box>
    </DrawerForm>
  );
}
