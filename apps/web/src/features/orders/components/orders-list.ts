import { paymentsContract } from '@lectern/contract';

/** The list's URL prefix: ?orders.status=PAID&orders.from=2026-11-01&orders.to=2026-11-30&orders.search=asha. */
export const ORDERS_URL_KEY = 'orders';

const bothDays = (v: { from?: string; to?: string }) => (v.from === undefined) === (v.to === undefined);

/** The list's filters, kept in the URL: the route's own (the order's India days both or neither). */
export const ORDER_FILTERS = paymentsContract.orders.query
  .pick({ status: true, from: true, to: true, q: true, paymentMode: true, couponName: true, storeListingId: true })
  .refine(bothDays, { path: ['from'] })
  .refine(bothDays, { path: ['to'] });

/** URL names other than orders.<field>: the search is orders.search (the table keeps orders.q for its own). */
export const ORDER_PARAM_NAMES = {
  q: `${ORDERS_URL_KEY}.search`,
  paymentMode: `${ORDERS_URL_KEY}.mode`,
  couponName: `${ORDERS_URL_KEY}.coupon`,
  storeListingId: `${ORDERS_URL_KEY}.listing`,
} as const;
