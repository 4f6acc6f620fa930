import { useRef, useState, type ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  plural,
  CONSTANTS,
  DELIVERY_MODES,
  RECIPIENT_TYPES,
  type DeliveryFailure,
  type DeliveryPackage,
} from '@lectern/contract';
import { DrawerForm } from '../../../components/drawer-form';
import { notify } from '../../../components/feedback/notify';
import { VisuallyHidden } from '../../../components/visually-hidden';
import { useLeaveGuard } from '../../../hooks/use-leave-guard';
import { errorMessage } from '../../../lib/query-client';
import { useProcessPackages } from '../api/delivery-mutations';
import { MODE_LABELS, RECIPIENT_LABELS } from './delivery-display';
import { emptyProcessForm, processBodies, type Courier, type ProcessForm } from './process-form';
import { parseTrackingCsv } from './tracking-csv';

export interface ProcessDrawerProps {
  open: boolean;
  /** the pending packages chosen in the table */
  packages: readonly DeliveryPackage[];
  /** the packages that could not go: the table keeps them selected */
  onFailures: (packageIds: string[]) => void;
  onClose: () => void;
}

/**
 * Processes the selection in one call (spec 2 §4 'process', DESIGN §9): by courier (a courier and a
 * tracking id per package, typed or taken from a pasted or uploaded CSV of packageId,trackingId),
 * handed over at a place, or kept for pickup. The server answers which went and why the others could
 * not: those stay here, with what was typed, and each failure is named with its reason.
 */
