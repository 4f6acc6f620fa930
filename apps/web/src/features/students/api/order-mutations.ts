import { paymentsContract, type CreateOrderBody, type OfflinePaymentBody, type RefundBody } from '@lectern/contract';
import { useRouteMutation } from '../../../lib/controllers/use-route-mutation';
import { queryKeys } from '../../../lib/query-keys';

// A payment or refund changes the student's orders, subscriptions and packages: all are read again.
const REFRESHED = [queryKeys.students, queryKeys.deliveryLists] as const;

/**
 * POST /payments/order/create: an order for the student on a listing's plan, add-ons and coupon. The
 * dialog shows the server's message and any refusal itself, so no snackbar repeats them.
 */
export function useCreateOrder() {
  return useRouteMutation(paymentsContract.createOrder, {
    toInput: (body: CreateOrderBody) => ({ body }),
    invalidate: REFRESHED,
    meta: { silentError: true },
  });
}

/** POST /payments/order/{orderId}/offline-payment: money received by staff; the same receipt again changes nothing. */
export function useRecordPayment() {
  return useRouteMutation(paymentsContract.offlinePayment, {
    toInput: (input: { orderId: string; body: OfflinePaymentBody }) => ({
      params: { orderId: input.orderId },
      body: input.body,
    }),
    invalidate: REFRESHED,
    meta: { silentError: true },
  });
}

/** POST /payments/order/{orderId}/refund: a credit note; the body's requestId makes a repeated call one refund. */
export function useRefundOrder() {
  return useRouteMutation(paymentsContract.refund, {
    toInput: (input: { orderId: string; body: RefundBody }) => ({
      params: { orderId: input.orderId },
      body: input.body,
    }),
    invalidate: REFRESHED,
    meta: { silentError: true },
  });
}
