import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { couponsContract } from '@lectern/contract';
import { useListController, type ListControllerOptions } from './use-list-controller';
import type { FilterSchema } from './list-params';

// the route's own query schema, with fields the page narrows by itself
const COUPON_FILTERS = couponsContract.list.query.pick({ type: true }).extend({
  status: z.enum(['ACTIVE', 'SCHEDULED', 'EXPIRED']).optional(),
  featured: z.enum(['true', 'false']).optional(),
  endsBy: z.iso.date().optional(),
});

const TABBED = z
  .object({
    tab: z.enum(['pending', 'processed']).default('pending'),
    size: z.coerce.number().int().min(1).max(50).optional(),
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
  })
  .refine((v) => (v.from === undefined) === (v.to === undefined), { path: ['from'] });

function setup<S extends FilterSchema, C extends string = never>(
  url: string,
  options: ListControllerOptions<S, C & keyof z.output<S> & string>,
) {
  let router!: ReturnType<typeof createMemoryRouter>;
  const wrapper = ({ children }: { children: ReactNode }) => {
    router ??= createMemoryRouter([{ path: '/list', element: children }], { initialEntries: [url] });
    return <RouterProvider router={router} />;
  };
  const hook = renderHook(() => useListController(options), { wrapper });
  const params = () => new URLSearchParams(router.state.location.search);
  return { ...hook, params, router };
}

