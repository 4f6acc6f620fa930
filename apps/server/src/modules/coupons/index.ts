// What other modules may use of the coupons module; lint refuses an import deeper than this file.
import type { Db } from '../../db/client';
import { CouponsRepository } from './coupons.repository';
import { RedemptionsService } from './redemptions.service';

/** The coupons others read: those usable today (store listings offer them). */
export type CouponsReader = Pick<CouponsRepository, 'usableCoupons'>;

export function couponsReader(db: Db): CouponsReader {
  return new CouponsRepository(db);
}

/**
 * A coupon's uses by orders, inside the order's transaction: reserved when the order is placed,
 * confirmed when it is paid, released when it fails or expires, given back when it is refunded in full.
 */
export type CouponUses = Pick<RedemptionsService, 'reserve' | 'confirm' | 'release' | 'giveBack'>;

export function couponUses(db: Db, now?: () => Date): CouponUses {
  return new RedemptionsService(db, new CouponsRepository(db), now);
}
