import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DateRangeSearch } from './date-range-search';

function mmddyyyy(d: Date): string {
  return [d.getMonth() + 1, d.getDate()].map((n) => String(n).padStart(2, '0')).join('/') + `/${d.getFullYear()}`;
}

function fields() {
  return {
    start: screen.getByRole<HTMLInputElement>('textbox', { name: 'Start Date' }),
    end: screen.getByRole<HTMLInputElement>('textbox', { name: 'End Date' }),
  };
}

function setup() {
  const onSearch = vi.fn();
  render(<DateRangeSearch onSearch={onSearch} />);
  return { onSearch, user: userEvent.setup(), ...fields() };
}

describe('DateRangeSearch', () => {
  it('starts with the last 30 days up to today, as MM/DD/YYYY', () => {
    const { start, end } = setup();
    const today = new Date();
    const monthAgo = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 30);
    expect(end.value).toBe(mmddyyyy(today));
    expect(start.value).toBe(mmddyyyy(monthAgo));
    expect(start.value).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  });

  it('searches the default range as whole days', async () => {
    const { onSearch, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledTimes(1);
    const { start, end } = onSearch.mock.calls[0]?.[0] as { start: Date; end: Date };
    const today = new Date();
    expect(mmddyyyy(end)).toBe(mmddyyyy(today));
    expect([end.getHours(), end.getMinutes()]).toEqual([23, 59]);
    expect(start.getHours()).toBe(0);
    expect(Math.round((end.getTime() - start.getTime()) / 86_400_000)).toBe(31);
  });

  it('searches a range the user typed', async () => {
    const { onSearch, user, start, end } = setup();
    fireEvent.change(start, { target: { value: '01/05/2026' } });
    fireEvent.change(end, { target: { value: '02/10/2026' } });
    expect(start.value).toBe('01/05/2026');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const range = onSearch.mock.calls[0]?.[0] as { start: Date; end: Date };
    expect(mmddyyyy(range.start)).toBe('01/05/2026');
    expect(mmddyyyy(range.end)).toBe('02/10/2026');
  });

  it("shows 'Select proper date range!' and does not search when both dates are the same day", async () => {
    const { onSearch, user, start, end } = setup();
    fireEvent.change(start, { target: { value: '03/15/2026' } });
    fireEvent.change(end, { target: { value: '03/15/2026' } });
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('alert').textContent).toBe('Select proper date range!');
    expect(onSearch).not.toHaveBeenCalled();
  });

  it("shows 'Select proper date range!' and does not search when start is after end", async () => {
    const { onSearch, user, start, end } = setup();
    fireEvent.change(start, { target: { value: '04/20/2026' } });
    fireEvent.change(end, { target: { value: '04/01/2026' } });
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('alert').textContent).toBe('Select proper date range!');
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('clears the message once a date changes', async () => {
    const { user, start, end } = setup();
    fireEvent.change(start, { target: { value: '04/20/2026' } });
    fireEvent.change(end, { target: { value: '04/01/2026' } });
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.queryByRole('alert')).not.toBeNull();
    fireEvent.change(end, { target: { value: '04/30/2026' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
