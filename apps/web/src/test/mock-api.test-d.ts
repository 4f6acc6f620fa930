// Type tests of the fake server's handlers (compiled by `npm run typecheck`, tsc -b, never executed): a
// key that is no route of the contract, or an answer of the wrong shape, fails the type check instead
// of mocking a call the console never makes.
import { describe, expectTypeOf, it } from 'vitest';
import type { couponsContract, Coupon, UpdateCouponBody } from '@lectern/contract';
import { answer, mockApi, type MockHandlers, type MockRequest, type RouteKey, type RouteOf } from './mock-api';

declare const coupon: Coupon;

describe('mockApi handler types', () => {
  it('matches concrete paths to the contract’s routes, parameters included', () => {
    expectTypeOf<RouteOf<'GET /publisher/coupon/couponid/c-1'>>().toEqualTypeOf<typeof couponsContract.one>();
    expectTypeOf<'PUT /publisher/coupon'>().toExtend<RouteKey>();
    expectTypeOf<'GET /publisher/coupon/couponid/c-1'>().toExtend<RouteKey>();
    expectTypeOf<'GET /publisher/coupons/c-1'>().not.toExtend<RouteKey>();
    // the method is part of the key
    expectTypeOf<'DELETE /publisher/coupon'>().not.toExtend<RouteKey>();
  });

  it('refuses a path that is no route', () => {
    void mockApi({
      'GET /publisher/coupon/couponid/c-1': { body: { data: coupon } },
      // @ts-expect-error no route answers /coupons/c-1 (the path lives under /publisher/coupon)
      'GET /coupons/c-1': { body: { data: coupon } },
    });
    // @ts-expect-error the find helper takes the contract's keys too
    void mockApi().then((api) => api.find('GET /coupons'));
    // @ts-expect-error a key built at run time is checked as well
    void answer(`GET /coupons/${coupon.couponId}`, { body: { data: coupon } });
  });

  it('types a success by the route’s output and a failure by the error envelope', () => {
    void mockApi({
      'GET /publisher/coupon/couponid/c-1': { body: { data: coupon, message: 'ok' } },
      'PUT /publisher/coupon/expire/c-1': { status: 409, body: { error: true, message: 'Stale.', errorCode: 'STALE' } },
    });
    void mockApi({
      // @ts-expect-error the data of one coupon is a coupon, not a list
      'GET /publisher/coupon/couponid/c-1': { body: { data: [coupon] } },
    });
    void mockApi({
      // @ts-expect-error the envelope's data is missing
      'GET /publisher/coupon/couponid/c-1': { body: coupon },
    });
    void mockApi({
      // @ts-expect-error a failure answers the error envelope, not data
      'PUT /publisher/coupon/expire/c-1': { status: 409, body: { data: coupon } },
    });
    void mockApi({
      // @ts-expect-error a success status does not carry the error envelope
      'PUT /publisher/coupon/expire/c-1': { body: { error: true, message: 'No.' } },
    });
    void mockApi({
      // @ts-expect-error a function's answer is checked the same way
      'PUT /publisher/coupon': () => ({ body: { data: { couponName: 'DIWALI500' } } }),
    });
  });

  it('types the request body of a function handler and of find', async () => {
    void mockApi({
      'PUT /publisher/coupon': (request) => {
        expectTypeOf(request).toEqualTypeOf<MockRequest<UpdateCouponBody>>();
        // @ts-expect-error the body has no such field
        void request.body.couponCode;
        return { body: { data: { ...coupon, version: request.body.version + 1 } } };
      },
    });
    const api = await mockApi();
    expectTypeOf(api.find('PUT /publisher/coupon')[0]!.body).toEqualTypeOf<UpdateCouponBody>();
  });

  it('checks the handlers a setup helper passes on', () => {
    function setup<K extends RouteKey = never>(handlers: MockHandlers<K> = {}) {
      return mockApi({ 'GET /publisher/coupon/user': { body: { data: [coupon] } }, ...handlers });
    }
    void setup({ 'GET /publisher/coupon/couponid/c-1': { body: { data: coupon } } });
    // @ts-expect-error a wrong path through the helper fails too
    void setup({ 'GET /publisher/coupon/id/c-1': { body: { data: coupon } } });
    // @ts-expect-error and so does a wrong shape
    void setup({ 'GET /publisher/coupon/couponid/c-1': { body: { data: 'c-1' } } });
  });
});
