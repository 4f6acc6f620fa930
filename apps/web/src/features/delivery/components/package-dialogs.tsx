import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  ADDRESS_TYPES,
  CANCELLATION_REQUEST_TYPES,
  CONSTANTS,
  TRACKER_STATUSES,
  pinProblem,
  type DeliveryAddress,
  type DeliveryPackageDetail,
  type TrackerStatus,
} from '@lectern/contract';
import { Modal } from '../../../components/modal';
import { errorMessage } from '../../../lib/query-client';
import { useCancelPackage, useSaveAddress, useUpdatePackage } from '../api/delivery-mutations';
import { CANCELLATION_LABELS, TRACKER_STATUS_LABELS } from './delivery-display';

type AddressType = (typeof ADDRESS_TYPES)[number];
type CancellationType = (typeof CANCELLATION_REQUEST_TYPES)[number];

const ADDRESS_TYPE_LABELS: Readonly<Record<AddressType, string>> = { HOME: 'Home', WORK: 'Work', OTHER: 'Other' };

interface DialogProps {
  open: boolean;
  pkg: DeliveryPackageDetail;
  onClose: () => void;
}

function FormDialog({
  open,
  title,
  onClose,
  onSubmit,
  submitLabel,
  submitting,
  destructive = false,
  error,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  onSubmit: () => void;
  submitLabel: string;
  submitting: boolean;
  destructive?: boolean;
  error: unknown;
  children: React.ReactNode;
}) {
  const formId = `${title.replace(/\W+/g, '-').toLowerCase()}-form`;
  return (
    <Modal
      open={open}
      onClose={() => {
        if (!submitting) onClose();
      }}
      title={title}
      actions={
        <>
          <Button onClick={onClose} disabled={submitting}>
            {destructive ? 'Keep it' : 'Cancel'}
          </Button>
          <Button
            type="submit"
            form={formId}
            variant="contained"
            color={destructive ? 'error' : 'primary'}
            loading={submitting}
          >
            {submitLabel}
          </Button>
        </>
      }
    >
      <Box
        component="form"
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: 1 }}
      >
        {error !== null && error !== undefined && <Alert severity="error">{errorMessage(error)}</Alert>}
        {children}
      </Box>
    </Modal>
  );
}

type AddressForm = Pick<DeliveryAddress, 'addressLine1' | 'addressLine2' | 'landMark' | 'city' | 'state' | 'pin'> & {
  type: AddressType;
};

const addressForm = (address: DeliveryAddress | null): AddressForm => ({
  type: address?.type ?? CONSTANTS.defaults.addressType,
  addressLine1: address?.addressLine1 ?? '',
  addressLine2: address?.addressLine2 ?? '',
  landMark: address?.landMark ?? '',
  city: address?.city ?? '',
  state: address?.state ?? '',
  pin: address?.pin ?? '',
});

/** Why the typed address cannot be saved, field by field (the contract's PIN rule as it is typed). */
export function addressIssues(form: AddressForm): Partial<Record<keyof AddressForm, string>> {
  const issues: Partial<Record<keyof AddressForm, string>> = {};
  if (!form.addressLine1.trim()) issues.addressLine1 = 'Address line 1 is required.';
  if (!form.city.trim()) issues.city = 'The city is required.';
  if (!form.state.trim()) issues.state = 'The state is required.';
  const pin = pinProblem(form.pin.trim());
  if (pin) issues.pin = pin;
  return issues;
}

/** Corrects the current address of a pending package (PUT), or gives it one (POST); the old one stays in the history. */
export function AddressDialog({ open, pkg, onClose }: DialogProps) {
  const save = useSaveAddress();
  const [form, setForm] = useState<AddressForm>(() => addressForm(pkg.address));
  const [touched, setTouched] = useState<Partial<Record<keyof AddressForm, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const issues = addressIssues(form);
  const shown = (field: keyof AddressForm) => (submitted || touched[field] ? issues[field] : undefined);

  async function submit() {
    setSubmitted(true);
    if (Object.keys(issues).length > 0) return;
    try {
      await save.mutateAsync({
        deliveryPackageId: pkg.deliveryPackageId,
        version: pkg.version,
        ...form,
        preferredAddress: true,
        ...(pkg.address ? { addressId: pkg.address.addressId } : {}),
      });
      onClose();
    } catch {
      // the dialog shows the refusal and keeps what was typed
    }
  }

  const field = (name: keyof AddressForm, label: string, extra: { required?: boolean; maxLength?: number } = {}) => (
    <TextField
      label={label}
      required={extra.required}
      value={form[name]}
      onChange={(event) =>
        setForm((previous) => ({
          ...previous,
          [name]: name === 'pin' ? event.target.value.replace(/\D/g, '').slice(0, 6) : event.target.value,
        }))
      }
      onBlur={() => setTouched((previous) => ({ ...previous, [name]: true }))}
      error={Boolean(shown(name))}
      helperText={shown(name) ?? (name === 'pin' ? '6 digits, not starting with 0.' : undefined)}
      slotProps={{
        htmlInput: name === 'pin' ? { inputMode: 'numeric', maxLength: 6 } : { maxLength: extra.maxLength ?? 200 },
      }}
    />
  );

  return (
    <FormDialog
      open={open}
      title={`${pkg.address ? 'Edit' : 'Add'} the address of ${pkg.deliveryPackageId}`}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel="Save address"
      submitting={save.isPending}
      error={save.error}
    >
      <TextField
        select
        label="Address type"
        value={form.type}
        onChange={(event) =>
          setForm((previous) => ({ ...previous, type: ADDRESS_TYPES.find((t) => t === event.target.value) ?? 'HOME' }))
        }
      >
        {ADDRESS_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {ADDRESS_TYPE_LABELS[type]}
          </MenuItem>
        ))}
      </TextField>
      {field('addressLine1', 'Address line 1', { required: true })}
      {field('addressLine2', 'Address line 2')}
      {field('landMark', 'Landmark')}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {field('city', 'City', { required: true, maxLength: 100 })}
        {field('state', 'State', { required: true, maxLength: 100 })}
      </Box>
      {field('pin', 'PIN', { required: true })}
    </FormDialog>
  );
}

