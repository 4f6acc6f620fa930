/** The coupons' queries: lists (by filter), each coupon's history, the tester's answers. */
export const couponKeys = {
  all: ['coupons'] as const,
  lists: ['coupons', 'list'] as const,
  history: (couponId: string) => ['coupons', 'history', couponId] as const,
};
