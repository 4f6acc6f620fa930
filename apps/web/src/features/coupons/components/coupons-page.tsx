import { useCallback, useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { PAGES, formatDate, type Coupon } from '@lectern/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { useExpireCoupon } from '../api/coupon-mutations';
import { useCoupons } from '../api/get-coupons';
import { COUPONS_URL_KEY, COUPON_FILTERS, couponListQuery, narrowCoupons, type CouponFilters } from './coupon-list';
import { CouponDrawer } from './coupon-drawer';
import { CouponHistory } from './coupon-history';
import { CouponTester } from './coupon-tester';
import { couponsTableConfig } from './coupons-table';
import { FilterBar, useListController } from '../../../components/list';

export const COUPONS_PATH = '/coupons';
const TITLE = PAGES.find((page) => page.path === COUPONS_PATH)?.pageName ?? 'Coupons';

const SELECTS = [
  {
    key: 'status',
    label: 'Status',
    options: [
      { value: 'ACTIVE', label: 'Active' },
      { value: 'SCHEDULED', label: 'Scheduled' },
      { value: 'EXPIRED', label: 'Expired' },
    ],
  },
  {
    key: 'featured',
    label: 'Featured',
    options: [
      { value: 'true', label: 'Featured' },
      { value: 'false', label: 'Not featured' },
    ],
  },
  {
    key: 'type',
    label: 'Type',
    options: [
      { value: 'PERCENTAGE', label: 'Percentage' },
      { value: 'FLAT', label: 'Flat amount' },
    ],
  },
] as const satisfies readonly {
  key: keyof CouponFilters;
  label: string;
  options: readonly { value: string; label: string }[];
}[];

// the coupon stays while a dialog fades out, so its text does not go blank mid-animation; a new key
// gives each opening fresh state
type DialogState = { open: boolean; coupon: Coupon | null; key: number; copyFrom?: Coupon };
const CLOSED: DialogState = { open: false, coupon: null, key: 0 };
const opening = (coupon: Coupon | null, copyFrom?: Coupon) => (previous: DialogState) => ({
  open: true,
  coupon,
  copyFrom,
  key: previous.key + 1,
});
const closing = (previous: DialogState) => ({ ...previous, open: false });

/**
 * /coupons (FINANCE, SUPER_ADMIN): every coupon on the shared table with its status tags, filtered by
 * status, featured and type (kept in the URL), searched by name; expire one after confirmation.
 */
export default function CouponsPage() {
  const list = useListController({ schema: COUPON_FILTERS, urlKey: COUPONS_URL_KEY });
  const { filters, setFilters, filtered } = list;
  const coupons = useCoupons(couponListQuery(filters));
  const { mutateAsync: expireCoupon } = useExpireCoupon();
  const [expiring, setExpiring] = useState<DialogState>(CLOSED);
  const [drawer, setDrawer] = useState<DialogState>(CLOSED);
  const [tester, setTester] = useState<DialogState>(CLOSED);
  const [history, setHistory] = useState<DialogState>(CLOSED);

  // the server filters by one tag: 'featured' beside a status, 'not featured' and the last day are narrowed here
  const rows = useMemo(
    () => narrowCoupons(coupons.data ?? [], { featured: filters.featured, endsBy: filters.endsBy }),
    [coupons.data, filters.featured, filters.endsBy],
  );

  const openDrawer = useCallback((coupon: Coupon | null) => setDrawer(opening(coupon)), []);
  const config = useMemo(
    () =>
      couponsTableConfig({
        open: openDrawer,
        test: (coupon) => setTester(opening(coupon)),
        history: (coupon) => setHistory(opening(coupon)),
        expire: (coupon) => setExpiring(opening(coupon)),
        filtered,
      }),
    [openDrawer, filtered],
  );

  const expiringName = expiring.coupon?.couponName ?? '';

  return (
    <>
      <PageHeader
        title={TITLE}
        subtitle="Discounts students can use on store listings: for whom, on what, and until when."
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => openDrawer(null)}>
            Add coupon
          </Button>
        }
      />
      <FilterBar
        label="Filter coupons"
        selects={SELECTS}
        values={filters}
        onChange={list.setFilter}
        chips={
          filters.endsBy
            ? [
                {
                  key: 'endsBy',
                  label: `Last day by ${formatDate(`${filters.endsBy}T00:00:00`)}`,
                  onDelete: () => setFilters({ endsBy: null }),
                  testId: 'coupons-ends-by',
                },
              ]
            : []
        }
        onClear={list.clear}
        filtered={filtered}
        selectWidth={200}
      />
      <DataTable
        config={config}
        rows={rows}
        {...list.table}
        loading={coupons.isPending}
        error={coupons.isError ? <QueryErrorAlert query={coupons} /> : undefined}
      />
      <ConfirmDialog
        open={expiring.open}
        title={`Expire ${expiringName}?`}
        message={`'${expiringName}' will stop working at once: students can no longer use it, and it cannot be edited or made active again. Uses already made stay.`}
        confirmLabel="Expire"
        destructive
        onConfirm={() => (expiring.coupon ? expireCoupon(expiring.coupon.couponId) : undefined)}
        onClose={() => setExpiring(closing)}
      />
      <CouponDrawer
        key={`drawer-${drawer.key}`}
        open={drawer.open}
        coupon={drawer.coupon}
        latest={coupons.data?.find((coupon) => coupon.couponId === drawer.coupon?.couponId)}
        copyFrom={drawer.copyFrom}
        onCopy={(coupon) => setDrawer(opening(null, coupon))}
        onClose={() => setDrawer(closing)}
      />
      <CouponTester
        key={`tester-${tester.key}`}
        open={tester.open}
        coupon={tester.coupon}
        onClose={() => setTester(closing)}
      />
      <CouponHistory open={history.open} coupon={history.coupon} onClose={() => setHistory(closing)} />
    </>
  );
}
