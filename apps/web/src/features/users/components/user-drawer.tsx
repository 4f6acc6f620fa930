import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import { CreateUserBodySchema, MESSAGES, fillMessage, type Role } from '@lectern/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { EditorDrawer } from '../../../components/form/editor-drawer';
import { isApiError } from '../../../lib/api-error';
import { useEditController } from '../../../lib/controllers/use-edit-controller';
import type { UserRow } from '../api/get-users';
import { useCreateUser, useUpdateUser } from '../api/user-mutations';
import { useMobileCheck } from '../hooks/use-mobile-check';
import { fieldMessage, fullName, roleLabel } from '../user-display';

/**
 * The form's fields are the contract's: create and update share them (the update adds the user's id
 * and the version the editor saw), so one schema validates both.
 */
const UserFormSchema = CreateUserBodySchema;
type UserFormInput = z.input<typeof UserFormSchema>;
type UserFormValues = z.output<typeof UserFormSchema>;

const EMPTY: UserFormInput = { firstName: '', lastName: '', email: '', phone: '', roles: [], active: true };

function valuesOf(user: UserRow): UserFormInput {
  return {
    firstName: user.userProfile.firstName,
    lastName: user.userProfile.lastName,
    email: user.email,
    phone: user.phone,
    roles: user.roles.map((role) => role.roleName),
    active: user.active,
  };
}

/** The drawer's names of the fields, for the list of what someone else changed. */
const LABELS = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'E-mail',
  phone: 'Mobile number',
  roles: 'Roles',
  active: 'Active',
} as const;

export interface UserDrawerProps {
  open: boolean;
  /** The user being edited, or null to create one. */
  user: UserRow | null;
  /** The same user as the list shows it now (after someone else's change), to load their values. */
  latest?: UserRow;
  /** The signed-in user's id: they may not deactivate themselves. */
  selfId: string | undefined;
  /** The roles to choose from. */
  roles: readonly Role[];
  onClose: () => void;
}

/**
 * Create or edit a staff user in the right-hand drawer: names, e-mail, the mobile number (checked
 * with the server as it is typed), roles (at least one) and whether the account is active.
 * Deactivating asks first; a failure keeps everything typed and says why in the drawer.
 */
