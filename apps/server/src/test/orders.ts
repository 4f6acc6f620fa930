import { indianDate, type OfflinePaymentMode } from '@lectern/contract';
import { expect } from 'vitest';
import { uniqueCode, type CatalogueFields, type StudentFields } from './factories';
import type { TestContext } from './test-app';

// Orders through the orders service's own routes (placed, paid offline, refunded, expired), for
// suites that read orders as staff see them. Time is the service's clock (`t.app.orders.now`).

export interface OrderPlace {
  student: StudentFields;
  listing: { id: string };
  catalogue: CatalogueFields;
  couponName?: string;
  /** placed at this instant (the orders service's clock, put back afterwards) */
  at?: Date;
  paymentMode?: 'ONLINE' | 'OFFLINE';
}

/** Runs `fn` with the orders service's clock at `at` (when given). */
async function at<T>(t: TestContext, when: Date | undefined, fn: () => Promise<T>): Promise<T> {
  if (!when) return fn();
  const before = t.app.orders.now;
  t.app.orders.now = () => when;
  try {
    return await fn();
  } finally {
    t.app.orders.now = before;
  }
}

/** A PENDING order of the catalogue's first plan on the listing, placed by `token` (FINANCE). */
export async function placeOrder(t: TestContext, token: string, input: OrderPlace): Promise<string> {
  return at(t, input.at, async () => {
    const placed = await t.call('POST', '/api/payments/order/create', {
      token,
      body: {
        mobileNumber: input.student.mobileNumber,
        storeListingId: input.listing.id,
        subscriptionId: input.catalogue.plans[0]!.id,
        paymentMode: input.paymentMode ?? 'OFFLINE',
        ...(input.couponName ? { couponName: input.couponName } : {}),
      },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    return placed.body.data.orderId as string;
  });
}

/** Records the order's money received offline by `mode` (PAID, its invoice issued), at `when` if given. */
export async function payOffline(
  t: TestContext,
  token: string,
  orderId: string,
  mode: OfflinePaymentMode = 'UPI',
  when?: Date,
): Promise<{ invoiceNumber: string; total: number }> {
  return at(t, when, async () => {
    const paid = await t.call('POST', `/api/payments/order/${orderId}/offline-payment`, {
      token,
      body: { mode, reference: uniqueCode(mode), receivedOn: indianDate(t.app.orders.now()) },
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    return { invoiceNumber: paid.body.data.invoice.invoiceNumber as string, total: paid.body.data.total as number };
  });
}

/** Refunds `amount` paise of a paid offline order by UPI ('rest' for all that remains). */
export async function refundOrder(t: TestContext, token: string, orderId: string, amount: number): Promise<void> {
  const refunded = await t.call('POST', `/api/payments/order/${orderId}/refund`, {
    token,
    body: { amount, reason: 'Moved to another city', refundMode: 'UPI', reference: uniqueCode('RFND') },
  });
  expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
}

/** Lets a PENDING order run out of time: EXPIRED, as the expiry job leaves it. */
export async function expireOrder(t: TestContext, orderId: string): Promise<void> {
  const later = new Date(Date.now() + 24 * 3_600_000);
  await at(t, later, async () => {
    expect(await t.app.orders.expire(orderId)).toBe(true);
  });
}

/** A PENDING order whose online checkout failed (as the gateway's payment.failed leaves it). */
export async function failOrder(t: TestContext, orderId: string): Promise<void> {
  await t.database.query(`UPDATE orders SET payment_status = 'FAILED' WHERE id = $1 AND payment_status = 'PENDING'`, [
    orderId,
  ]);
}
