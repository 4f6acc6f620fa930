// What other modules may use of the delivery module; lint refuses an import deeper than this file.
import type { Db } from '../../db/client';
import { createPackagesForPaidOrders } from './delivery.repository';

/**
 * Makes the delivery packages of a paid order (one per printed-material add-on, PENDING, to the
 * student's preferred address) inside the payment's transaction; making them again makes none twice.
 */
export function makePackagesOfPaidOrder(tx: Db, orderId: string): Promise<number> {
  return createPackagesForPaidOrders(tx, orderId);
}
