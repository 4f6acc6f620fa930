import { screen, waitFor, within } from '@testing-library/react';
import { paise } from '@lectern/contract';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_EMPTY_MESSAGE, DEFAULT_EMPTY_SEARCH_MESSAGE } from './data-table';
import { bodyRows, columnTexts, countLines, people, personConfig, renderTable, type Person } from './test-utils';

/** The text of the table body, e.g. its empty message. */
function bodyText() {
  return screen.getByRole('table').querySelector('tbody')?.textContent;
}

/** What the selection bar reads, e.g. '2 selected'. */
function selectedCount() {
  return within(screen.getByRole('toolbar', { name: 'Selected rows' })).getByRole('status').textContent;
}

describe('DataTable: count line and paging', () => {
  it("reads '25 records found' and 'page 1 of 3' with 10 rows per page by default", () => {
    const { container } = renderTable({ config: personConfig(), rows: people(25) });
    expect(countLines()).toEqual(['25 records found · page 1 of 3']);
    expect(bodyRows(container)).toHaveLength(10);
    expect(columnTexts(container, 0)[0]).toBe('Person 001');
  });

  it("reads '1 record found' for a single row (spec 1's count line, in the right number)", () => {
    renderTable({ config: personConfig(), rows: people(1) });
    expect(countLines()).toEqual(['1 record found · page 1 of 1']);
  });

  it('groups the record count the Indian way', () => {
    renderTable({ config: personConfig(), rows: people(123456) });
    expect(countLines()).toEqual(['1,23,456 records found · page 1 of 12346']);
  });

  it('goes to the next page and shows page 2 of 3', async () => {
    const { container, user } = renderTable({ config: personConfig(), rows: people(25) });
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(countLines()).toEqual(['25 records found · page 2 of 3']));
    expect(columnTexts(container, 0)[0]).toBe('Person 011');
  });

  it('changes rows per page and goes back to the first page', async () => {
    const { container, user } = renderTable({ config: personConfig(), rows: people(60) }, '/list?page=2');
    expect(countLines()).toEqual(['60 records found · page 2 of 6']);
    await user.click(screen.getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: '25' }));
    await waitFor(() => expect(countLines()).toEqual(['60 records found · page 1 of 3']));
    expect(bodyRows(container)).toHaveLength(25);
  });

  it('uses the configured default rows per page', () => {
    const { container } = renderTable({
      config: personConfig({ pagination: { defaultRowsPerPage: 25 } }),
      rows: people(30),
    });
    expect(bodyRows(container)).toHaveLength(25);
    expect(countLines()).toEqual(['30 records found · page 1 of 2']);
  });

  it('shows every row and no pager without pagination', () => {
    const { container } = renderTable({
      config: personConfig({ pagination: { usePagination: false } }),
      rows: people(40),
    });
    expect(bodyRows(container)).toHaveLength(40);
    expect(countLines()).toEqual(['40 records found · page 1 of 1']);
    expect(screen.queryByRole('button', { name: 'Go to next page' })).toBeNull();
  });

  it('in server mode shows the rows as given, counts totalCount and reports page changes', async () => {
    const onPageChange = vi.fn();
    const onRowsPerPageChange = vi.fn();
    const pageRows = people(30).slice(10, 20);
    const { container, user } = renderTable({
      config: personConfig(),
      rows: pageRows,
      server: { totalCount: 95, page: 1, rowsPerPage: 10, onPageChange, onRowsPerPageChange },
    });
    expect(countLines()).toEqual(['95 records found · page 2 of 10']);
    expect(columnTexts(container, 0)).toEqual(pageRows.map((p) => p.name));

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
    await user.click(screen.getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: '50' }));
    expect(onRowsPerPageChange).toHaveBeenCalledWith(50);
  });

  it('in server mode does not slice, search or sort the rows itself', async () => {
    const onSearchChange = vi.fn();
    const onSortChange = vi.fn();
    const rows = people(25);
    const { container, user } = renderTable({
      config: personConfig(),
      rows,
      server: {
        totalCount: 25,
        page: 0,
        rowsPerPage: 10,
        onPageChange: vi.fn(),
        onRowsPerPageChange: vi.fn(),
        onSearchChange,
        onSortChange,
      },
    });
    expect(bodyRows(container)).toHaveLength(25);
    await user.type(screen.getByRole('searchbox', { name: 'Search People' }), 'zz');
    expect(onSearchChange).toHaveBeenLastCalledWith('zz');
    expect(bodyRows(container)).toHaveLength(25);
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(onSortChange).toHaveBeenLastCalledWith({ id: 'name', desc: false });
    expect(columnTexts(container, 0)[0]).toBe('Person 001');
  });
});

