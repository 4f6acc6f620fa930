import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { useForm } from 'react-hook-form';
import {
  plural,
  MESSAGES,
  OtsRowInputSchema,
  addOtsRow,
  deleteOtsRow,
  editOtsRow,
  fillMessage,
  otsDraftChanged,
  formatDate,
  formatMoney,
  type OtsDraftRow,
  type OtsUpdateBody,
  type Subscription,
} from '@lectern/contract';
import { useConfirm } from '../../../components/confirm-dialog';
import { DISCARD_TITLE } from '../../../components/drawer-form';
import { SectionCard } from '../../../components/section-card';
import { SaveProblem } from '../../../components/form/stale-version-alert';
import { useEditController } from '../../../lib/controllers/use-edit-controller';
import { pendingCount, savedRows, type OtsDraft } from '../hooks/use-ots-drafts';
import { OTS_FIELDS, OtsRowsTable, fieldId, type RowErrors } from './ots-rows-table';

export interface SubscriptionOtsCardProps {
  /** The server's copy, as the page reads it now. */
  subscription: Subscription;
  saving: boolean;
  /** Sends the rows; answers the subscription as saved, or rejects with the server's error. */
  onSave: (body: OtsUpdateBody) => Promise<Subscription>;
  /** Whether the card holds unsaved changes (the page asks before they are left behind). */
  onChangedChange: (changed: boolean) => void;
}

interface OtsValues {
  rows: OtsDraftRow[];
}

const otsValues = (subscription: Subscription): OtsValues => ({ rows: savedRows(subscription.otsList) });

/** Where the focus goes when no row can take it. */
const ADD_BUTTON = 'add-button';

/** What is wrong with each row that will be kept, by the contract's own rules (blank or too long). */
export function rowErrors(rows: readonly OtsDraftRow[]): RowErrors {
  const errors: RowErrors = {};
  for (const row of rows) {
    if (row.status === 'DELETED') continue;
    const parsed = OtsRowInputSchema.safeParse({
      productLabel: row.productLabel,
      packageCode: row.packageCode,
      groupCode: row.groupCode,
    });
    if (parsed.success) continue;
    const messages: RowErrors[string] = {};
    for (const issue of parsed.error.issues) {
      const field = OTS_FIELDS.find((entry) => entry.field === issue.path[0])?.field;
      if (field && !messages[field]) messages[field] = issue.message;
    }
    errors[row.key] = messages;
  }
  return errors;
}

function otsList(rows: readonly OtsDraftRow[]): OtsUpdateBody['otsList'] {
  return rows.map((row) => ({
    ...(row.otsId ? { otsId: row.otsId } : {}),
    productLabel: row.productLabel.trim(),
    packageCode: row.packageCode.trim(),
    groupCode: row.groupCode.trim(),
    status: row.status,
  }));
}

function validity(subscription: Subscription): string | null {
  if (subscription.subscriptionType === 'FIXED' && subscription.subscriptionEndDate) {
    return `ends ${formatDate(subscription.subscriptionEndDate)}`;
  }
  if (subscription.numberOfMonths !== null) {
    return plural(subscription.numberOfMonths, 'month');
  }
  return null;
}

/**
 * One subscription of the OTS editor: its label, type and price, and its one-time-sale products as an
 * editable table. Changes stay in the page's draft until 'Save' sends them all at the version the edit
 * started from; 'Discard' returns to the saved copy.
 */