export function UserDrawer({ open, user, latest, selfId, roles, onClose }: UserDrawerProps) {
  const editing = user !== null;
  const [confirmingDeactivation, setConfirmingDeactivation] = useState<UserFormValues | null>(null);
  const create = useCreateUser();
  const update = useUpdateUser();
  const mutation = editing ? update : create;

  const form = useForm<UserFormInput, unknown, UserFormValues>({
    resolver: zodResolver(UserFormSchema),
    mode: 'onTouched',
    defaultValues: user ? valuesOf(user) : EMPTY,
  });
  const { control, register, handleSubmit, formState, setError } = form;
  const edit = useEditController({
    item: user,
    form,
    toValues: valuesOf,
    latest,
    labels: LABELS,
    guardWhen: open,
    guardMessage: 'The user you are editing has not been saved.',
    save: async (values, base) => {
      try {
        if (base) await update.mutateAsync({ userId: base.userId, version: base.version, ...values });
        else await create.mutateAsync({ body: values });
      } catch (error) {
        // the drawer shows the message (the snackbar too) and keeps what was typed
        if (
          isApiError(error) &&
          error.status === 409 &&
          error.message === fillMessage(MESSAGES.userExists, { mobileNumber: values.phone })
        ) {
          setError('phone', { type: 'server', message: error.message }, { shouldFocus: true });
        }
        throw error;
      }
    },
  });
  const base = edit.base;
  const { errors, isDirty } = formState;
  const phone = useWatch({ control, name: 'phone' }) ?? '';
  const active = useWatch({ control, name: 'active' }) ?? true;
  const check = useMobileCheck(phone, base ? { userId: base.userId, phone: base.phone } : undefined);
  const isSelf = editing && user.userId === selfId;
  const name = base ? fullName(base) : '';

  async function send(values: UserFormValues): Promise<void> {
    if (await edit.submit(values)) onClose();
  }

  function submit(values: UserFormValues) {
    if (check.takenMessage) {
      setError('phone', { type: 'taken', message: check.takenMessage }, { shouldFocus: true });
      return;
    }
    if (base?.active && !values.active) {
      setConfirmingDeactivation(values);
      return;
    }
    void send(values);
  }

  const phoneMessage =
    fieldMessage('Mobile number', errors.phone?.message) ??
    check.takenMessage ??
    (check.invalid ? fieldMessage('Mobile number', 'must be a 10-digit mobile number') : undefined);

  return (
    <>
      <EditorDrawer
        open={open}
        onClose={onClose}
        title={editing ? `Edit ${name}` : 'Add user'}
        subtitle={editing ? (base?.email ?? '') : 'They sign in with this mobile number and a one-time code.'}
        primaryLabel={editing ? 'Save changes' : 'Create user'}
        edit={edit}
        mutation={mutation}
        dirty={isDirty}
        onSave={handleSubmit(submit)}
      >
        <TextField
          label="First name"
          required
          autoComplete="off"
          {...register('firstName')}
          error={Boolean(errors.firstName)}
          helperText={fieldMessage('First name', errors.firstName?.message)}
          slotProps={{ htmlInput: { maxLength: 60 } }}
        />
        <TextField
          label="Last name"
          autoComplete="off"
          {...register('lastName')}
          error={Boolean(errors.lastName)}
          helperText={fieldMessage('Last name', errors.lastName?.message)}
          slotProps={{ htmlInput: { maxLength: 60 } }}
        />
        <TextField
          label="E-mail"
          type="email"
          required
          autoComplete="off"
          {...register('email')}
          error={Boolean(errors.email)}
          helperText={fieldMessage('E-mail', errors.email?.message)}
          slotProps={{ htmlInput: { maxLength: 254 } }}
        />
        <Controller
          control={control}
          name="phone"
          render={({ field }) => (
            <TextField
              label="Mobile number"
              required
              autoComplete="off"
              name={field.name}
              value={field.value}
              inputRef={field.ref}
              onChange={field.onChange}
              onBlur={() => {
                field.onBlur();
                check.checkNow();
              }}
              error={phoneMessage !== undefined}
              helperText={phoneMessage ?? 'Ten digits; they sign in with this number.'}
              slotProps={{
                htmlInput: { inputMode: 'numeric', maxLength: 10 },
                input: {
                  endAdornment: check.checking ? (
                    <InputAdornment position="end">
                      <CircularProgress size={18} aria-label="Checking the number" />
                    </InputAdornment>
                  ) : check.available && !phoneMessage ? (
                    <InputAdornment position="end">
                      <CheckCircleOutline color="success" fontSize="small" titleAccess="The number is free" />
                    </InputAdornment>
                  ) : undefined,
                },
              }}
            />
          )}
        />
        <Controller
          control={control}
          name="roles"
          render={({ field, fieldState }) => {
            const chosen = new Set(field.value);
            return (
              <FormControl component="fieldset" error={Boolean(fieldState.error)} required>
                <FormLabel component="legend">Roles</FormLabel>
                <FormGroup>
                  {roles.map((role, index) => (
                    <FormControlLabel
                      key={role}
                      label={roleLabel(role)}
                      control={
                        <Checkbox
                          checked={chosen.has(role)}
                          inputRef={index === 0 ? field.ref : undefined}
                          onBlur={field.onBlur}
                          onChange={(_event, checked) => {
                            const next = new Set(chosen);
                            if (checked) next.add(role);
                            else next.delete(role);
                            field.onChange(roles.filter((r) => next.has(r)));
                          }}
                        />
                      }
                    />
                  ))}
                </FormGroup>
                {fieldState.error && <FormHelperText>{fieldMessage('Roles', fieldState.error.message)}</FormHelperText>}
              </FormControl>
            );
          }}
        />
        <Controller
          control={control}
          name="active"
          render={({ field }) => (
            <FormControl>
              <FormControlLabel
                label="Active"
                control={
                  <Switch
                    checked={field.value ?? true}
                    inputRef={field.ref}
                    disabled={isSelf}
                    onBlur={field.onBlur}
                    onChange={(_event, checked) => field.onChange(checked)}
                  />
                }
              />
              <FormHelperText>
                {isSelf
                  ? MESSAGES.cannotDeactivateSelf
                  : base?.active && !active
                    ? 'They will be signed out at once when you save.'
                    : active
                      ? 'They can sign in.'
                      : 'They cannot sign in.'}
              </FormHelperText>
            </FormControl>
          )}
        />
      </EditorDrawer>
      <ConfirmDialog
        open={confirmingDeactivation !== null}
        title={`Deactivate ${name}?`}
        message={deactivationMessage(name)}
        confirmLabel="Deactivate"
        destructive
        onConfirm={async () => {
          if (confirmingDeactivation) await send(confirmingDeactivation);
        }}
        onClose={() => setConfirmingDeactivation(null)}
      />
      {edit.guard.dialog}
    </>
  );
}

/** What deactivating a user does, for the confirmation. */
export function deactivationMessage(name: string): string {
  return `${name} will be signed out at once and can no longer sign in, until the account is made active again.`;
}