describe('DataTable: search and empty messages', () => {
  const rows: Person[] = [
    { ...people(1)[0]!, id: 'a', name: 'Asha Verma', email: 'asha@lectern.test', city: 'Mumbai' },
    { ...people(1)[0]!, id: 'b', name: 'Ravi Kumar', email: 'ravi@lectern.test', city: 'Asha Nagar' },
    { ...people(1)[0]!, id: 'c', name: 'Meena Iyer', email: 'MEENA.ASHA@lectern.test', city: 'Delhi' },
  ];

  it('filters by the searchTextMap fields only, case-insensitively', async () => {
    const { container, user } = renderTable({ config: personConfig(), rows });
    await user.type(screen.getByRole('searchbox', { name: 'Search People' }), 'ASHA');
    await waitFor(() => expect(columnTexts(container, 0)).toEqual(['Asha Verma', 'Meena Iyer']));
    // 'Asha Nagar' is a city, which the search does not cover
    expect(countLines()).toEqual(['2 records found · page 1 of 1']);
  });

  it('shows the empty-search message when nothing matches, and the empty-table message when there are no rows', async () => {
    const { user, unmount } = renderTable({ config: personConfig(), rows });
    await user.type(screen.getByRole('searchbox', { name: 'Search People' }), 'nobody');
    await waitFor(() => expect(bodyText()).toBe(DEFAULT_EMPTY_SEARCH_MESSAGE));
    expect(screen.queryByText(DEFAULT_EMPTY_MESSAGE)).toBeNull();
    unmount();

    renderTable({ config: personConfig(), rows: [] });
    expect(bodyText()).toBe(DEFAULT_EMPTY_MESSAGE);
    expect(screen.queryByText(DEFAULT_EMPTY_SEARCH_MESSAGE)).toBeNull();
    expect(countLines()).toEqual(['0 records found · page 1 of 1']);
  });

  it('uses the configured empty messages', async () => {
    const config = personConfig({ emptyMessages: { empty: 'No people yet.', emptySearch: 'Nobody by that name.' } });
    const { user, unmount } = renderTable({ config, rows });
    await user.type(screen.getByRole('searchbox', { name: 'Search People' }), 'xyz');
    await waitFor(() => expect(bodyText()).toBe('Nobody by that name.'));
    unmount();
    renderTable({ config, rows: [] });
    expect(bodyText()).toBe('No people yet.');
  });

  it('has no search box without searchTextMap', () => {
    renderTable({ config: personConfig({ searchTextMap: undefined }), rows });
    expect(screen.queryByRole('searchbox')).toBeNull();
  });

  it('searches with an accessor function', async () => {
    const { container, user } = renderTable({
      config: personConfig({ searchTextMap: [(row) => row.city] }),
      rows,
    });
    await user.type(screen.getByRole('searchbox'), 'nagar');
    await waitFor(() => expect(columnTexts(container, 0)).toEqual(['Ravi Kumar']));
  });
});

