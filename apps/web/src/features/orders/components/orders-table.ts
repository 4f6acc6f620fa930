import {
  ORDER_LIST_PAYMENT_MODE_LABELS,
  ORDER_STATUS_LABELS,
  formatIndiaDateWithTime,
  formatMoney,
  type OrderListRow,
} from '@lectern/contract';
import type { StatusStyle, TableConfig } from '../../../components/data-table';

// dark text on a light tint (the data table's own pairs, above 7:1)
const tone = (label: string, colour: string, background: string): StatusStyle => ({ label, colour, background });
const STATUS_STYLES: Record<OrderListRow['paymentStatus'], StatusStyle> = {
  PAID: tone(ORDER_STATUS_LABELS.PAID, '#03543F', '#DEF7EC'),
  PENDING: tone(ORDER_STATUS_LABELS.PENDING, '#723B13', '#FDF6B2'),
  PARTIALLY_REFUNDED: tone(ORDER_STATUS_LABELS.PARTIALLY_REFUNDED, '#8A2C0D', '#FEECDC'),
  REFUNDED: tone(ORDER_STATUS_LABELS.REFUNDED, '#42389D', '#E5EDFF'),
  FAILED: tone(ORDER_STATUS_LABELS.FAILED, '#9B1C1C', '#FDE8E8'),
  EXPIRED: tone(ORDER_STATUS_LABELS.EXPIRED, '#374151', '#F3F4F6'),
};

/** The student's page with this order's details open. */
export const orderLinkQuery = (row: OrderListRow) => ({
  mobileNumber: row.student.mobileNumber,
  order: row.orderId,
});

/**
 * Every order, newest first: when and who, what was bought, the money (net, refunded), the coupon, how
 * it was paid, its status and invoice; each opens the order on the student's page.
 */
export function ordersTableConfig({ filtered }: { filtered: boolean }): TableConfig<OrderListRow> {
  return {
    title: 'Orders',
    checkboxKeyMap: 'orderId',
    emptyMessages: { empty: filtered ? 'No orders match this search and these filters.' : 'No orders yet.' },
    minWidth: 1180,
    columns: [
      { id: 'order', title: 'Order', dataMapping: 'orderId', extraWidth: 150 },
      { id: 'placed', title: 'Placed', dataMapping: (row) => formatIndiaDateWithTime(row.createdAt), extraWidth: 150 },
      {
        id: 'student',
        title: 'Student',
        elementType: 'infoText',
        dataMapping: (row) => [row.student.name, row.student.mobileNumber],
        elementConfig: { info: (row) => row.student.email ?? 'No e-mail', infoLabel: 'E-mail' },
        extraWidth: 170,
      },
      {
        id: 'bought',
        title: 'Listing and plan',
        elementType: 'infoText',
        dataMapping: (row) => [row.storeListingName ?? 'No listing', row.plan ?? 'NA'],
        elementConfig: {
          info: (row) => `Gross ${formatMoney(row.amounts.gross)}, GST ${formatMoney(row.amounts.gst)}`,
        },
        extraWidth: 180,
      },
      { id: 'net', title: 'Net', elementType: 'amount', dataMapping: (row) => row.amounts.net, align: 'right' },
      {
        id: 'refunded',
        title: 'Refunded',
        dataMapping: (row) => (row.amounts.refunded > 0 ? formatMoney(row.amounts.refunded) : '—'),
        align: 'right',
      },
      { id: 'coupon', title: 'Coupon', dataMapping: (row) => row.couponCode ?? '—' },
      { id: 'mode', title: 'Payment', dataMapping: (row) => ORDER_LIST_PAYMENT_MODE_LABELS[row.paymentMode] },
      {
        id: 'status',
        title: 'Status',
        elementType: 'statusLabel',
        dataMapping: 'paymentStatus',
        elementConfig: { styles: STATUS_STYLES },
      },
      { id: 'invoice', title: 'Invoice', dataMapping: (row) => row.invoiceNumber ?? '—', extraWidth: 130 },
      {
        id: 'open',
        title: 'Open',
        hideTitle: true,
        elementType: 'button',
        elementConfig: {
          label: 'Open',
          to: '/student-management',
          query: orderLinkQuery,
          ariaLabel: (row) => `Open order ${row.orderId} of ${row.student.name}`,
        },
      },
    ],
  };
}
