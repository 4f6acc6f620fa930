import { paise, type Money } from '@lectern/contract';
// Fixtures and a router-wrapped render for the data table's tests.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { DataTable } from './data-table';
import type { ColumnConfig, DataTableProps, TableConfig } from './types';

export interface Person {
  id: string;
  name: string;
  email: string;
  city: string;
  amount: Money | null;
  joined: string;
  status: string;
  roles: string[];
}

const CITIES = ['Pune', 'Delhi', 'Chennai', 'Kochi', 'Indore'];
const STATUSES = ['PUBLISHED', 'draft', 'IN_PROGRESS', 'failed'];

/** `count` people: p-1 'Person 001' ... with predictable fields. */
export function people(count: number): Person[] {
  return Array.from({ length: count }, (_, index) => {
    const n = index + 1;
    return {
      id: `p-${n}`,
      name: `Person ${String(n).padStart(3, '0')}`,
      email: `person${n}@lectern.test`,
      city: CITIES[index % CITIES.length] ?? 'Pune',
      amount: paise(n * 100_000),
      joined: `2025-01-${String((index % 28) + 1).padStart(2, '0')}`,
      status: STATUSES[index % STATUSES.length] ?? 'draft',
      roles: ['CONTENT_ADMIN'],
    };
  });
}

export const personColumns: ColumnConfig<Person>[] = [
  { id: 'name', title: 'Name', dataMapping: 'name', sortable: true },
  { id: 'email', title: 'E-mail', dataMapping: 'email' },
  { id: 'city', title: 'City', dataMapping: 'city', sortable: true },
  { id: 'amount', title: 'Amount', dataMapping: 'amount', elementType: 'amount', sortable: true },
];

export function personConfig(overrides: Partial<TableConfig<Person>> = {}): TableConfig<Person> {
  return {
    title: 'People',
    columns: personColumns,
    checkboxKeyMap: 'id',
    searchTextMap: ['name', 'email'],
    ...overrides,
  };
}

/** Renders a DataTable inside a memory router at `path`; `router.state.location` shows the URL. */
export function renderTable<Row>(props: DataTableProps<Row>, path = '/list') {
  const router = createMemoryRouter([{ path: '/list', element: <DataTable {...props} /> }], {
    initialEntries: [path],
  });
  const user = userEvent.setup();
  const view = render(<RouterProvider router={router} />);
  const params = () => new URLSearchParams(router.state.location.search);
  return { ...view, router, user, params };
}

/** The data rows of the table body (not the empty-message or spacer rows). */
export function bodyRows(container: HTMLElement): HTMLTableRowElement[] {
  return Array.from(container.querySelectorAll<HTMLTableRowElement>('tbody tr')).filter(
    (row) => row.getAttribute('aria-hidden') !== 'true' && row.cells.length > 1,
  );
}

/** The text of the first data cell named `columnIndex` in each body row. */
export function columnTexts(container: HTMLElement, columnIndex: number): string[] {
  return bodyRows(container).map((row) => row.cells[columnIndex]?.textContent ?? '');
}

/** What each table's count line reads, e.g. ['25 records found · page 1 of 3']. */
export function countLines(): string[] {
  return screen.queryAllByTestId('data-table-count').map((line) => line.textContent ?? '');
}
