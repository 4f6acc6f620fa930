import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import dayjs from 'dayjs';
import {
  ORDER_LIST_PAYMENT_MODES,
  ORDER_LIST_PAYMENT_MODE_LABELS,
  ORDER_STATUS_LABELS,
  PAGES,
  PAYMENT_STATUSES,
  formatDate,
  formatIndianNumber,
  formatMoney,
  type OrderListTotals,
} from '@lectern/contract';
import { DataTable } from '../../../components/data-table';
import { notify } from '../../../components/feedback/notify';
import { FilterBar, useListController } from '../../../components/list';
import { PageHeader } from '../../../components/page-header';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { errorMessage } from '../../../lib/query-client';
import { saveBlob } from '../../../lib/save-blob';
import { useCouponOptions, useListingOptions } from '../api/get-order-choices';
import { getOrdersFile, useOrders } from '../api/get-orders';
import { ORDER_FILTERS, ORDER_PARAM_NAMES, ORDERS_URL_KEY } from './orders-list';
import { ordersTableConfig } from './orders-table';

export const ORDERS_PATH = '/orders';
const TITLE = PAGES.find((page) => page.path === ORDERS_PATH)?.pageName ?? 'Orders';

const STATUS_OPTIONS = PAYMENT_STATUSES.map((status) => ({ value: status, label: ORDER_STATUS_LABELS[status] }));
const MODE_OPTIONS = ORDER_LIST_PAYMENT_MODES.map((mode) => ({
  value: mode,
  label: mode === 'OFFLINE' ? 'Any offline' : ORDER_LIST_PAYMENT_MODE_LABELS[mode],
}));

/** The totals of every order the filters match (the server sums them), not only the page. */
function TotalsStrip({ totals, busy }: { totals: OrderListTotals | undefined; busy: boolean }) {
  const figures: [string, string][] = totals
    ? [
        ['Orders', formatIndianNumber(totals.count)],
        ['Gross', formatMoney(totals.gross)],
        ['Discount', formatMoney(totals.discount)],
        ['GST', formatMoney(totals.gst)],
        ['Net', formatMoney(totals.net)],
        ['Refunded', formatMoney(totals.refunded)],
      ]
    : [];
  return (
    <Box
      component="section"
      aria-label="Totals of the filtered orders"
      aria-busy={totals === undefined || busy}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(6, 1fr)' },
        gap: 1.5,
        my: 2,
        // the figures of the last filters stay, dimmed, until the new ones come
        opacity: busy ? 0.6 : 1,
        transition: 'opacity 150ms',
      }}
    >
      {totals === undefined ? (
        <Typography color="text.secondary">Adding up the orders…</Typography>
      ) : (
        figures.map(([label, value]) => (
          <Box
            key={label}
            data-testid={`orders-total-${label.toLowerCase()}`}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 1, bgcolor: 'background.paper' }}
          >
            <Typography variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>{value}</Typography>
          </Box>
        ))
      )}
    </Box>
  );
}

/**
 * /orders (FINANCE, SUPER_ADMIN): every order, newest first, filtered by status, the India days it was
 * placed, payment mode, coupon and listing and searched by order id, invoice number or the student
 * (all kept in the URL), with the totals of the whole filtered set and CSV and XLSX files of every
 * matching order; each row opens the order on the student's page.
 */
