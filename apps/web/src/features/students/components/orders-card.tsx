import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { formatDate, formatMoney, type Order } from '@lectern/contract';
import { Badge, SectionCard, notify, type BadgeColor } from '../../../components';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { errorMessage } from '../../../lib/query-client';
import { getInvoicePdf } from '../api/get-invoice-pdf';

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
}

function fileName(invoiceNumber: string): string {
  return `${invoiceNumber.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;
}

/** Opens the invoice PDF in a new tab, or saves it, fetched through the signed API client. */
async function openPdf(order: Order, mode: 'open' | 'download'): Promise<void> {
  if (!order.invoice) return;
  // the tab is opened on the click itself, so the browser does not block it as a pop-up
  const tab = mode === 'open' ? window.open('', '_blank') : null;
  try {
    const blob = await getInvoicePdf(order.orderId);
    const url = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
    if (tab) {
      tab.location.href = url;
    } else {
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName(order.invoice.invoiceNumber);
      document.body.append(link);
      link.click();
      link.remove();
    }
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    notify('error', errorMessage(error));
  }
}

/** The student's orders with their invoices (spec 2 §8: a failed call empties this list only). */
export function OrdersCard({ query }: OrdersCardProps) {
  const orders = query.isError ? [] : (query.data ?? []);
  return (
    <SectionCard title="Orders and invoices">
      {query.isError && <QueryErrorAlert query={query} sx={{ mb: 2 }} />}
      {query.isPending && !query.isError && <CircularProgress size={24} aria-label="Loading orders" />}
      {!query.isPending && !query.isError && orders.length === 0 && (
        <Typography color="text.secondary">No orders.</Typography>
      )}
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }} aria-label="Orders">
        {orders.map((order) => (
          <Box component="li" key={order.orderId} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
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
            {order.invoice && (
              <Box sx={{ display: 'flex', gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
                <Button
                  size="small"
                  variant="outlined"
                  onClick={() => void openPdf(order, 'open')}
                  aria-label={`Open PDF of invoice ${order.invoice.invoiceNumber}`}
                >
                  Open PDF
                </Button>
                <Button
                  size="small"
                  variant="outlined"
                  onClick={() => void openPdf(order, 'download')}
                  aria-label={`Download PDF of invoice ${order.invoice.invoiceNumber}`}
                >
                  Download PDF
                </Button>
              </Box>
            )}
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
