// What other modules may use of the delivery module; lint refuses an import deeper than this file.
import type { Db } from '../../db/client';
import { cancelUndispatchedOfOrder, createPackagesForPaidOrders, packagesOfOrder } from './delivery.repository';

/**
 * Makes the delivery packages of a paid order (one per printed-material add-on, PENDING, to the
 * student's preferred address) inside the payment's transaction; making them again makes none twice.
 */
export function makePackagesOfPaidOrder(tx: Db, orderId: string): Promise<number> {
  return createPackagesForPaidOrders(tx, orderId);
}

/** A full refund: the order's packages not yet dispatched are cancelled in the refund's transaction. */
export function cancelPackagesOfRefundedOrder(
  tx: Db,
  orderId: string,
  cancel: { by: string; description: string },
): Promise<string[]> {
  return cancelUndispatchedOfOrder(tx, orderId, cancel);
}

/** The delivery packages of an order, for its timeline. */
export { packagesOfOrder };
