import { useId, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CreditNoteSplitError,
  PAYMENT_MESSAGES,
  creditNoteAmounts,
  fillMessage,
  formatIndianNumber,
  formatMoney,
  parseRupees,
  uuid,
  type CreditNoteAmounts,
  type Money,
  type OrderDetail,
} from '@lectern/contract';
import { Modal, notify } from '../../../components';
import { errorMessage } from '../../../lib/query-client';
import { useRefundOrder } from '../api/order-mutations';
import { focusFirstInvalid } from './new-order-dialog';
import { OrderAmounts } from './order-amounts';
import { OFFLINE_MODE_LABELS, ReceiptFields, newReceipt, receiptErrors, type Receipt } from './receipt-fields';

const REASON_MIN = 3;
const REASON_MAX = 300;

/** An amount as a person types it: '4,499' or '4,499.50'. */
function rupeesText(amount: Money): string {
  return formatIndianNumber(amount / 100, amount % 100 === 0 ? 0 : 2);
}

/** True when the order's money came in offline, so its refund says how the money went back. */
export function paidOffline(order: OrderDetail): boolean {
  return order.payments.length > 0
    ? order.payments.some((payment) => payment.mode !== 'ONLINE')
    : order.paymentMode === 'OFFLINE';
}

/** The credit note a refund of `amount` would make, or why it cannot be made. */
function preview(order: OrderDetail, amount: Money | null): { note?: CreditNoteAmounts; problem?: string } {
  if (amount === null || amount < 1)
    return { problem: 'Enter the amount to refund in rupees, e.g. 1,499 or 1,499.50.' };
  if (amount > order.refundable) {
    return {
      problem: fillMessage(PAYMENT_MESSAGES.refundAboveRemaining, {
        amount: formatMoney(amount),
        remaining: formatMoney(order.refundable),
        orderId: order.orderId,
      }),
    };
  }
  try {
    return { note: creditNoteAmounts(order.amounts, order.creditNotes, amount) };
  } catch (error) {
    if (error instanceof CreditNoteSplitError) {
      return { problem: fillMessage(PAYMENT_MESSAGES.refundSplit, { amount: formatMoney(amount) }) };
    }
    return { problem: error instanceof Error ? error.message : String(error) };
  }
}

export interface RefundDialogProps {
  order: OrderDetail;
  onClose: () => void;
}

/**
 * 'Refund' for a paid order: the amount (all that remains by default), the reason, and for money that
 * came in offline how it went back; the credit note it makes is previewed with the contract's own rule
 * as the amount is typed, and a confirmation step says what a full refund cancels. One request id per
 * opening (the dialog is mounted per opening), so a second press or a retry makes one refund.
 */