export function SubscriptionOtsCard({ subscription, saving, onSave, onChangedChange }: SubscriptionOtsCardProps) {
  const { confirm, confirmDialog } = useConfirm();
  const [showErrors, setShowErrors] = useState(false);
  const [saveError, setSaveError] = useState<unknown>(null);
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const nextKey = useRef(0);
  const { subscriptionId, subscriptionLabel } = subscription;
  const form = useForm<OtsValues>({ defaultValues: otsValues(subscription) });
  const edit = useEditController<Subscription, OtsValues>({
    item: subscription,
    form,
    toValues: otsValues,
    latest: subscription,
    labels: { rows: 'One-time-sale products' },
    // the rows say what was done to the copy read (a row deleted, one edited): sent at another version
    // they would put back rows the user never touched, or name a row that is gone
    allowOverwrite: false,
    // no guard of its own (its dialog is not rendered): the page asks once, naming every changed card
    save: async (values, base) => {
      setSaveError(null);
      const saved = await onSave({
        subscriptionId,
        version: base?.version ?? 0,
        otsList: otsList(values.rows),
      }).catch((error: unknown) => {
        setSaveError(error);
        throw error;
      });
      form.reset(otsValues(saved));
      setShowErrors(false);
      return saved;
    },
  });
  const saved = savedRows((edit.base ?? subscription).otsList);
  const rows = form.watch('rows');
  const changed = otsDraftChanged(saved, rows);
  const draft: OtsDraft | undefined = changed ? { version: edit.base?.version ?? 0, saved, rows } : undefined;
  const pending = pendingCount(draft);
  const errors = showErrors ? rowErrors(rows) : {};
  const problems = Object.keys(errors).length;

  useEffect(() => onChangedChange(changed), [changed, onChangedChange]);

  // while nothing is changed here, the card shows the server's copy as the page reads it
  const { loadLatest } = edit;
  useEffect(() => {
    if (!changed && !edit.stale && loadLatest) loadLatest();
  }, [changed, edit.stale, loadLatest]);

  // a new row's first field, or the first field to fix, takes the focus once it is on screen
  useEffect(() => {
    if (!focusTarget) return;
    const target = focusTarget === ADD_BUTTON ? addButton.current : document.getElementById(focusTarget);
    target?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  function change(apply: (current: OtsDraftRow[]) => OtsDraftRow[]) {
    form.setValue('rows', apply(form.getValues('rows')), { shouldDirty: true });
  }

  function add() {
    nextKey.current += 1;
    const key = `new-${nextKey.current}`;
    change((current) => addOtsRow(current, key));
    setFocusTarget(fieldId(subscriptionId, key, 'productLabel'));
  }

  async function save() {
    if (!changed) return;
    const found = rowErrors(rows);
    const firstKey = rows.find((row) => found[row.key])?.key;
    if (firstKey) {
      setShowErrors(true);
      const field = OTS_FIELDS.find((entry) => found[firstKey]?.[entry.field])?.field ?? 'productLabel';
      setFocusTarget(fieldId(subscriptionId, firstKey, field));
      return;
    }
    await edit.submit(form.getValues());
  }

  async function discard() {
    const yes = await confirm({
      title: DISCARD_TITLE,
      message: `Your changes to the one-time-sale products of '${subscriptionLabel}' will be lost.`,
      confirmLabel: 'Discard',
      cancelLabel: 'Keep editing',
      destructive: true,
    });
    if (!yes) return;
    form.reset(otsValues(edit.base ?? subscription));
    setShowErrors(false);
    setSaveError(null);
  }

  const term = validity(subscription);
  const details = Object.entries(errors).map(([key, messages]) => {
    const index = rows.findIndex((row) => row.key === key) + 1;
    return `row ${index}: ${Object.values(messages).join(', ')}`;
  });

  return (
    <SectionCard
      title={subscriptionLabel}
      action={
        <Button ref={addButton} variant="outlined" size="small" startIcon={<AddIcon />} onClick={add} disabled={saving}>
          Add product
        </Button>
      }
    >
      <Box
        component="dl"
        sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 0.5, m: 0, mb: 2, typography: 'body2' }}
      >
        <Figure label="Type" value={subscription.subscriptionType} />
        <Figure label="Price" value={formatMoney(subscription.price)} />
        {term && <Figure label="Validity" value={term} />}
        {subscription.featured && <Figure label="Featured" value="Yes" />}
      </Box>

      <SaveProblem edit={edit} error={saveError} busy={saving} />
      {problems > 0 && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {fillMessage(MESSAGES.otsRowInvalid, { details: details.join('; ') })}
        </Alert>
      )}

      <OtsRowsTable
        subscriptionId={subscriptionId}
        label={subscriptionLabel}
        rows={rows}
        draft={draft}
        errors={errors}
        disabled={saving}
        onEdit={(key, changes) => change((current) => editOtsRow(current, key, changes))}
        onRemove={(key, index) => {
          change((current) => deleteOtsRow(current, key));
          // the deleted row's button is gone: the focus goes to a neighbouring row, else to 'Add product'
          const next = rows[index + 1] ?? rows[index - 1];
          setFocusTarget(
            next && next.status !== 'DELETED' ? fieldId(subscriptionId, next.key, 'productLabel') : ADD_BUTTON,
          );
        }}
      />

      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'flex-end',
          gap: 1,
          mt: 2,
        }}
      >
        <Typography role="status" variant="body2" color="text.secondary" sx={{ mr: 'auto' }}>
          {changed ? plural(pending, 'unsaved change') : ''}
        </Typography>
        <Button onClick={() => void discard()} disabled={!changed || saving}>
          Discard
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={!changed} loading={saving}>
          Save
        </Button>
      </Box>
      {confirmDialog}
    </SectionCard>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ display: 'flex', gap: 0.5 }}>
      <Box component="dt" sx={{ color: 'text.secondary' }}>
        {label}:
      </Box>
      <Box component="dd" sx={{ m: 0, fontWeight: 600 }}>
        {value}
      </Box>
    </Box>
  );
}
