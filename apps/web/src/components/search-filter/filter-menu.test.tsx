import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FilterMenu, type FilterGroup, type FilterLevel, type FilterValue } from './filter-menu';

const STATUS: FilterGroup = {
  id: 'status',
  label: 'Status',
  options: [
    { value: 'COMPLETE', label: 'Transcoded' },
    { value: 'PROGRESSING', label: 'In progress' },
  ],
};
const QUEUE: FilterGroup = {
  id: 'queue',
  label: 'Queue',
  options: [
    { value: 'default', label: 'Default' },
    { value: 'reserved', label: 'Reserved' },
  ],
};
const DELIVERY: FilterLevel = {
  id: 'delivery',
  label: 'Delivery',
  groups: [
    {
      id: 'mode',
      label: 'Mode',
      options: [
        { value: 'COURIER', label: 'Courier' },
        { value: 'IN_PERSON', label: 'In person' },
        { value: 'IN_HAND', label: 'In hand' },
      ],
    },
    {
      id: 'provider',
      label: 'Provider',
      options: [
        { value: 'DTDC', label: 'DTDC' },
        { value: 'BLUEDART', label: 'Blue Dart' },
      ],
    },
  ],
};

function Harness({
  onChange,
  filters,
}: {
  onChange: (v: FilterValue) => void;
  filters: (FilterGroup | FilterLevel)[];
}) {
  const [value, setValue] = useState<FilterValue>({});
  return (
    <FilterMenu
      filters={filters}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

function radios() {
  return within(screen.getByRole('menu'))
    .getAllByRole('menuitemradio')
    .filter((item) => item.getAttribute('aria-checked') === 'true')
    .map((item) => item.textContent);
}

describe('FilterMenu', () => {
  it('allows one choice per radio group', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness filters={[STATUS, QUEUE]} onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Transcoded' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Reserved' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'In progress' }));
    expect(onChange).toHaveBeenLastCalledWith({ status: 'PROGRESSING', queue: 'reserved' });
    expect(radios()).toEqual(['In progress', 'Reserved']);
  });

  it('clears a group when its chosen option is chosen again', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness filters={[STATUS]} onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Transcoded' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Transcoded' }));
    expect(onChange).toHaveBeenLastCalledWith({});
  });

  it('allows one choice per sub-group of a multi-level menu', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness filters={[STATUS, DELIVERY]} onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delivery' }));
    expect(screen.queryByRole('menuitemradio', { name: 'Transcoded' })).toBeNull();
    await user.click(screen.getByRole('menuitemradio', { name: 'Courier' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'DTDC' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'In hand' }));
    expect(onChange).toHaveBeenLastCalledWith({ mode: 'IN_HAND', provider: 'DTDC' });
    expect(radios()).toEqual(['In hand', 'DTDC']);
    // back to the first level, where the top-level group keeps its own single choice
    await user.click(screen.getByRole('menuitem', { name: 'Delivery' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Transcoded' }));
    expect(onChange).toHaveBeenLastCalledWith({ mode: 'IN_HAND', provider: 'DTDC', status: 'COMPLETE' });
  });

  it('works from the keyboard', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness filters={[DELIVERY]} onChange={onChange} />);
    await user.tab();
    await user.keyboard('{Enter}');
    expect(document.activeElement?.textContent).toBe('Delivery');
    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith({ mode: 'COURIER' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