export default function OrdersPage() {
  const list = useListController({ schema: ORDER_FILTERS, urlKey: ORDERS_URL_KEY, paramNames: ORDER_PARAM_NAMES });
  const { filters, setFilters, filtered, paging } = list;
  const query = useMemo(
    () => ({ ...list.query, page: paging.page, size: paging.rowsPerPage }),
    [list.query, paging.page, paging.rowsPerPage],
  );
  const orders = useOrders(query);
  const listings = useListingOptions();
  const coupons = useCouponOptions();
  const [searchText, setSearchText] = useState(filters.q ?? '');
  const [busy, setBusy] = useState<'csv' | 'xlsx' | null>(null);
  const config = useMemo(() => ordersTableConfig({ filtered }), [filtered]);

  async function exportFile(format: 'csv' | 'xlsx') {
    setBusy(format);
    try {
      saveBlob(await getOrdersFile(query, format), `orders-${dayjs().format('YYYY-MM-DD')}.${format}`);
      notify(
        'success',
        `The ${format.toUpperCase()} of ${formatIndianNumber(orders.data?.totals.count ?? 0)} orders is downloaded.`,
      );
    } catch (error) {
      notify('error', errorMessage(error));
    } finally {
      setBusy(null);
    }
  }

  const range =
    filters.from && filters.to
      ? { start: dayjs(filters.from).toDate(), end: dayjs(filters.to).endOf('day').toDate() }
      : undefined;
  const exportLabel = (format: 'csv' | 'xlsx') =>
    busy === format ? `Preparing ${format.toUpperCase()}…` : `Export ${format.toUpperCase()}`;

  return (
    <>
      <PageHeader
        title={TITLE}
        subtitle="Every order of every student, newest first, with the totals of what the filters match."
        actions={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {(['csv', 'xlsx'] as const).map((format) => (
              <Button
                key={format}
                variant="outlined"
                startIcon={<DownloadIcon />}
                loading={busy === format}
                loadingPosition="start"
                disabled={busy !== null && busy !== format}
                onClick={() => void exportFile(format)}
              >
                {exportLabel(format)}
              </Button>
            ))}
          </Box>
        }
      />
      <FilterBar
        label="Filter orders"
        search={{
          value: searchText,
          onChange: setSearchText,
          onSearch: (text) => setFilters({ q: text }),
          placeholder: 'Order id, invoice number, mobile, name or e-mail',
          label: 'Search orders',
          maxLength: 100,
        }}
        selects={[
          { key: 'status', label: 'Status', anyLabel: 'Any status', options: STATUS_OPTIONS },
          { key: 'paymentMode', label: 'Payment mode', anyLabel: 'Any mode', options: MODE_OPTIONS },
          { key: 'couponName', label: 'Coupon', anyLabel: 'Any coupon', options: coupons.data ?? [] },
          { key: 'storeListingId', label: 'Listing', anyLabel: 'Any listing', options: listings.data ?? [] },
        ]}
        values={filters}
        onChange={list.setFilter}
        dateRange={{
          key: `${filters.from ?? ''}-${filters.to ?? ''}`,
          label: 'Order date range',
          initialRange: range,
          onSearch: ({ start, end }) =>
            setFilters({ from: dayjs(start).format('YYYY-MM-DD'), to: dayjs(end).format('YYYY-MM-DD') }),
        }}
        chips={
          filters.from && filters.to
            ? [
                {
                  key: 'placed',
                  label: `Placed ${formatDate(filters.from)} to ${formatDate(filters.to)}`,
                  onDelete: () => setFilters({ from: null, to: null }),
                },
              ]
            : []
        }
        onClear={() => {
          setSearchText('');
          list.clear();
        }}
        filtered={filtered}
      >
        {!(filters.from && filters.to) && <Chip variant="outlined" label="Orders of every day" />}
      </FilterBar>
      <TotalsStrip totals={orders.isError ? undefined : orders.data?.totals} busy={orders.isFetching} />
      <DataTable
        config={config}
        rows={orders.data?.content ?? []}
        {...list.table}
        loading={orders.isPending}
        error={orders.isError ? <QueryErrorAlert query={orders} /> : undefined}
        server={{
          totalCount: orders.data?.totalElements ?? 0,
          page: paging.page,
          rowsPerPage: paging.rowsPerPage,
          onPageChange: paging.setPage,
          onRowsPerPageChange: paging.setRowsPerPage,
        }}
      />
    </>
  );
}
