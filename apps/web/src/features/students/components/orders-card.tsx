import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import Typography from '@mui/material/Typography';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { formatDate, formatMoney, type Order, type OrderDetail } from '@lectern/contract';
import { Badge, SectionCard, type BadgeColor } from '../../../components';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { getInvoicePdf } from '../api/get-invoice-pdf';
import { OrderDetails } from './order-details';
import { openPdf, pdfFileName } from './open-pdf';

const PAYMENT_COLOR: Record<Order['paymentStatus'], BadgeColor> = {
  PAID: 'success',
  PENDING: 'warning',
  FAILED: 'error',
  EXPIRED: 'grey',
  PARTIALLY_REFUNDED: 'warning',
  REFUNDED: 'grey',
};

export interface OrdersCardProps {
  query: {
    data: Order[] | undefined;
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => Promise<unknown>;
  };
  /** FINANCE and SUPER_ADMIN: place orders, record payments, refund */
  canManage: boolean;
  onNewOrder: () => void;
  onRecordPayment: (order: OrderDetail) => void;
  onRefund: (order: OrderDetail) => void;
}

function invoicePdf(order: Order, mode: 'open' | 'download'): void {
  if (!order.invoice) return;
  void openPdf(() => getInvoicePdf(order.orderId), pdfFileName(order.invoice.invoiceNumber), mode);
}

/** The student's orders with their invoices (spec 2 §8: a failed call empties this list only). */
export function OrdersCard({ query, canManage, onNewOrder, onRecordPayment, onRefund }: OrdersCardProps) {
  const orders = query.isError ? [] : (query.data ?? []);
  // ?order=<orderId> (a row of the orders list): that order's details open, and it is scrolled to
  const [params] = useSearchParams();
  const linked = params.get('order');
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(linked ? [linked] : []));
  const shown = useRef<string | null>(null);
  const hasLinked = linked !== null && orders.some((order) => order.orderId === linked);
  useEffect(() => {
    if (!linked || !hasLinked || shown.current === linked) return;
    shown.current = linked;
    setOpen((before) => (before.has(linked) ? before : new Set([...before, linked])));
    document.getElementById(`order-${linked}`)?.scrollIntoView?.({ block: 'start' });
  }, [linked, hasLinked]);
  const toggle = (orderId: string) =>
    setOpen((before) => {
      const after = new Set(before);
      if (!after.delete(orderId)) after.add(orderId);
      return after;
    });
  return (
    <SectionCard
      title="Orders and invoices"
      action={
        canManage ? (
          <Button variant="contained" onClick={onNewOrder}>
            New order
          </Button>
        ) : undefined
      }
    >
      {query.isError && <QueryErrorAlert query={query} sx={{ mb: 2 }} />}
      {query.isPending && !query.isError && <CircularProgress size={24} aria-label="Loading orders" />}
      {!query.isPending && !query.isError && orders.length === 0 && (
        <Typography color="text.secondary">No orders.</Typography>
      )}
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }} aria-label="Orders">
        {orders.map((order) => (
          <Box
            component="li"
            key={order.orderId}
            id={`order-${order.orderId}`}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, scrollMarginTop: 80 }}
          >
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
              <Typography component="h3" sx={{ fontWeight: 600 }}>
                {formatDate(order.createdAt)} · {formatMoney(order.total)}
              </Typography>
              <Badge color={PAYMENT_COLOR[order.paymentStatus]}>{order.paymentStatus}</Badge>
            </Box>
            <Box
              component="dl"
              sx={{
                m: 0,
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' },
                columnGap: 3,
                rowGap: { xs: 0.25, sm: 1 },
              }}
            >
              <Row label="Order">{order.orderId}</Row>
              <Row label="Items">
                {order.items
                  .map((item) => (item.quantity > 1 ? `${item.description} × ${item.quantity}` : item.description))
                  .join(', ')}
              </Row>
              <Row label="Coupon">
                {order.couponCode ? `${order.couponCode} (− ${formatMoney(order.discount)})` : 'NA'}
              </Row>
              <Row label="Total">{formatMoney(order.total)}</Row>
              <Row label="Payment">
                {order.paymentStatus}
                {order.paymentMethod ? ` · ${order.paymentMethod}` : ''}
              </Row>
              <Row label="Invoice">
                {order.invoice
                  ? `${order.invoice.invoiceNumber} (${formatDate(order.invoice.invoiceDate)})${
                      order.invoice.credited > 0 ? `, credited ${formatMoney(order.invoice.credited)}` : ''
                    }`
                  : 'NA'}
              </Row>
            </Box>
            <Box sx={{ display: 'flex', gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
              <Button
                size="small"
                variant="text"
                aria-expanded={open.has(order.orderId)}
                aria-controls={open.has(order.orderId) ? `order-details-${order.orderId}` : undefined}
                onClick={() => toggle(order.orderId)}
                endIcon={open.has(order.orderId) ? <ExpandLessIcon /> : <ExpandMoreIcon />}
                aria-label={`${open.has(order.orderId) ? 'Hide' : 'Show'} details of order ${order.orderId}`}
              >
                {open.has(order.orderId) ? 'Hide details' : 'Details'}
              </Button>
              {order.invoice && (
                <>
                  <Button
                    size="small"
                    variant="outlined"
                    onClick={() => invoicePdf(order, 'open')}
                    aria-label={`Open PDF of invoice ${order.invoice.invoiceNumber}`}
                  >
                    Open PDF
                  </Button>
                  <Button
                    size="small"
                    variant="outlined"
                    onClick={() => invoicePdf(order, 'download')}
                    aria-label={`Download PDF of invoice ${order.invoice.invoiceNumber}`}
                  >
                    Download PDF
                  </Button>
                </>
              )}
            </Box>
            <Collapse in={open.has(order.orderId)} unmountOnExit>
              <Box id={`order-details-${order.orderId}`} sx={{ mt: 2, pt: 2, borderTop: 1, borderColor: 'divider' }}>
                <OrderDetails
                  orderId={order.orderId}
                  canManage={canManage}
                  onRecordPayment={onRecordPayment}
                  onRefund={onRefund}
                />
              </Box>
            </Collapse>
          </Box>
        ))}
      </Box>
    </SectionCard>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <Box component="dt" sx={{ color: 'text.secondary', fontSize: '0.875rem', mt: { xs: 1, sm: 0 } }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </>
  );
}