export function RefundDialog({ order, onClose }: RefundDialogProps) {
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [requestId] = useState(uuid);
  const [amountText, setAmountText] = useState(() => rupeesText(order.refundable));
  const [reason, setReason] = useState('');
  const [receipt, setReceipt] = useState<Receipt>(newReceipt);
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const refund = useRefundOrder();

  const offline = paidOffline(order);
  const amount = parseRupees(amountText);
  const { note, problem } = preview(order, amount);
  const full = amount !== null && amount === order.refundable;
  const errors = {
    amount: problem,
    reason:
      reason.trim().length < REASON_MIN
        ? `Say why the money goes back (at least ${REASON_MIN} characters).`
        : undefined,
    // the receipt fields show their own message
    reference: offline ? receiptErrors(receipt).reference : undefined,
  };
  const invalid = Object.values(errors).some(Boolean);
  const show = (message: string | undefined) => (touched ? message : undefined);

  function review(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (invalid) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setFailure(null);
    setStep('confirm');
  }

  async function send() {
    if (invalid || amount === null) return;
    setFailure(null);
    try {
      const done = await refund.mutateAsync({
        orderId: order.orderId,
        body: {
          amount,
          reason: reason.trim(),
          requestId,
          ...(offline ? { refundMode: receipt.mode, reference: receipt.reference.trim() } : {}),
        },
      });
      notify('success', done.message ?? `Refund of ${formatMoney(amount)} recorded for order ${order.orderId}.`);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  const fullWarning = (
    <Alert severity="warning">
      <AlertTitle>A full refund</AlertTitle>
      This refunds all that remains on order {order.orderId}: its subscription is cancelled, any package not yet
      dispatched is cancelled, and its coupon use is given back.
    </Alert>
  );

  const busy = refund.isPending;
  return (
    <Modal
      open
      title={step === 'form' ? `Refund order ${order.orderId}` : 'Confirm the refund'}
      onClose={busy ? () => undefined : onClose}
      maxWidth="sm"
      fullScreenOnPhone
      actions={
        step === 'form' ? (
          <>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="submit" form={formId} variant="contained">
              Review refund
            </Button>
          </>
        ) : (
          <>
            <Button onClick={() => setStep('form')} disabled={busy}>
              Back
            </Button>
            <Button variant="contained" color="error" loading={busy} onClick={() => void send()}>
              Refund {amount === null ? '' : formatMoney(amount)}
            </Button>
          </>
        )
      }
    >
      {step === 'form' ? (
        <Box
          component="form"
          ref={formRef}
          id={formId}
          noValidate
          aria-label={`Refund order ${order.orderId}`}
          onSubmit={review}
          sx={{ display: 'grid', gap: 2, pt: 1 }}
        >
          <Typography>
            Paid {formatMoney(order.amounts.total)}; {formatMoney(order.refundable)} can still be refunded.
            {offline
              ? ' It was paid offline: say how the money goes back.'
              : ' The money goes back through the payment gateway.'}
          </Typography>
          {failure && (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          )}
          <TextField
            label="Amount to refund"
            required
            autoComplete="off"
            value={amountText}
            onChange={(event) => setAmountText(event.target.value)}
            error={Boolean(show(errors.amount))}
            helperText={show(errors.amount) ?? `Up to ${formatMoney(order.refundable)}, GST included`}
            slotProps={{
              htmlInput: { inputMode: 'decimal' },
              input: { startAdornment: <InputAdornment position="start">Rs.</InputAdornment> },
            }}
          />
          <TextField
            label="Reason"
            required
            multiline
            minRows={2}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={Boolean(show(errors.reason))}
            helperText={show(errors.reason) ?? `${reason.length}/${REASON_MAX}`}
            slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
          />
          {offline && (
            <ReceiptFields
              value={receipt}
              onChange={setReceipt}
              showErrors={touched}
              modeLabel="Paid back by"
              withoutDate
            />
          )}
          <Box component="section" aria-label="Credit note preview" aria-live="polite">
            <Typography component="h3" variant="subtitle2" sx={{ mb: 1 }}>
              Credit note
            </Typography>
            {note ? (
              <OrderAmounts amounts={note} label="Credit note figures" totalLabel="Refund total" />
            ) : (
              <Typography variant="body2" color="text.secondary">
                {problem}
              </Typography>
            )}
          </Box>
          {full && fullWarning}
        </Box>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
          {failure && (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          )}
          <Typography>
            {amount === null ? '' : formatMoney(amount)} goes back for order {order.orderId}
            {offline
              ? ` by ${OFFLINE_MODE_LABELS[receipt.mode]} (reference ${receipt.reference.trim()})`
              : ' through the payment gateway'}
            , with a GST credit note against invoice {order.invoice?.invoiceNumber ?? ''}.
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Reason: {reason.trim()}
          </Typography>
          {note && <OrderAmounts amounts={note} label="Credit note figures" totalLabel="Refund total" />}
          {full ? (
            fullWarning
          ) : (
            <Alert severity="info">A partial refund: the subscription, packages and coupon use stay as they are.</Alert>
          )}
        </Box>
      )}
    </Modal>
  );
}
