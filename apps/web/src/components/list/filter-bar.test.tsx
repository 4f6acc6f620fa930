import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FilterBar, type FilterBarProps } from './filter-bar';
import type { FilterValue } from '../search-filter/filter-menu';

const SELECTS = [
  {
    key: 'status',
    label: 'Status',
    options: [
      { value: 'ACTIVE', label: 'Active' },
      { value: 'EXPIRED', label: 'Expired' },
    ],
  },
] as const;

const MENU_FILTERS = [
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

function Harness(props: Partial<FilterBarProps<'status'>> & { onMenu?: (value: FilterValue) => void }) {
  const [value, setValue] = useState<FilterValue>({ mode: 'COURIER' });
  return (
    <FilterBar
      label="Filter things"
      menu={{
        filters: MENU_FILTERS,
        value,
        onChange: (next) => {
          setValue(next);
          props.onMenu?.(next);
        },
      }}
      {...props}
    />
  );
}

describe('FilterBar', () => {
  it('is one named search landmark with selects that report a choice and Any', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<FilterBar label="Filter things" selects={SELECTS} values={{ status: 'ACTIVE' }} onChange={onChange} />);
    const bar = screen.getByRole('search', { name: 'Filter things' });
    await user.click(within(bar).getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Expired' }));
    expect(onChange).toHaveBeenLastCalledWith('status', 'EXPIRED');
    await user.click(within(bar).getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Any' }));
    expect(onChange).toHaveBeenLastCalledWith('status', null);
  });

  it('shows a linked value that is not among the choices as chosen', () => {
    render(<FilterBar label="Filter things" selects={SELECTS} values={{ status: 'LATER' }} onChange={vi.fn()} />);
    expect(screen.getByRole('combobox', { name: 'Status' }).textContent).toBe('LATER');
  });

  it('shows the menu choices and link filters as removable chips', async () => {
    const user = userEvent.setup();
    const onMenu = vi.fn();
    const onDay = vi.fn();
    render(<Harness onMenu={onMenu} chips={[{ key: 'day', label: 'Processed 1 Nov 2026', onDelete: onDay }]} />);
    const chips = within(screen.getByRole('list', { name: 'Applied filters' }));
    expect(chips.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Mode: Courier',
      'Processed 1 Nov 2026',
    ]);
    // a chip is removed from the keyboard as well
    chips.getByText('Processed 1 Nov 2026').closest<HTMLElement>('[role="button"]')?.focus();
    await user.keyboard('{Delete}');
    expect(onDay).toHaveBeenCalledTimes(1);
    const courier = chips.getByText('Mode: Courier').closest<HTMLElement>('[role="button"]');
    await user.click(within(courier as HTMLElement).getByTestId('CancelIcon'));
    expect(onMenu).toHaveBeenLastCalledWith({});
  });

  it('opens a multi-level menu and chooses from the keyboard', async () => {
    const user = userEvent.setup();
    const onMenu = vi.fn();
    render(<Harness onMenu={onMenu} />);
    screen.getByRole('button', { name: 'Filter (1 applied)' }).focus();
    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menuitemradio', { name: 'Courier' }).getAttribute('aria-checked')).toBe('true');
    await user.click(screen.getByRole('menuitemradio', { name: 'In hand' }));
    expect(onMenu).toHaveBeenLastCalledWith({ mode: 'IN_HAND' });
  });

  it("refuses an improper date range with 'Select proper date range!'", async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    render(<FilterBar label="Filter things" dateRange={{ onSearch, label: 'Order dates' }} />);
    const range = screen.getByRole('form', { name: 'Order dates' });
    fireEvent.change(within(range).getByRole('textbox', { name: 'Start Date' }), { target: { value: '04/20/2026' } });
    fireEvent.change(within(range).getByRole('textbox', { name: 'End Date' }), { target: { value: '04/01/2026' } });
    await user.click(within(range).getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('alert').textContent).toBe('Select proper date range!');
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('searches on Enter and clears everything with Clear filters, shown only while filtered', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    const onClear = vi.fn();
    const { rerender } = render(
      <FilterBar label="Filter things" search={{ onSearch, label: 'Search packages' }} onClear={onClear} />,
    );
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
    await user.type(screen.getByRole('searchbox', { name: 'Search packages' }), '  asha {Enter}');
    expect(onSearch).toHaveBeenLastCalledWith('asha');
    rerender(
      <FilterBar label="Filter things" search={{ onSearch, label: 'Search packages' }} onClear={onClear} filtered />,
    );
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onClear).toHaveBeenCalledTimes(1);
  });
});
