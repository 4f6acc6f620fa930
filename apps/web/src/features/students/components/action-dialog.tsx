import { useEffect, useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDate, type Student, type StudentSubscription, type SubscriptionUpdateBody } from '@lectern/contract';
import { Modal } from '../../../components';
import { errorMessage } from '../../../lib/query-client';
import { useGrantCatalogues, useGrantPlans } from '../api/get-grant-plans';

export type StudentAction =
  | { kind: 'extend'; subscription: StudentSubscription }
  | { kind: 'cancel'; subscription: StudentSubscription }
  | { kind: 'grant' }
  | { kind: 'verify' };

const REASON_MAX = 500;

/** The day after a YYYY-MM-DD date, as YYYY-MM-DD. */
export function dayAfter(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

export interface ActionDialogProps {
  action: StudentAction | null;
  student: Student;
  onClose: () => void;
  /** sends a subscription change; a rejection keeps the dialog open with the server's message */
  onUpdate: (body: SubscriptionUpdateBody) => Promise<unknown>;
  /** marks the e-mail verified */
  onVerify: (reason: string) => Promise<unknown>;
}

const TITLES = {
  extend: 'Extend subscription?',
  cancel: 'Cancel subscription?',
  grant: 'Grant a plan?',
  verify: 'Verify e-mail?',
} as const;
const CONFIRM = { extend: 'Extend', cancel: 'Cancel subscription', grant: 'Grant', verify: 'Verify e-mail' } as const;

/** One dialog for the four actions: its fields, a reason, and the confirm button. */
export function ActionDialog({ action, student, onClose, onUpdate, onVerify }: ActionDialogProps) {
  const formId = useId();
  const [reason, setReason] = useState('');
  const [endDate, setEndDate] = useState('');
  const [catalogueId, setCatalogueId] = useState('');
  const [subscriptionId, setSubscriptionId] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const catalogues = useGrantCatalogues(action?.kind === 'grant');
  const plans = useGrantPlans(action?.kind === 'grant' && catalogueId ? catalogueId : null);

  const actionKey = action
    ? `${action.kind}:${'subscription' in action ? action.subscription.studentSubscriptionId : ''}`
    : '';
  useEffect(() => {
    setReason('');
    setEndDate('');
    setCatalogueId('');
    setSubscriptionId('');
    setTouched(false);
    setFailure(null);
  }, [actionKey]);

  if (!action) return null;
  const kind = action.kind;
  const reasonRequired = kind !== 'verify';
  const minDate = kind === 'extend' ? dayAfter(action.subscription.endDate) : '';

  const errors = {
    reason: reasonRequired && reason.trim() === '' ? 'Enter a reason.' : undefined,
    endDate:
      kind === 'extend'
        ? endDate === ''
          ? 'Choose the new end date.'
          : endDate < minDate
            ? `Choose a date after ${formatDate(action.subscription.endDate)}.`
            : undefined
        : undefined,
    catalogue: kind === 'grant' && catalogueId === '' ? 'Choose a catalogue.' : undefined,
    plan: kind === 'grant' && subscriptionId === '' ? 'Choose a plan.' : undefined,
  };
  const invalid = Object.values(errors).some(Boolean);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (invalid || !action) return;
    setBusy(true);
    setFailure(null);
    try {
      const text = reason.trim();
      if (action.kind === 'verify') await onVerify(text);
      else if (action.kind === 'grant')
        await onUpdate({ action: 'GRANT', studentId: student.studentId, subscriptionId, reason: text });
      else if (action.kind === 'extend')
        await onUpdate({
          action: 'EXTEND',
          studentSubscriptionId: action.subscription.studentSubscriptionId,
          version: action.subscription.version,
          endDate,
          reason: text,
        });
      else
        await onUpdate({
          action: 'CANCEL',
          studentSubscriptionId: action.subscription.studentSubscriptionId,
          version: action.subscription.version,
          reason: text,
        });
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  const show = (message: string | undefined) => (touched ? message : undefined);

  return (
    <Modal
      open
      title={TITLES[kind]}
      onClose={busy ? () => undefined : onClose}
      actions={
        <>
          <Button onClick={onClose} disabled={busy}>
            {kind === 'cancel' ? 'Keep it' : 'Cancel'}
          </Button>
          <Button
            type="submit"
            form={formId}
            variant="contained"
            color={kind === 'cancel' ? 'error' : 'primary'}
            disabled={busy}
          >
            {CONFIRM[kind]}
          </Button>
        </>
      }
    >
      <Box
        component="form"
        id={formId}
        noValidate
        onSubmit={(event) => void submit(event)}
        sx={{ display: 'grid', gap: 2, pt: 1 }}
      >
        <Typography>
          {kind === 'extend' &&
            `${action.subscription.catalogueName} – ${action.subscription.subscriptionLabel} for ${student.name} ends on ${formatDate(action.subscription.endDate)}. The new end date must be later.`}
          {kind === 'cancel' &&
            `${student.name} loses access to ${action.subscription.catalogueName} – ${action.subscription.subscriptionLabel} now.`}
          {kind === 'grant' && `${student.name} gets the plan without payment, starting today.`}
          {kind === 'verify' && `${student.email ?? ''} will be marked verified for ${student.name}.`}
        </Typography>
        {failure && <Alert severity="error">{failure}</Alert>}
        {kind === 'extend' && (
          <TextField
            label="New end date"
            type="date"
            required
            value={endDate}
            onChange={(event) => setEndDate(event.target.value)}
            error={Boolean(show(errors.endDate))}
            helperText={show(errors.endDate) ?? `After ${formatDate(action.subscription.endDate)}`}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: minDate } }}
          />
        )}
        {kind === 'grant' && (
          <>
            {catalogues.isError && <Alert severity="error">{errorMessage(catalogues.error)}</Alert>}
            <TextField
              select
              label="Catalogue"
              required
              value={catalogueId}
              onChange={(event) => {
                setCatalogueId(event.target.value);
                setSubscriptionId('');
              }}
              error={Boolean(show(errors.catalogue))}
              helperText={show(errors.catalogue) ?? (catalogues.isPending ? 'Loading catalogues…' : ' ')}
            >
              {(catalogues.data ?? []).map((catalogue) => (
                <MenuItem key={catalogue.catalogueId} value={catalogue.catalogueId}>
                  {catalogue.catalogueName}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="Plan"
              required
              disabled={!catalogueId}
              value={subscriptionId}
              onChange={(event) => setSubscriptionId(event.target.value)}
              error={Boolean(show(errors.plan))}
              helperText={
                show(errors.plan) ??
                (plans.isError ? errorMessage(plans.error) : catalogueId && plans.isPending ? 'Loading plans…' : ' ')
              }
            >
              {(plans.data ?? []).map((plan) => (
                <MenuItem key={plan.subscriptionId} value={plan.subscriptionId}>
                  {plan.subscriptionLabel}
                </MenuItem>
              ))}
            </TextField>
          </>
        )}
        <TextField
          label={reasonRequired ? 'Reason' : 'Reason (optional)'}
          required={reasonRequired}
          multiline
          minRows={2}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={Boolean(show(errors.reason))}
          helperText={show(errors.reason) ?? `${reason.length}/${REASON_MAX}`}
          slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
        />
      </Box>
    </Modal>
  );
}