describe('DataTable: selection', () => {
  it('select-all is indeterminate after one row, then selects every row on the page', async () => {
    const onSelectionChange = vi.fn();
    const { user } = renderTable({
      config: personConfig({ rowOptions: { selectable: true } }),
      rows: people(3),
      onSelectionChange,
    });
    const all = screen.getByRole('checkbox', { name: 'Select all rows' }) as HTMLInputElement;
    const rowBoxes = screen.getAllByRole('checkbox', { name: 'Select row' }) as HTMLInputElement[];
    expect(rowBoxes).toHaveLength(3);
    expect(all.checked).toBe(false);

    await user.click(rowBoxes[1]!);
    expect(onSelectionChange).toHaveBeenLastCalledWith(['p-2'], [expect.objectContaining({ id: 'p-2' })]);
    expect(all.getAttribute('data-indeterminate')).toBe('true');
    expect(all.checked).toBe(false);

    await user.click(all);
    expect(onSelectionChange).toHaveBeenLastCalledWith(['p-2', 'p-1', 'p-3'], expect.any(Array));
    expect(all.checked).toBe(true);
    expect(all.getAttribute('data-indeterminate')).toBe('false');
    expect(rowBoxes.every((box) => box.checked)).toBe(true);

    await user.click(all);
    expect(onSelectionChange).toHaveBeenLastCalledWith([], []);
    expect(rowBoxes.some((box) => box.checked)).toBe(false);
  });

  it('does not select rows that are not selectable', async () => {
    const onSelectionChange = vi.fn();
    const { user } = renderTable({
      config: personConfig({ rowOptions: { selectable: true, isRowSelectable: (row) => row.id !== 'p-2' } }),
      rows: people(3),
      onSelectionChange,
    });
    const rowBoxes = screen.getAllByRole('checkbox', { name: 'Select row' }) as HTMLInputElement[];
    expect(rowBoxes[1]!.disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith(['p-1', 'p-3'], expect.any(Array));
  });

  it('in radio mode keeps a single selection', async () => {
    const onSelectionChange = vi.fn();
    const { user } = renderTable({
      config: personConfig({ checkBoxAsRadio: true }),
      rows: people(3),
      onSelectionChange,
    });
    expect(screen.queryByRole('checkbox', { name: 'Select all rows' })).toBeNull();
    const radios = screen.getAllByRole('radio', { name: 'Select row' }) as HTMLInputElement[];
    await user.click(radios[0]!);
    await user.click(radios[2]!);
    expect(onSelectionChange).toHaveBeenLastCalledWith(['p-3'], [expect.objectContaining({ id: 'p-3' })]);
    expect(radios.map((radio) => radio.checked)).toEqual([false, false, true]);
    // no bulk bar without bulk actions in radio mode
    expect(screen.queryByText('1 selected')).toBeNull();
  });

  it("shows 'N selected' with Delete, which reports the selected ids", async () => {
    const onDelete = vi.fn();
    const { user } = renderTable({
      config: personConfig({ rowOptions: { selectable: true } }),
      rows: people(5),
      onDelete,
    });
    expect(screen.queryByRole('toolbar', { name: 'Selected rows' })).toBeNull();
    const rowBoxes = screen.getAllByRole('checkbox', { name: 'Select row' });
    await user.click(rowBoxes[0]!);
    await user.click(rowBoxes[3]!);
    const bar = screen.getByRole('toolbar', { name: 'Selected rows' });
    expect(within(bar).getByRole('status').textContent).toBe('2 selected');
    await user.click(within(bar).getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledWith(
      ['p-1', 'p-4'],
      [expect.objectContaining({ id: 'p-1' }), expect.objectContaining({ id: 'p-4' })],
    );

    await user.click(within(bar).getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('toolbar', { name: 'Selected rows' })).toBeNull();
  });

  it('shows custom selection actions', async () => {
    const archive = vi.fn();
    const { user } = renderTable({
      config: personConfig({ rowOptions: { selectable: true } }),
      rows: people(3),
      selectionActions: ({ ids }) => (
        <button type="button" onClick={() => archive(ids)}>
          Archive
        </button>
      ),
    });
    await user.click(screen.getAllByRole('checkbox', { name: 'Select row' })[2]!);
    expect(selectedCount()).toBe('1 selected');
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    expect(archive).toHaveBeenCalledWith(['p-3']);
  });

  it('follows a controlled selection and drops ids of rows that are gone', () => {
    renderTable({
      config: personConfig({ rowOptions: { selectable: true } }),
      rows: people(3),
      selectedIds: ['p-1', 'p-3', 'gone'],
      onDelete: vi.fn(),
    });
    expect(selectedCount()).toBe('2 selected');
    const boxes = screen.getAllByRole('checkbox', { name: 'Select row' }) as HTMLInputElement[];
    expect(boxes.map((box) => box.checked)).toEqual([true, false, true]);
  });
});

describe('DataTable: sorting', () => {
  it('sorts by a header click, ascending then descending then back to the given order', async () => {
    const rows = people(4).map((p, i) => ({ ...p, city: ['Pune', 'Agra', 'Delhi', 'Bhopal'][i]! }));
    const { container, user, params } = renderTable({ config: personConfig(), rows });
    const header = screen.getByRole('button', { name: 'City' });

    await user.click(header);
    await waitFor(() => expect(columnTexts(container, 2)).toEqual(['Agra', 'Bhopal', 'Delhi', 'Pune']));
    expect(params().get('sort')).toBe('city');
    expect(screen.getByRole('columnheader', { name: /City/ }).getAttribute('aria-sort')).toBe('ascending');

    await user.click(screen.getByRole('button', { name: /City/ }));
    await waitFor(() => expect(columnTexts(container, 2)).toEqual(['Pune', 'Delhi', 'Bhopal', 'Agra']));
    expect(params().get('order')).toBe('desc');

    await user.click(screen.getByRole('button', { name: /City/ }));
    await waitFor(() => expect(columnTexts(container, 2)).toEqual(['Pune', 'Agra', 'Delhi', 'Bhopal']));
    expect(params().has('sort')).toBe(false);
  });

  it('sorts amounts as numbers with blanks last in both directions', async () => {
    const rows = people(4).map((p, i) => ({
      ...p,
      amount: [90_000, null, 1_000_000, 2_500].map((n) => (n === null ? null : paise(n)))[i] ?? null,
    }));
    const { container, user } = renderTable({ config: personConfig(), rows });
    await user.click(screen.getByRole('button', { name: 'Amount' }));
    await waitFor(() => expect(columnTexts(container, 3)).toEqual(['Rs. 25', 'Rs. 900', 'Rs. 10,000', 'NA']));
    await user.click(screen.getByRole('button', { name: /Amount/ }));
    await waitFor(() => expect(columnTexts(container, 3)).toEqual(['Rs. 10,000', 'Rs. 900', 'Rs. 25', 'NA']));
  });

  it('does not offer sorting on a column that is not sortable', () => {
    renderTable({ config: personConfig(), rows: people(2) });
    expect(screen.queryByRole('button', { name: 'E-mail' })).toBeNull();
  });
});

describe('DataTable: loading, error, title button, semantics', () => {
  it('shows skeleton rows and no count while loading', () => {
    renderTable({ config: personConfig(), rows: [], loading: true });
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(10);
    expect(screen.queryByText(/records found/)).toBeNull();
    expect(screen.queryByText(DEFAULT_EMPTY_MESSAGE)).toBeNull();
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
  });

  it('shows the error slot instead of the body', () => {
    renderTable({ config: personConfig(), rows: people(3), error: <p role="alert">Could not load people.</p> });
    expect(screen.getByRole('alert').textContent).toBe('Could not load people.');
    expect(screen.queryByText('Person 001')).toBeNull();
  });

  it('renders the title button and calls it', async () => {
    const onClick = vi.fn();
    const { user } = renderTable({ config: personConfig({ titleButton: { label: 'Add person', onClick } }), rows: [] });
    await user.click(screen.getByRole('button', { name: 'Add person' }));
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('is a real table named by its title, inside a sideways scroll container', () => {
    renderTable({ config: personConfig(), rows: people(2) });
    const table = screen.getByRole('table', { name: 'People' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'E-mail', 'City', 'Amount']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    const scroller = screen.getByTestId('data-table-scroll');
    expect(getComputedStyle(scroller).overflowX).toBe('auto');
    expect(getComputedStyle(table).minWidth).toBe('640px');
  });
});
