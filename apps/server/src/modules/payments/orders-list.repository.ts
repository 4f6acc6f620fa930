import { addIndiaDays, indiaMidnight, type OrdersListQuery } from '@lectern/contract';
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { creditNotes, invoices, orders, storeListings, students, subscriptions } from '../../db/schema';

/** What narrows the orders list: the route's filters without paging and format. */
export type OrderFilters = Pick<
  OrdersListQuery,
  'status' | 'from' | 'to' | 'q' | 'paymentMode' | 'couponName' | 'storeListingId'
>;

/** LIKE's own characters in typed text, escaped (backslash is PostgreSQL's default escape). */
const likeText = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Each order's refunds: the sum of its credit notes (few orders have any). */
function refundsOf(db: Db) {
  return db
    .select({ orderId: creditNotes.orderId, refunded: sql<string>`sum(${creditNotes.amount})`.as('refunded') })
    .from(creditNotes)
    .groupBy(creditNotes.orderId)
    .as('refunds');
}

/**
 * The filters as one condition on `orders` alone, so the totals read no other table: India days as
 * instants (the created-at index serves the range), and the search as the ids of the orders it finds
 * by id, by whole invoice number, or by a part of the student's mobile, name or e-mail.
 */
function whereOf(f: OrderFilters): SQL | undefined {
  const parts: SQL[] = [];
  if (f.status) parts.push(eq(orders.paymentStatus, f.status));
  if (f.from) parts.push(gte(orders.createdAt, indiaMidnight(f.from)));
  if (f.to) parts.push(lt(orders.createdAt, indiaMidnight(addIndiaDays(f.to, 1))));
  if (f.paymentMode === 'ONLINE' || f.paymentMode === 'OFFLINE') parts.push(eq(orders.paymentMode, f.paymentMode));
  else if (f.paymentMode) {
    parts.push(eq(orders.paymentMode, 'OFFLINE'), eq(orders.paymentMethod, f.paymentMode));
  }
  if (f.couponName) parts.push(eq(orders.couponCode, f.couponName.toUpperCase()));
  if (f.storeListingId) parts.push(eq(orders.storeListingId, f.storeListingId));
  const q = f.q?.trim();
  if (q) {
    const text = `%${likeText(q)}%`;
    // a mobile typed with spaces, dashes or +91 is matched on its digits
    const digits = /^[+\d\s-]+$/.test(q) ? q.replace(/\D/g, '').replace(/^91(?=\d{10}$)/, '') : '';
    const mobile = digits ? `%${digits}%` : text;
    // name and e-mail through the student search's folded columns and their trigram indexes (migration 0026)
    parts.push(sql`${orders.id} IN (
      SELECT o.id FROM orders o WHERE o.id = ${q}
      UNION ALL SELECT i.order_id FROM invoices i WHERE lower(i.invoice_number) = lower(${q})
      UNION ALL SELECT o.id FROM orders o JOIN students s ON s.id = o.student_id
        WHERE s.mobile_number LIKE ${mobile}
          OR s.search_name LIKE '%' || search_fold(${likeText(q)}) || '%'
          OR s.search_email LIKE lower(${text}))`);
  }
  return parts.length > 0 ? and(...parts) : undefined;
}

export type OrderListRecord = Awaited<ReturnType<OrdersListRepository['rows']>>[number];

/** The orders list (issue 34): every order across students, read only. */
export class OrdersListRepository {
  constructor(private readonly db: Db) {}

  /** The matching orders, newest first (the id breaks ties), `limit` from `offset`; every one without a limit. */
  async rows(f: OrderFilters, page?: { limit: number; offset: number }) {
    const refunds = refundsOf(this.db);
    const query = this.db
      .select({
        orderId: orders.id,
        createdAt: orders.createdAt,
        studentId: students.id,
        name: students.name,
        mobileNumber: students.mobileNumber,
        email: students.email,
        storeListingId: orders.storeListingId,
        storeListingName: storeListings.name,
        plan: sql<string | null>`coalesce(${subscriptions.label}, ${orders.items} -> 0 ->> 'description')`,
        gross: orders.gross,
        discount: orders.discount,
        gst: orders.gst,
        net: orders.total,
        refunded: refunds.refunded,
        couponCode: orders.couponCode,
        paymentMode: orders.paymentMode,
        paymentMethod: orders.paymentMethod,
        paymentStatus: orders.paymentStatus,
        invoiceNumber: invoices.invoiceNumber,
      })
      .from(orders)
      .innerJoin(students, eq(students.id, orders.studentId))
      .leftJoin(storeListings, eq(storeListings.id, orders.storeListingId))
      .leftJoin(subscriptions, eq(subscriptions.id, orders.subscriptionId))
      .leftJoin(invoices, eq(invoices.orderId, orders.id))
      .leftJoin(refunds, eq(refunds.orderId, orders.id))
      .where(whereOf(f))
      .orderBy(desc(orders.createdAt), desc(orders.id));
    return page ? query.limit(page.limit).offset(page.offset) : query;
  }

  /** How many orders match and their money summed (paise), over the whole filtered set. */
  async totals(f: OrderFilters) {
    const refunds = refundsOf(this.db);
    const [row] = await this.db
      .select({
        count: sql<string>`count(*)`,
        gross: sql<string>`coalesce(sum(${orders.gross}), 0)`,
        discount: sql<string>`coalesce(sum(${orders.discount}), 0)`,
        gst: sql<string>`coalesce(sum(${orders.gst}), 0)`,
        net: sql<string>`coalesce(sum(${orders.total}), 0)`,
        refunded: sql<string>`coalesce(sum(${refunds.refunded}), 0)`,
      })
      .from(orders)
      .leftJoin(refunds, eq(refunds.orderId, orders.id))
      .where(whereOf(f));
    return {
      count: Number(row?.count ?? 0),
      gross: Number(row?.gross ?? 0),
      discount: Number(row?.discount ?? 0),
      gst: Number(row?.gst ?? 0),
      net: Number(row?.net ?? 0),
      refunded: Number(row?.refunded ?? 0),
    };
  }
}
