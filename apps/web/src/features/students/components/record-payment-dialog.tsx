import { useId, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { formatMoney, type OrderDetail } from '@lectern/contract';
import { Modal, notify } from '../../../components';
import { errorMessage } from '../../../lib/query-client';
import { useRecordPayment } from '../api/order-mutations';
import { focusFirstInvalid } from './new-order-dialog';
import { ReceiptFields, newReceipt, receiptErrors, type Receipt } from './receipt-fields';

export interface RecordPaymentDialogProps {
  order: OrderDetail;
  onClose: () => void;
}

/** 'Record payment' for a PENDING order: the receipt of money received offline. Mounted per opening. */
export function RecordPaymentDialog({ order, onClose }: RecordPaymentDialogProps) {
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [receipt, setReceipt] = useState<Receipt>(newReceipt);
  const [touched, setTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const record = useRecordPayment();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (Object.values(receiptErrors(receipt)).some(Boolean)) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setFailure(null);
    try {
      const paid = await record.mutateAsync({
        orderId: order.orderId,
        body: { mode: receipt.mode, reference: receipt.reference.trim(), receivedOn: receipt.receivedOn },
      });
      notify('success', paid.message ?? `Payment recorded for order ${order.orderId}.`);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  }

  return (
    <Modal
      open
      title="Record payment"
      onClose={record.isPending ? () => undefined : onClose}
      maxWidth="sm"
      actions={
        <>
          <Button onClick={onClose} disabled={record.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="contained" loading={record.isPending}>
            Record payment
          </Button>
        </>
      }
    >
      <Box
        component="form"
        ref={formRef}
        id={formId}
        noValidate
        aria-label={`Record payment for order ${order.orderId}`}
        onSubmit={(event) => void submit(event)}
        sx={{ display: 'grid', gap: 2, pt: 1 }}
      >
        <Typography>
          Order {order.orderId}: {formatMoney(order.amounts.total)} to pay. Recording the money received pays the order,
          issues its invoice and grants its plan.
        </Typography>
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        <ReceiptFields value={receipt} onChange={setReceipt} showErrors={touched} disabled={record.isPending} />
      </Box>
    </Modal>
  );
}
