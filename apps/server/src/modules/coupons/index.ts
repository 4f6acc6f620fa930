// What other modules may use of the coupons module; lint refuses an import deeper than this file.
import type { Db } from '../../db/client';
import { CouponsRepository } from './coupons.repository';

/** The coupons others read: those usable today (store listings offer them). */
export type CouponsReader = Pick<CouponsRepository, 'usableCoupons'>;

export function couponsReader(db: Db): CouponsReader {
  return new CouponsRepository(db);
}
