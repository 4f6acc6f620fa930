import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FilterChips } from './filter-chips';
import type { FilterGroup, FilterLevel, FilterValue } from './filter-menu';
import { SearchFilterToolbar } from './search-filter-toolbar';

const FILTERS: (FilterGroup | FilterLevel)[] = [
  {
    id: 'status',
    label: 'Status',
    options: [
      { value: 'OPEN', label: 'Open' },
      { value: 'CANCELLED', label: 'Cancelled' },
    ],
  },
  {
    id: 'delivery',
    label: 'Delivery',
    groups: [
      {
        id: 'mode',
        label: 'Mode',
        options: [
          { value: 'COURIER', label: 'Courier' },
          { value: 'IN_HAND', label: 'In hand' },
        ],
      },
    ],
  },
];

function Harness({
  onFilterChange,
  onDateSearch,
}: {
  onFilterChange: (v: FilterValue) => void;
  onDateSearch?: () => void;
}) {
  const [value, setValue] = useState<FilterValue>({ status: 'OPEN', mode: 'IN_HAND' });
  return (
    <SearchFilterToolbar
      onDateSearch={onDateSearch}
      filters={FILTERS}
      filterValue={value}
      onFilterChange={(next) => {
        setValue(next);
        onFilterChange(next);
      }}
    />
  );
}

describe('SearchFilterToolbar', () => {
  it('shows the chosen filters as chips and removes one by its delete icon', async () => {
    const user = userEvent.setup();
    const onFilterChange = vi.fn();
    render(<Harness onFilterChange={onFilterChange} />);
    const list = screen.getByRole('list', { name: 'Applied filters' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Status: Open', 'Mode: In hand']);
    const chip = within(list).getByText('Mode: In hand').closest('.MuiChip-root') as HTMLElement;
    await user.click(within(chip).getByTestId('CancelIcon'));
    expect(onFilterChange).toHaveBeenLastCalledWith({ status: 'OPEN' });
    expect(within(list).queryByText('Mode: In hand')).toBeNull();
  });

  it('keeps the chips in step with the menu', async () => {
    const user = userEvent.setup();
    render(<Harness onFilterChange={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Filter (2 applied)' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Cancelled' }));
    // the open menu hides the page from screen readers: close it to read the chips
    await user.keyboard('{Escape}');
    const list = await screen.findByRole('list', { name: 'Applied filters' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Status: Cancelled', 'Mode: In hand']);
  });

  it('shows the date-range search only when asked', () => {
    const { unmount } = render(<Harness onFilterChange={() => undefined} />);
    expect(screen.queryByRole('textbox', { name: 'Start Date' })).toBeNull();
    unmount();
    render(<Harness onFilterChange={() => undefined} onDateSearch={() => undefined} />);
    const form = screen.getByRole('form', { name: 'Date range search' });
    // both dates filled in, as MM/DD/YYYY, and a Search button that submits them
    for (const name of ['Start Date', 'End Date']) {
      expect(within(form).getByRole<HTMLInputElement>('textbox', { name }).value).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    }
    const search = within(form).getByRole<HTMLButtonElement>('button', { name: 'Search' });
    expect(search.type).toBe('submit');
    expect(search.disabled).toBe(false);
  });
});

describe('FilterChips', () => {
  it('removes a chip from the keyboard too', async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn();
    render(<FilterChips chips={[{ key: 'a', label: 'Batch: 2026 A' }]} onDelete={onDelete} />);
    await user.tab();
    await user.keyboard('{Backspace}');
    expect(onDelete).toHaveBeenCalledWith('a');
  });
});