describe('useListController', () => {
  it('parses the filters of a link, typed by the schema, under the list prefix', () => {
    const { result } = setup('/list?coupons.status=ACTIVE&coupons.type=FLAT&coupons.endsBy=2026-12-01', {
      schema: COUPON_FILTERS,
      urlKey: 'coupons',
      clientOnly: ['featured', 'endsBy'],
    });
    expect(result.current.filters).toEqual({ status: 'ACTIVE', type: 'FLAT', endsBy: '2026-12-01' });
    expect(result.current.filtered).toBe(true);
    // the server is asked only what it filters by
    expect(result.current.query).toEqual({ status: 'ACTIVE', type: 'FLAT' });
    expect(result.current.table.urlKey).toBe('coupons');
  });

  it('reads a bad value as the default and never throws', () => {
    const { result } = setup(
      '/list?coupons.status=DELETED&coupons.type=&coupons.endsBy=tomorrow&coupons.featured=yes',
      {
        schema: COUPON_FILTERS,
        urlKey: 'coupons',
      },
    );
    expect(result.current.filters).toEqual({});
    expect(result.current.filtered).toBe(false);

    const tabbed = setup('/list?tab=archived&size=5000', { schema: TABBED });
    expect(tabbed.result.current.filters).toEqual({ tab: 'pending' });
  });

  it('coerces numbers and drops fields a refinement of the whole refuses', () => {
    const { result } = setup('/list?tab=processed&size=25&from=2026-11-01', { schema: TABBED });
    expect(result.current.filters).toEqual({ tab: 'processed', size: 25 });
    const both = setup('/list?from=2026-11-01&to=2026-11-05', { schema: TABBED });
    expect(both.result.current.filters).toEqual({ tab: 'pending', from: '2026-11-01', to: '2026-11-05' });
  });

  it('runs a transform once: a comma list reads as an array', async () => {
    const schema = z.object({
      roles: z
        .string()
        .transform((text) => text.split(',').filter((part) => part === 'A' || part === 'B'))
        .pipe(z.array(z.enum(['A', 'B'])).min(1))
        .optional(),
    });
    const { result, params } = setup('/list?u.roles=A,X', { schema, urlKey: 'u' });
    expect(result.current.filters).toEqual({ roles: ['A'] });
    await act(async () => result.current.setFilters({ roles: ['A', 'B'].join(',') }));
    expect(params().get('u.roles')).toBe('A,B');
    expect(result.current.filters).toEqual({ roles: ['A', 'B'] });
    const none = setup('/list?u.roles=X', { schema, urlKey: 'u' });
    expect(none.result.current.filters).toEqual({});
  });

  it('writes a filter under its prefix, clears empty ones and returns to the first page', async () => {
    const { result, params } = setup('/list?coupons.page=3&coupons.sort=name&other=1', {
      schema: COUPON_FILTERS,
      urlKey: 'coupons',
    });
    await act(async () => result.current.setFilters({ status: 'EXPIRED', featured: 'true' }));
    expect(params().get('coupons.status')).toBe('EXPIRED');
    expect(params().get('coupons.featured')).toBe('true');
    expect(params().has('coupons.page')).toBe(false);
    expect(params().get('coupons.sort')).toBe('name');
    expect(params().get('other')).toBe('1');
    expect(result.current.filters).toEqual({ status: 'EXPIRED', featured: 'true' });

    await act(async () => result.current.setFilters({ featured: null, type: 'PERCENTAGE' }));
    expect(params().has('coupons.featured')).toBe(false);
    expect(result.current.filters).toEqual({ status: 'EXPIRED', type: 'PERCENTAGE' });
  });

  it("writes a select's text for one field, and reads a text its schema refuses as the default", async () => {
    const { result, params } = setup('/list', { schema: COUPON_FILTERS, urlKey: 'coupons' });
    await act(async () => result.current.setFilter('type', 'FLAT'));
    expect(result.current.filters).toEqual({ type: 'FLAT' });
    await act(async () => result.current.setFilter('type', 'HALF'));
    expect(params().get('coupons.type')).toBe('HALF');
    expect(result.current.filters).toEqual({});
    await act(async () => result.current.setFilter('type', null));
    expect(params().has('coupons.type')).toBe(false);
  });

  it('keeps the page when a write changes nothing', async () => {
    const { result, params } = setup('/list?coupons.page=3&coupons.status=ACTIVE', {
      schema: COUPON_FILTERS,
      urlKey: 'coupons',
    });
    await act(async () => result.current.setFilters({ status: 'ACTIVE' }));
    expect(params().get('coupons.page')).toBe('3');
  });

  it('leaves a default out of the URL and clears all but the kept fields', async () => {
    const { result, params } = setup('/list?tab=processed&d.catalogue=c1&d.page=2', {
      schema: TABBED.safeExtend({ catalogueId: z.string().optional() }),
      urlKey: 'd',
      paramNames: { tab: 'tab', catalogueId: 'd.catalogue' },
      keep: ['tab'],
    });
    expect(result.current.filters).toMatchObject({ tab: 'processed', catalogueId: 'c1' });
    expect(result.current.filtered).toBe(true);
    await act(async () => result.current.clear());
    expect(params().toString()).toBe('tab=processed');
    expect(result.current.filtered).toBe(false);
    await act(async () => result.current.setFilters({ tab: 'pending' }));
    expect(params().toString()).toBe('');
  });

  it('keeps two lists on one page apart', async () => {
    const schema = z.object({ state: z.enum(['A', 'B']).optional() });
    let router!: ReturnType<typeof createMemoryRouter>;
    const wrapper = ({ children }: { children: ReactNode }) => {
      router ??= createMemoryRouter([{ path: '/list', element: children }], {
        initialEntries: ['/list?one.state=A&two.page=2'],
      });
      return <RouterProvider router={router} />;
    };
    const { result } = renderHook(
      () => ({
        one: useListController({ schema, urlKey: 'one' }),
        two: useListController({ schema, urlKey: 'two' }),
      }),
      { wrapper },
    );
    expect(result.current.one.filters).toEqual({ state: 'A' });
    expect(result.current.two.filters).toEqual({});
    await act(async () => result.current.one.setFilters({ state: 'B' }));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('one.state')).toBe('B');
    expect(params.get('two.page')).toBe('2');
    expect(result.current.two.filters).toEqual({});
  });

  it('keeps the selection when asked, and clears it when a filter changes', async () => {
    const { result } = setup('/list', { schema: COUPON_FILTERS, urlKey: 'coupons', selection: true });
    await act(async () => result.current.table.onSelectionChange?.(['a', 'b']));
    expect(result.current.table.selectedIds).toEqual(['a', 'b']);
    await act(async () => result.current.setFilters({ type: 'FLAT' }));
    expect(result.current.selection.ids).toEqual([]);
  });

  it('gives the data table its paging under the same prefix', async () => {
    const { result, params } = setup('/list?coupons.page=2&coupons.size=25', {
      schema: COUPON_FILTERS,
      urlKey: 'coupons',
    });
    expect(result.current.paging.page).toBe(1);
    expect(result.current.paging.rowsPerPage).toBe(25);
    await act(async () => result.current.paging.setPage(3));
    expect(params().get('coupons.page')).toBe('4');
  });
});
