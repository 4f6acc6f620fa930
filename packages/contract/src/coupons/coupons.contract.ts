import { z } from 'zod';
import { route } from '../route';
import {
  CouponHistoryEntrySchema,
  CouponIdParamSchema,
  CouponListQuerySchema,
  CouponSchema,
  CouponTestQuerySchema,
  CouponTestResultSchema,
  CreateCouponBodySchema,
  UpdateCouponBodySchema,
} from './coupons.schemas';

// Spec 2 §7 "Coupons" at DESIGN §9's verbs, plus the tester and the history (ours): SUPER_ADMIN and
// FINANCE (the commerce area).
export const couponsContract = {
  list: route({
    method: 'GET',
    path: '/publisher/coupon/user',
    summary: 'The coupon list with status tags and uses (filter by status tag, type, listing, student; search by name)',
    access: { kind: 'session', area: 'commerce' },
    query: CouponListQuerySchema,
    response: z.array(CouponSchema),
  }),
  create: route({
    method: 'POST',
    path: '/publisher/coupon',
    summary: 'Add a coupon (students named by mobile number must exist; nothing is written otherwise)',
    access: { kind: 'session', area: 'commerce' },
    body: CreateCouponBodySchema,
    response: CouponSchema,
  }),
  update: route({
    method: 'PUT',
    path: '/publisher/coupon',
    summary:
      'Save the whole coupon at the version the editor saw; the change is kept in its history. Not for an expired coupon',
    access: { kind: 'session', area: 'commerce' },
    body: UpdateCouponBodySchema,
    response: CouponSchema,
  }),
  one: route({
    method: 'GET',
    path: '/publisher/coupon/couponid/{id}',
    summary: 'One coupon with every field',
    access: { kind: 'session', area: 'commerce' },
    params: CouponIdParamSchema,
    response: CouponSchema,
  }),
  expire: route({
    method: 'PUT',
    path: '/publisher/coupon/expire/{id}',
    summary: 'Expire a coupon now: it can no longer be used or edited (uses already made stay)',
    access: { kind: 'session', area: 'commerce' },
    params: CouponIdParamSchema,
    response: CouponSchema,
  }),
  test: route({
    method: 'GET',
    path: '/publisher/coupon/test/{id}',
    summary:
      'The coupon tester: does the coupon apply to this store listing for this student (by mobile number)? The price before and after each plan, and every reason it does not',
    access: { kind: 'session', area: 'commerce' },
    params: CouponIdParamSchema,
    query: CouponTestQuerySchema,
    response: CouponTestResultSchema,
  }),
  history: route({
    method: 'GET',
    path: '/publisher/coupon/history/{id}',
    summary: "A coupon's changes, newest first: who, when, and each field before and after",
    access: { kind: 'session', area: 'commerce' },
    params: CouponIdParamSchema,
    response: z.array(CouponHistoryEntrySchema),
  }),
};