/** The courier's milestone of the active consignment (a cancelled package: its return's). */
export function TrackerStatusDialog({ open, pkg, onClose }: DialogProps) {
  const update = useUpdatePackage();
  const tracker = pkg.deliveryTrackerList.find((t) => t.state === 'ACTIVE');
  const choices: readonly TrackerStatus[] =
    pkg.deliveryStatus === 'CANCELLED'
      ? ['RETURN_IN_TRANSIT', 'RETURNED']
      : TRACKER_STATUSES.filter((s) => s !== 'RETURN_IN_TRANSIT' && s !== 'RETURNED');
  const [status, setStatus] = useState<TrackerStatus>(() =>
    tracker && choices.includes(tracker.status) ? tracker.status : choices[0]!,
  );
  const [notes, setNotes] = useState(tracker?.notes ?? '');

  async function submit() {
    try {
      await update.mutateAsync({
        action: 'TRACKER_STATUS',
        deliveryPackageId: pkg.deliveryPackageId,
        version: pkg.version,
        status,
        notes,
      });
      onClose();
    } catch {
      // shown in the dialog
    }
  }

  return (
    <FormDialog
      open={open}
      title={`Update the tracker of ${pkg.deliveryPackageId}`}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel="Update status"
      submitting={update.isPending}
      error={update.error}
    >
      <TextField
        select
        label="Tracker status"
        value={status}
        onChange={(event) => setStatus(choices.find((s) => s === event.target.value) ?? status)}
        helperText={status === 'DELIVERED' ? 'Delivered also marks the package delivered.' : undefined}
      >
        {choices.map((choice) => (
          <MenuItem key={choice} value={choice}>
            {TRACKER_STATUS_LABELS[choice]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Notes"
        multiline
        minRows={2}
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
    </FormDialog>
  );
}

/** Marks a processed package delivered, now. */
export function DeliveredDialog({ open, pkg, onClose }: DialogProps) {
  const update = useUpdatePackage();
  const [notes, setNotes] = useState('');

  async function submit() {
    try {
      await update.mutateAsync({
        action: 'DELIVERED',
        deliveryPackageId: pkg.deliveryPackageId,
        version: pkg.version,
        ...(notes.trim() ? { notes } : {}),
      });
      onClose();
    } catch {
      // shown in the dialog
    }
  }

  return (
    <FormDialog
      open={open}
      title={`Mark ${pkg.deliveryPackageId} delivered?`}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel="Mark delivered"
      submitting={update.isPending}
      error={update.error}
    >
      <Alert severity="info">{`${pkg.studentName}'s package is recorded as delivered now; it cannot be changed after.`}</Alert>
      <TextField
        label="Notes"
        multiline
        minRows={2}
        value={notes}
        onChange={(event) => setNotes(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
    </FormDialog>
  );
}

/** Cancels a pending or processed package with a type and why, after saying what follows. */
export function CancelDialog({ open, pkg, onClose }: DialogProps) {
  const cancel = useCancelPackage();
  const [type, setType] = useState<CancellationType | ''>('');
  const [description, setDescription] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const typeIssue = type === '' ? 'Choose why it is cancelled.' : undefined;
  const descriptionIssue = description.trim() === '' ? 'Say why it is cancelled.' : undefined;
  const returning = pkg.deliveryStatus === 'PROCESSED' && pkg.deliveryMode === 'COURIER';

  async function submit() {
    setSubmitted(true);
    if (type === '' || descriptionIssue) return;
    try {
      await cancel.mutateAsync({
        deliveryPackageId: pkg.deliveryPackageId,
        version: pkg.version,
        cancellationRequestType: type,
        description,
      });
      onClose();
    } catch {
      // shown in the dialog
    }
  }

  return (
    <FormDialog
      open={open}
      title={`Cancel ${pkg.deliveryPackageId}?`}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel="Cancel package"
      submitting={cancel.isPending}
      destructive
      error={cancel.error}
    >
      <Alert severity="warning">
        {returning
          ? `${pkg.studentName}'s package is on its way: it is cancelled and its consignment recorded as coming back. This cannot be undone.`
          : `${pkg.studentName}'s package will not be sent. This cannot be undone.`}
      </Alert>
      <TextField
        select
        required
        label="Cancellation type"
        value={type}
        onChange={(event) => setType(CANCELLATION_REQUEST_TYPES.find((t) => t === event.target.value) ?? '')}
        error={submitted && Boolean(typeIssue)}
        helperText={submitted ? typeIssue : undefined}
      >
        {CANCELLATION_REQUEST_TYPES.map((choice) => (
          <MenuItem key={choice} value={choice}>
            {CANCELLATION_LABELS[choice]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Description"
        required
        multiline
        minRows={3}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        error={submitted && Boolean(descriptionIssue)}
        helperText={submitted ? descriptionIssue : undefined}
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
    </FormDialog>
  );
}
