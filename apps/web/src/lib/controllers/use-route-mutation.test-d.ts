// Type tests of the route mutation hooks (compiled by `npm run typecheck`, tsc -b, never executed): a
// wrong input or a wrong reading of the result fails it.
import { describe, expectTypeOf, it } from 'vitest';
import { couponsContract, filesContract, type Coupon, type UpdateCouponBody } from '@lectern/contract';
import { useRouteMutation, type RouteMutationResult } from './use-route-mutation';

describe('useRouteMutation types', () => {
  it('takes the route input as its variables and gives { data, message }', () => {
    const update = useRouteMutation(couponsContract.update);
    expectTypeOf(update.mutateAsync).parameter(0).toExtend<{ body: UpdateCouponBody }>();
    expectTypeOf<Awaited<ReturnType<typeof update.mutateAsync>>>().toEqualTypeOf<
      RouteMutationResult<typeof couponsContract.update>
    >();
    expectTypeOf<RouteMutationResult<typeof couponsContract.update>['data']>().toEqualTypeOf<Coupon>();
    expectTypeOf<RouteMutationResult<typeof couponsContract.update>['message']>().toEqualTypeOf<string | undefined>();
  });

  it('refuses a wrong body, missing params and a misspelt field', () => {
    const update = useRouteMutation(couponsContract.update);
    // @ts-expect-error the body is a coupon, not a string
    void update.mutateAsync({ body: 'DIWALI500' });
    // @ts-expect-error the body is required
    void update.mutateAsync({});
    const expire = useRouteMutation(couponsContract.expire);
    // @ts-expect-error the id is a path parameter
    void expire.mutateAsync({ body: { id: 'c1' } });
    // @ts-expect-error the parameter is `id`
    void expire.mutateAsync({ params: { couponId: 'c1' } });
    void expire.mutateAsync({ params: { id: 'c1' } });
  });

  it('takes the screen’s own variables when toInput maps them', () => {
    const expire = useRouteMutation(couponsContract.expire, { toInput: (id: string) => ({ params: { id } }) });
    expectTypeOf(expire.mutateAsync).parameter(0).toEqualTypeOf<string>();
    // @ts-expect-error toInput must give the route's input
    useRouteMutation(couponsContract.expire, { toInput: (id: string) => ({ params: { couponId: id } }) });
  });

  it('takes a route chosen by the variables, and an input that waits', () => {
    const pick = (kind: 'copy' | 'move') => (kind === 'copy' ? filesContract.copyFiles : filesContract.moveFiles);
    const transfer = useRouteMutation(pick, {
      toInput: async () => ({ body: { videoIds: ['v1'], destination: { subjectId: 's1' } } }),
    });
    expectTypeOf(transfer.mutateAsync).parameter(0).toEqualTypeOf<'copy' | 'move'>();
    // @ts-expect-error the destination is required
    useRouteMutation(pick, { toInput: () => ({ body: { videoIds: ['v1'] } }) });
  });
});
