import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DataTable } from './data-table';
import { columnTexts, countLines, people, personConfig, renderTable } from './test-utils';
import { tableParamNames, useTableUrlState } from './use-table-url-state';

describe('DataTable: state in the URL', () => {
  it('writes page, search and sort to the query string', async () => {
    const { user, params } = renderTable({ config: personConfig(), rows: people(45) });

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(params().get('page')).toBe('2'));

    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(params().get('sort')).toBe('name'));
    // a new sort starts again at the first page
    expect(params().has('page')).toBe(false);

    await user.type(screen.getByRole('searchbox', { name: 'Search People' }), 'Person 01');
    await waitFor(() => expect(params().get('q')).toBe('Person 01'));
    await waitFor(() => expect(countLines()).toEqual(['10 records found · page 1 of 1']));

    await user.clear(screen.getByRole('searchbox', { name: 'Search People' }));
    await waitFor(() => expect(params().has('q')).toBe(false));
  });

  it('honours an initial ?page=2&q=x', () => {
    const rows = people(30).map((p, i) => ({ ...p, name: i % 2 === 0 ? `Xavier ${i}` : `Yamini ${i}` }));
    const { container } = renderTable({ config: personConfig(), rows }, '/list?page=2&q=x');
    expect((screen.getByRole('searchbox', { name: 'Search People' }) as HTMLInputElement).value).toBe('x');
    expect(countLines()).toEqual(['15 records found · page 2 of 2']);
    expect(columnTexts(container, 0)).toEqual(['Xavier 20', 'Xavier 22', 'Xavier 24', 'Xavier 26', 'Xavier 28']);
  });

  it('honours an initial sort and rows per page, and ignores sizes that are not offered', () => {
    const { container, unmount } = renderTable(
      { config: personConfig(), rows: people(30) },
      '/list?sort=name&order=desc&size=25',
    );
    expect(columnTexts(container, 0)[0]).toBe('Person 030');
    expect(countLines()).toEqual(['30 records found · page 1 of 2']);
    unmount();

    const second = renderTable({ config: personConfig(), rows: people(30) }, '/list?size=7&page=abc');
    expect(countLines()).toEqual(['30 records found · page 1 of 3']);
    expect(columnTexts(second.container, 0)).toHaveLength(10);
  });

  it('shows the last page when the URL asks for a page past the end', () => {
    const { container } = renderTable({ config: personConfig(), rows: people(12) }, '/list?page=9');
    expect(countLines()).toEqual(['12 records found · page 2 of 2']);
    expect(columnTexts(container, 0)).toEqual(['Person 011', 'Person 012']);
  });

  it('keeps two tables on one page apart with urlKey', async () => {
    const router = createMemoryRouter(
      [
        {
          path: '/list',
          element: (
            <>
              <DataTable config={personConfig({ title: 'Admins' })} rows={people(25)} urlKey="admins" />
              <DataTable config={personConfig({ title: 'Uploaders' })} rows={people(25)} urlKey="uploaders" />
            </>
          ),
        },
      ],
      { initialEntries: ['/list?uploaders.page=3'] },
    );
    const user = userEvent.setup();
    render(<RouterProvider router={router} />);
    expect(countLines()).toEqual(['25 records found · page 1 of 3', '25 records found · page 3 of 3']);

    await user.type(screen.getByRole('searchbox', { name: 'Search Admins' }), 'Person 02');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('admins.q')).toBe('Person 02'));
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('uploaders.page')).toBe('3');
    expect(search.has('q')).toBe(false);
    expect(countLines()).toEqual(['6 records found · page 1 of 1', '25 records found · page 3 of 3']);
  });

  it('takes the URL search into the box on Back', async () => {
    const { user, router } = renderTable({ config: personConfig(), rows: people(25) }, '/list');
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await act(() => router.navigate('/list?q=Person%20005'));
    const box = screen.getByRole('searchbox', { name: 'Search People' }) as HTMLInputElement;
    await waitFor(() => expect(box.value).toBe('Person 005'));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(box.value).toBe(''));
    expect(countLines()).toEqual(['25 records found · page 2 of 3']);
  });

  it('with syncUrl off keeps the state out of the URL', async () => {
    const { user, params } = renderTable({ config: personConfig(), rows: people(25), syncUrl: false });
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(countLines()).toEqual(['25 records found · page 2 of 3']));
    expect(params().toString()).toBe('');
  });
});

describe('useTableUrlState', () => {
  it('names parameters with the urlKey prefix', () => {
    expect(tableParamNames()).toEqual({ page: 'page', size: 'size', search: 'q', sort: 'sort', order: 'order' });
    expect(tableParamNames('users').page).toBe('users.page');
  });

  it('reads 0-based page, rows per page, search and sort for a server-paged caller', () => {
    let state: ReturnType<typeof useTableUrlState> | undefined;
    function Probe() {
      state = useTableUrlState({ urlKey: 'v' });
      return null;
    }
    const router = createMemoryRouter([{ path: '/', element: <Probe /> }], {
      initialEntries: ['/?v.page=3&v.size=50&v.q=abc&v.sort=name&v.order=desc&other=1'],
    });
    render(<RouterProvider router={router} />);
    expect(state).toMatchObject({ page: 2, rowsPerPage: 50, search: 'abc', sort: { id: 'name', desc: true } });

    act(() => state?.setPage(0));
    const search = new URLSearchParams(router.state.location.search);
    expect(search.has('v.page')).toBe(false);
    expect(search.get('other')).toBe('1');
  });
});