export function ProcessDrawer({ open, packages, onFailures, onClose }: ProcessDrawerProps) {
  const process = useProcessPackages();
  const [remaining, setRemaining] = useState<readonly DeliveryPackage[]>(packages);
  const [form, setForm] = useState<ProcessForm>(() => emptyProcessForm(packages));
  const [dirty, setDirty] = useState(false);
  const [showIssues, setShowIssues] = useState(false);
  const [failures, setFailures] = useState<DeliveryFailure[]>([]);
  const [csvText, setCsvText] = useState('');
  const [csvReport, setCsvReport] = useState<string | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const guard = useLeaveGuard(open && dirty, 'The packages you are processing have not been processed yet.');

  const { bodies, issues } = processBodies(remaining, form);
  const shown = showIssues ? issues : {};
  const change = (next: Partial<ProcessForm>) => {
    setForm((previous) => ({ ...previous, ...next }));
    setDirty(true);
  };
  const changeCourier = (id: string, next: Partial<Courier>) => {
    setForm((previous) => ({
      ...previous,
      couriers: { ...previous.couriers, [id]: { ...previous.couriers[id]!, ...next } },
    }));
    setDirty(true);
  };

  function applyCsv(text: string) {
    const result = parseTrackingCsv(
      text,
      remaining.map((pkg) => pkg.deliveryPackageId),
    );
    setForm((previous) => {
      const couriers = { ...previous.couriers };
      for (const [id, trackingId] of Object.entries(result.matched)) couriers[id] = { ...couriers[id]!, trackingId };
      return { ...previous, couriers };
    });
    setDirty(true);
    const parts = [`${plural(Object.keys(result.matched).length, 'tracking id')} filled in.`];
    if (result.unknown.length > 0) parts.push(`Not in this selection: ${result.unknown.join(', ')}.`);
    if (result.bad.length > 0) parts.push(`Lines not read: ${result.bad.join(', ')}.`);
    setCsvReport(parts.join(' '));
  }

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) applyCsv(await file.text());
  }

  async function submit() {
    setShowIssues(true);
    if (Object.keys(issues).length > 0 || bodies.length === 0) return;
    try {
      const result = await process.mutateAsync(bodies);
      const failed = new Set(result.data.failures.map((f) => f.deliveryPackageId));
      notify(failed.size > 0 ? 'warning' : 'success', result.message);
      setFailures(result.data.failures);
      if (failed.size === 0) {
        setDirty(false);
        onFailures([]);
        onClose();
        return;
      }
      setRemaining((previous) => previous.filter((pkg) => failed.has(pkg.deliveryPackageId)));
      onFailures([...failed]);
      alertRef.current?.scrollIntoView?.({ block: 'nearest' });
    } catch {
      alertRef.current?.scrollIntoView?.({ block: 'nearest' });
    }
  }

  const count = remaining.length;
  return (
    <>
      <DrawerForm
        open={open}
        onClose={onClose}
        title={`Process ${plural(count, 'package')}`}
        subtitle="Choose how they go out. Packages that cannot go are listed with why; the others are processed."
        primaryLabel="Process"
        primaryDisabled={count === 0}
        submitting={process.isPending}
        dirty={dirty}
        onSubmit={() => void submit()}
      >
        <Box ref={alertRef}>
          {failures.length > 0 && (
            <Alert severity="error" sx={{ mb: 2 }}>
              <AlertTitle>{`${plural(failures.length, 'package')} could not be processed`}</AlertTitle>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {failures.map((failure) => (
                  <li key={failure.deliveryPackageId}>{`For ${failure.name} ${failure.reason}`}</li>
                ))}
              </Box>
            </Alert>
          )}
          {process.error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {errorMessage(process.error)}
            </Alert>
          )}
        </Box>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
            <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
              Delivery mode
            </Typography>
            <RadioGroup
              row
              value={form.mode}
              onChange={(event) => change({ mode: DELIVERY_MODES.find((m) => m === event.target.value) ?? 'COURIER' })}
            >
              {DELIVERY_MODES.map((mode) => (
                <FormControlLabel key={mode} value={mode} control={<Radio />} label={MODE_LABELS[mode]} />
              ))}
            </RadioGroup>
          </Box>

          {form.mode === 'COURIER' && (
            <>
              {remaining.map((pkg) => {
                const id = pkg.deliveryPackageId;
                const courier = form.couriers[id] ?? { serviceProvider: CONSTANTS.defaults.courier, trackingId: '' };
                return (
                  <Box
                    key={id}
                    component="fieldset"
                    sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 2, pt: 1, pb: 2, m: 0, minWidth: 0 }}
                  >
                    <Typography component="legend" variant="body2" sx={{ px: 0.5, fontWeight: 600 }}>
                      {`${id} · ${pkg.studentName}`}
                    </Typography>
                    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '140px 1fr' } }}>
                      <TextField
                        size="small"
                        label="Courier"
                        value={courier.serviceProvider}
                        onChange={(event) => changeCourier(id, { serviceProvider: event.target.value.toUpperCase() })}
                        error={Boolean(shown[`${id}.serviceProvider`])}
                        helperText={shown[`${id}.serviceProvider`]}
                        slotProps={{ htmlInput: { maxLength: 32 } }}
                      />
                      <TextField
                        size="small"
                        label="Tracking id"
                        required
                        autoComplete="off"
                        value={courier.trackingId}
                        onChange={(event) => changeCourier(id, { trackingId: event.target.value.toUpperCase() })}
                        error={Boolean(shown[`${id}.trackingId`])}
                        helperText={shown[`${id}.trackingId`]}
                        slotProps={{ htmlInput: { maxLength: 30 } }}
                      />
                    </Box>
                  </Box>
                );
              })}
              <Box>
                <TextField
                  label="Tracking ids as CSV"
                  multiline
                  minRows={3}
                  fullWidth
                  value={csvText}
                  onChange={(event) => setCsvText(event.target.value)}
                  helperText="One packageId,trackingId a line; a header line is skipped. Matched by package id."
                />
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
                  <Button variant="outlined" disabled={csvText.trim() === ''} onClick={() => applyCsv(csvText)}>
                    Fill in from CSV
                  </Button>
                  <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => fileRef.current?.click()}>
                    Upload CSV
                  </Button>
                  <VisuallyHidden>
                    <input
                      ref={fileRef}
                      type="file"
                      accept=".csv,text/csv,text/plain"
                      aria-label="CSV file of tracking ids"
                      tabIndex={-1}
                      onChange={(event) => void readFile(event)}
                    />
                  </VisuallyHidden>
                </Box>
                {csvReport && (
                  <Typography role="status" variant="body2" sx={{ mt: 1 }}>
                    {csvReport}
                  </Typography>
                )}
              </Box>
            </>
          )}

          {form.mode === 'IN_HAND' && (
            <>
              <TextField
                label="Hand-over location"
                required
                value={form.location}
                onChange={(event) => change({ location: event.target.value })}
                error={Boolean(shown.handDeliveryLocation)}
                helperText={shown.handDeliveryLocation ?? 'Where the student gets it, e.g. a centre.'}
                slotProps={{ htmlInput: { maxLength: 200 } }}
              />
              <TextField
                label="Notes"
                multiline
                minRows={2}
                value={form.handNotes}
                onChange={(event) => change({ handNotes: event.target.value })}
                error={Boolean(shown.handDeliveryNotes)}
                helperText={shown.handDeliveryNotes}
                slotProps={{ htmlInput: { maxLength: 500 } }}
              />
            </>
          )}

          {form.mode === 'IN_PERSON' && (
            <>
              <TextField
                select
                label="Recipient"
                value={form.recipientType}
                onChange={(event) =>
                  change({
                    recipientType: RECIPIENT_TYPES.find((t) => t === event.target.value) ?? 'REGISTERED_STUDENT',
                  })
                }
              >
                {RECIPIENT_TYPES.map((type) => (
                  <MenuItem key={type} value={type}>
                    {RECIPIENT_LABELS[type]}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label="Recipient name"
                required={form.recipientType !== 'REGISTERED_STUDENT'}
                value={form.recipientName}
                onChange={(event) => change({ recipientName: event.target.value })}
                error={Boolean(shown.recipientName)}
                helperText={
                  shown.recipientName ??
                  (form.recipientType === 'REGISTERED_STUDENT' ? "Leave empty for each student's own name." : undefined)
                }
                slotProps={{ htmlInput: { maxLength: 100 } }}
              />
              <TextField
                label="Recipient phone number"
                required={form.recipientType !== 'REGISTERED_STUDENT'}
                value={form.recipientPhoneNumber}
                onChange={(event) =>
                  change({ recipientPhoneNumber: event.target.value.replace(/\D/g, '').slice(0, 10) })
                }
                error={Boolean(shown.recipientPhoneNumber)}
                helperText={
                  shown.recipientPhoneNumber ??
                  (form.recipientType === 'REGISTERED_STUDENT'
                    ? "Leave empty for each student's own number."
                    : undefined)
                }
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
              />
              <TextField
                label="Notes"
                multiline
                minRows={2}
                value={form.pickupNotes}
                onChange={(event) => change({ pickupNotes: event.target.value })}
                error={Boolean(shown.notes)}
                helperText={shown.notes}
                slotProps={{ htmlInput: { maxLength: 500 } }}
              />
            </>
          )}
        </Box>
      </DrawerForm>
      {guard.dialog}
    </>
  );
}
