import {
  paise,
  type OrderListPaymentMode,
  type OrderListRow,
  type OrderListTotals,
  type OrdersList,
  type OrdersListQuery,
} from '@lectern/contract';
import { AppError } from '../../lib/app-error';
import type { OrderFilters, OrderListRecord, OrdersListRepository } from './orders-list.repository';

const OFFLINE_MODES: readonly string[] = ['CASH', 'UPI', 'BANK_TRANSFER', 'CHEQUE'];

/** How the list shows an order's payment: online, or the offline mode it was received by (OFFLINE until then). */
function modeOf(record: Pick<OrderListRecord, 'paymentMode' | 'paymentMethod'>): OrderListPaymentMode {
  if (record.paymentMode !== 'OFFLINE') return 'ONLINE';
  return record.paymentMethod && OFFLINE_MODES.includes(record.paymentMethod)
    ? (record.paymentMethod as OrderListPaymentMode)
    : 'OFFLINE';
}

function toRow(record: OrderListRecord): OrderListRow {
  return {
    orderId: record.orderId,
    createdAt: record.createdAt.toISOString(),
    student: {
      studentId: record.studentId,
      name: record.name,
      mobileNumber: record.mobileNumber,
      email: record.email,
    },
    storeListingId: record.storeListingId,
    storeListingName: record.storeListingName,
    plan: record.plan,
    amounts: {
      gross: paise(Number(record.gross ?? 0)),
      discount: paise(record.discount),
      gst: paise(Number(record.gst ?? 0)),
      net: paise(record.net),
      refunded: paise(Number(record.refunded ?? 0)),
    },
    couponCode: record.couponCode,
    paymentMode: modeOf(record),
    paymentStatus: record.paymentStatus as OrderListRow['paymentStatus'],
    invoiceNumber: record.invoiceNumber,
  };
}

/** Every order in one list (issue 34): a page and the totals of the whole filtered set, or every row for a file. */
export class OrdersListService {
  constructor(private readonly repo: OrdersListRepository) {}

  private filters(query: OrderFilters): OrderFilters {
    if (query.from && query.to && query.from > query.to) throw AppError.of(400, 'dateRange');
    return { ...query, q: query.q?.trim() || undefined };
  }

  /** One page (from 0), newest first, with the totals of every matching order. */
  async list(query: OrdersListQuery): Promise<OrdersList> {
    const filters = this.filters(query);
    const [records, sums] = await Promise.all([
      this.repo.rows(filters, { limit: query.size, offset: query.page * query.size }),
      this.repo.totals(filters),
    ]);
    const totals: OrderListTotals = {
      count: sums.count,
      gross: paise(sums.gross),
      discount: paise(sums.discount),
      gst: paise(sums.gst),
      net: paise(sums.net),
      refunded: paise(sums.refunded),
    };
    return {
      content: records.map(toRow),
      page: query.page,
      size: query.size,
      totalElements: totals.count,
      totalPages: Math.ceil(totals.count / query.size),
      totals,
    };
  }

  /** Every matching order, newest first, with their totals (for a CSV or XLSX file). */
  async all(query: OrdersListQuery): Promise<OrdersList> {
    const filters = this.filters(query);
    const records = await this.repo.rows(filters);
    const rows = records.map(toRow);
    const sum = (pick: (row: OrderListRow) => number) => paise(rows.reduce((n, row) => n + pick(row), 0));
    return {
      content: rows,
      page: 0,
      size: rows.length,
      totalElements: rows.length,
      totalPages: rows.length > 0 ? 1 : 0,
      totals: {
        count: rows.length,
        gross: sum((r) => r.amounts.gross),
        discount: sum((r) => r.amounts.discount),
        gst: sum((r) => r.amounts.gst),
        net: sum((r) => r.amounts.net),
        refunded: sum((r) => r.amounts.refunded),
      },
    };
  }
}
