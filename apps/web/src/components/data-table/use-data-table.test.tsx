import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { people, personConfig, type Person } from './test-utils';
import type { DataTableProps } from './types';
import { useDataTable } from './use-data-table';
import { useVirtualRows } from './use-virtual-rows';

function inRouter({ children }: { children: ReactNode }) {
  return <MemoryRouter initialEntries={['/list']}>{children}</MemoryRouter>;
}

describe('useDataTable (the controller without the view)', () => {
  const rows = people(25);
  const config = personConfig({ rowOptions: { selectable: true } });

  it('gives the page, the count and the paging of the rows', () => {
    const { result } = renderHook(() => useDataTable<Person>({ config, rows }), { wrapper: inRouter });
    expect(result.current.rows.map((row) => row.id)).toEqual(rows.slice(0, 10).map((row) => row.id));
    expect(result.current.paging).toMatchObject({ enabled: true, page: 0, pages: 3, rowsPerPage: 10, total: 25 });
    expect(result.current.emptyMessage).toBe('No records yet.');
  });

  it('keeps the page rows (and so the row keys) the same object across renders with the same input', () => {
    // New page rows on every render gave the virtualiser new row keys, and it re-measured every row.
    const { result, rerender } = renderHook((props: DataTableProps<Person>) => useDataTable(props), {
      wrapper: inRouter,
      initialProps: { config, rows },
    });
    const first = result.current.rows;
    rerender({ config, rows });
    expect(result.current.rows).toBe(first);
  });

  it('sorts by a header click and selects the whole page', () => {
    const { result } = renderHook(() => useDataTable<Person>({ config, rows }), { wrapper: inRouter });
    act(() => result.current.onSortClick('name'));
    expect(result.current.sort).toEqual({ id: 'name', desc: false });
    act(() => result.current.onSortClick('name'));
    expect(result.current.sort).toEqual({ id: 'name', desc: true });
    expect(result.current.rows[0]?.name).toBe('Person 025');
    act(() => result.current.selection.toggleAll());
    expect(result.current.selection.current.ids).toEqual(
      rows
        .slice(15)
        .map((row) => row.id)
        .reverse(),
    );
    expect(result.current.selection.allOnPage).toBe(true);
  });
});

describe('useVirtualRows', () => {
  const rows = people(1000);
  const getId = (row: Person) => row.id;

  it('virtualises above the threshold only, and only while rows are shown', () => {
    const options = { config: undefined, pageRows: rows, getId, dense: false, showingRows: true };
    expect(renderHook(() => useVirtualRows(options)).result.current.enabled).toBe(true);
    expect(renderHook(() => useVirtualRows({ ...options, showingRows: false })).result.current.enabled).toBe(false);
    expect(renderHook(() => useVirtualRows({ ...options, pageRows: rows.slice(0, 100) })).result.current.enabled).toBe(
      false,
    );
  });

  it('does not recompute the row positions when it renders again with the same rows', () => {
    const { result, rerender } = renderHook(
      (pageRows: readonly Person[]) =>
        useVirtualRows({ config: undefined, pageRows, getId, dense: false, showingRows: true }),
      { initialProps: rows },
    );
    const items = result.current.items;
    expect(items.length).toBeGreaterThan(0);
    rerender(rows);
    expect(result.current.items).toBe(items);
    // new rows do give new positions
    rerender(rows.slice(0, 500));
    expect(result.current.items).not.toBe(items);
  });
});
