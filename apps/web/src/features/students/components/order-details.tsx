import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { formatDate, formatIndiaDateWithTime, formatMoney, type CreditNote, type OrderDetail } from '@lectern/contract';
import { Badge, type BadgeColor } from '../../../components';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { getCreditNotePdf } from '../api/get-credit-note-pdf';
import { useOrder } from '../api/get-order';
import { OrderAmounts } from './order-amounts';
import { OrderTimeline } from './order-timeline';
import { openPdf, pdfFileName } from './open-pdf';
import { OFFLINE_MODE_LABELS } from './receipt-fields';

const REFUND_COLOR: Record<CreditNote['refundStatus'], BadgeColor> = {
  PENDING: 'warning',
  PROCESSED: 'success',
  FAILED: 'error',
};

const REFUND_STATUS_TEXT: Record<CreditNote['refundStatus'], string> = {
  PENDING: 'refund pending',
  PROCESSED: 'refunded',
  FAILED: 'refund failed',
};

function modeLabel(mode: OrderDetail['payments'][number]['mode']): string {
  return mode === 'ONLINE' ? 'Online' : OFFLINE_MODE_LABELS[mode];
}

export interface OrderDetailsProps {
  orderId: string;
  /** FINANCE and SUPER_ADMIN: record a payment, refund */
  canManage: boolean;
  onRecordPayment: (order: OrderDetail) => void;
  onRefund: (order: OrderDetail) => void;
}

/** One order opened on the student's page: its timeline, amounts, payments, credit notes and actions. */
export function OrderDetails({ orderId, canManage, onRecordPayment, onRefund }: OrderDetailsProps) {
  const query = useOrder(orderId);
  if (query.isError) return <QueryErrorAlert query={query} />;
  if (!query.data) {
    return (
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <CircularProgress size={20} aria-label={`Loading order ${orderId}`} />
      </Box>
    );
  }
  const order = query.data;
  const payable = order.paymentStatus === 'PENDING';
  const refundable =
    (order.paymentStatus === 'PAID' || order.paymentStatus === 'PARTIALLY_REFUNDED') && order.refundable > 0;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2.5,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
      }}
    >
      <Box component="section" aria-label="Timeline">
        <Typography component="h4" variant="subtitle2" sx={{ mb: 1 }}>
          Timeline
        </Typography>
        <OrderTimeline events={order.timeline} orderId={order.orderId} />
      </Box>
      <Box sx={{ display: 'grid', gap: 2.5, alignContent: 'start' }}>
        <Box component="section" aria-label="Amounts">
          <Typography component="h4" variant="subtitle2" sx={{ mb: 1 }}>
            Amounts
          </Typography>
          <OrderAmounts amounts={order.amounts} label={`Amounts of order ${order.orderId}`} />
          {order.refundable > 0 && order.refundable !== order.amounts.total && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              Still refundable: {formatMoney(order.refundable)}
            </Typography>
          )}
        </Box>
        <Box component="section" aria-label="Payments">
          <Typography component="h4" variant="subtitle2" sx={{ mb: 1 }}>
            Payments
          </Typography>
          {order.payments.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              No payment yet.
            </Typography>
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {order.payments.map((payment) => (
                <Typography component="li" variant="body2" key={payment.paymentId} sx={{ overflowWrap: 'anywhere' }}>
                  {formatMoney(payment.amount)} by {modeLabel(payment.mode)}, reference {payment.reference}, received{' '}
                  {formatDate(payment.receivedOn)} (recorded by {payment.recordedBy})
                </Typography>
              ))}
            </Box>
          )}
        </Box>
        {order.creditNotes.length > 0 && (
          <Box component="section" aria-label="Credit notes">
            <Typography component="h4" variant="subtitle2" sx={{ mb: 1 }}>
              Credit notes
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
              {order.creditNotes.map((note) => (
                <CreditNoteItem key={note.creditNoteId} orderId={order.orderId} note={note} />
              ))}
            </Box>
          </Box>
        )}
        {canManage && (payable || refundable) && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {payable && (
              <Button variant="contained" size="small" onClick={() => onRecordPayment(order)}>
                Record payment
              </Button>
            )}
            {refundable && (
              <Button variant="outlined" color="error" size="small" onClick={() => onRefund(order)}>
                Refund
              </Button>
            )}
          </Box>
        )}
      </Box>
    </Box>
  );
}

function CreditNoteItem({ orderId, note }: { orderId: string; note: CreditNote }) {
  const load = () => getCreditNotePdf(orderId, note.creditNoteId);
  return (
    <Box component="li" sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography sx={{ fontWeight: 600 }}>{note.creditNoteNumber}</Typography>
        <Typography variant="body2">
          {formatDate(note.creditNoteDate)} · {formatMoney(note.total)}
        </Typography>
        <Badge color={REFUND_COLOR[note.refundStatus]}>{REFUND_STATUS_TEXT[note.refundStatus]}</Badge>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {note.reason} · {modeLabel(note.refundMode)}
        {note.reference ? `, reference ${note.reference}` : ''} · by {note.createdBy},{' '}
        {formatIndiaDateWithTime(note.createdAt)}
      </Typography>
      {note.failureReason && (
        <Typography variant="body2" color="error">
          {note.failureReason}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, mt: 0.5, flexWrap: 'wrap' }}>
        <Button
          size="small"
          onClick={() => void openPdf(load, pdfFileName(note.creditNoteNumber), 'open')}
          aria-label={`Open PDF of credit note ${note.creditNoteNumber}`}
        >
          Open PDF
        </Button>
        <Button
          size="small"
          onClick={() => void openPdf(load, pdfFileName(note.creditNoteNumber), 'download')}
          aria-label={`Download PDF of credit note ${note.creditNoteNumber}`}
        >
          Download PDF
        </Button>
      </Box>
    </Box>
  );
}
