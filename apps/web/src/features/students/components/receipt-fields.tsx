import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { OFFLINE_PAYMENT_MODES, formatDate, indianDate, type OfflinePaymentMode } from '@lectern/contract';

/** What a receipt for money received offline says. */
export interface Receipt {
  mode: OfflinePaymentMode;
  reference: string;
  /** YYYY-MM-DD */
  receivedOn: string;
}

export const OFFLINE_MODE_LABELS: Record<OfflinePaymentMode, string> = {
  CASH: 'Cash',
  UPI: 'UPI',
  BANK_TRANSFER: 'Bank transfer',
  CHEQUE: 'Cheque',
};

/** What the reference of each mode is called on the receipt. */
export const REFERENCE_LABELS: Record<OfflinePaymentMode, string> = {
  CASH: 'Receipt number',
  UPI: 'UPI reference (UTR)',
  BANK_TRANSFER: 'Bank reference (UTR)',
  CHEQUE: 'Cheque number',
};

const REFERENCE_MAX = 60;

/** A fresh receipt: cash, received today (in India). */
export function newReceipt(): Receipt {
  return { mode: 'CASH', reference: '', receivedOn: indianDate() };
}

/** Why the receipt cannot be recorded, field by field (none: it can). */
export function receiptErrors(receipt: Receipt): { reference?: string; receivedOn?: string } {
  const today = indianDate();
  return {
    reference:
      receipt.reference.trim() === '' ? `Enter the ${REFERENCE_LABELS[receipt.mode].toLowerCase()}.` : undefined,
    receivedOn:
      receipt.receivedOn === ''
        ? 'Choose the day the money was received.'
        : receipt.receivedOn > today
          ? `The money cannot be received after today (${formatDate(today)}).`
          : undefined,
  };
}

export interface ReceiptFieldsProps {
  value: Receipt;
  onChange: (receipt: Receipt) => void;
  /** show the errors (after a first submit) */
  showErrors: boolean;
  disabled?: boolean;
  /** the mode field's label: how the money came in, or how it went back */
  modeLabel?: string;
  /** leave out the day (a refund's money goes back today) */
  withoutDate?: boolean;
}

/** How the money moved (cash, UPI, bank transfer, cheque), its reference and the day it was received. */
export function ReceiptFields({
  value,
  onChange,
  showErrors,
  disabled = false,
  modeLabel = 'Paid by',
  withoutDate = false,
}: ReceiptFieldsProps) {
  const errors = showErrors ? receiptErrors(value) : {};
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: withoutDate ? '180px 1fr' : '180px 1fr 180px' },
        alignItems: 'start',
      }}
    >
      <TextField
        select
        label={modeLabel}
        required
        disabled={disabled}
        value={value.mode}
        onChange={(event) => onChange({ ...value, mode: event.target.value as OfflinePaymentMode })}
      >
        {OFFLINE_PAYMENT_MODES.map((mode) => (
          <MenuItem key={mode} value={mode}>
            {OFFLINE_MODE_LABELS[mode]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={REFERENCE_LABELS[value.mode]}
        required
        disabled={disabled}
        autoComplete="off"
        value={value.reference}
        onChange={(event) => onChange({ ...value, reference: event.target.value })}
        error={Boolean(errors.reference)}
        helperText={errors.reference ?? ' '}
        slotProps={{ htmlInput: { maxLength: REFERENCE_MAX } }}
      />
      {!withoutDate && (
        <TextField
          label="Received on"
          type="date"
          required
          disabled={disabled}
          value={value.receivedOn}
          onChange={(event) => onChange({ ...value, receivedOn: event.target.value })}
          error={Boolean(errors.receivedOn)}
          helperText={errors.receivedOn ?? ' '}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: indianDate() } }}
        />
      )}
    </Box>
  );
}
