import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import {
  plural,
  MESSAGES,
  OtsRowInputSchema,
  fillMessage,
  formatDate,
  formatMoney,
  type OtsDraftRow,
  type OtsFields,
  type OtsUpdateBody,
  type Subscription,
} from '@lectern/contract';
import { useConfirm } from '../../../components/confirm-dialog';
import { DISCARD_TITLE } from '../../../components/drawer-form';
import { SectionCard } from '../../../components/section-card';
import { isApiError } from '../../../lib/api-error';
import { errorMessage } from '../../../lib/query-client';
import { pendingCount, savedRows, type OtsDraft } from '../hooks/use-ots-drafts';
import { OTS_FIELDS, OtsRowsTable, fieldId, type RowErrors } from './ots-rows-table';

export interface SubscriptionOtsCardProps {
  /** The server's copy. */
  subscription: Subscription;
  /** The subscription's unsaved changes, if any. */
  draft: OtsDraft | undefined;
  saving: boolean;
  /** Adds a new row and gives its key. */
  onAdd: () => string;
  onEdit: (key: string, changes: Partial<OtsFields>) => void;
  onRemove: (key: string) => void;
  onDiscard: () => void;
  /** Sends the rows; rejects with the server's error. */
  onSave: (body: OtsUpdateBody) => Promise<unknown>;
  /** After a stale version: drop the changes and load the latest copy. */
  onReload: () => void;
}

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
export function SubscriptionOtsCard({
  subscription,
  draft,
  saving,
  onAdd,
  onEdit,
  onRemove,
  onDiscard,
  onSave,
  onReload,
}: SubscriptionOtsCardProps) {
  const { confirm, confirmDialog } = useConfirm();
  const [showErrors, setShowErrors] = useState(false);
  const [saveError, setSaveError] = useState<unknown>(null);
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const { subscriptionId, subscriptionLabel } = subscription;
  const rows = draft?.rows ?? savedRows(subscription.otsList);
  const changed = draft !== undefined;
  const pending = pendingCount(draft);
  const errors = showErrors ? rowErrors(rows) : {};
  const problems = Object.keys(errors).length;
  const stale = isApiError(saveError) && saveError.status === 409;

  // a new row's first field, or the first field to fix, takes the focus once it is on screen
  useEffect(() => {
    if (!focusTarget) return;
    const target = focusTarget === ADD_BUTTON ? addButton.current : document.getElementById(focusTarget);
    target?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  function add() {
    const key = onAdd();
    setFocusTarget(fieldId(subscriptionId, key, 'productLabel'));
  }

  async function save() {
    if (!draft) return;
    const found = rowErrors(draft.rows);
    const firstKey = draft.rows.find((row) => found[row.key])?.key;
    if (firstKey) {
      setShowErrors(true);
      const field = OTS_FIELDS.find((entry) => found[firstKey]?.[entry.field])?.field ?? 'productLabel';
      setFocusTarget(fieldId(subscriptionId, firstKey, field));
      return;
    }
    setSaveError(null);
    try {
      await onSave({ subscriptionId, version: draft.version, otsList: otsList(draft.rows) });
      setShowErrors(false);
    } catch (error) {
      setSaveError(error);
    }
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
    onDiscard();
    setShowErrors(false);
    setSaveError(null);
  }

  function reload() {
    setSaveError(null);
    setShowErrors(false);
    onReload();
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

      {saveError !== null && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            stale ? (
              <Button color="inherit" size="small" onClick={reload}>
                Reload
              </Button>
            ) : undefined
          }
        >
          {errorMessage(saveError)}
        </Alert>
      )}
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
        onEdit={onEdit}
        onRemove={(key, index) => {
          onRemove(key);
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
