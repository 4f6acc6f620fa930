import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SelectionBar } from './selection-bar';

describe('SelectionBar', () => {
  it("reads 'N selected' and reports Delete and Clear", async () => {
    const onDelete = vi.fn();
    const onClear = vi.fn();
    const user = userEvent.setup();
    render(<SelectionBar count={3} onDelete={onDelete} onClear={onClear} position="bottom" />);
    const bar = screen.getByRole('toolbar', { name: 'Selected rows' });
    expect(within(bar).getByRole('status').textContent).toBe('3 selected');
    expect(
      within(bar)
        .getAllByRole('button')
        .map((button) => button.textContent || button.getAttribute('aria-label')),
    ).toEqual(['Clear selection', 'Delete']);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(onClear).toHaveBeenCalledOnce();
  });

  it('groups large counts the Indian way and shows custom actions without Delete', () => {
    render(<SelectionBar count={123456} actions={<button type="button">Assign</button>} />);
    expect(screen.getByRole('status').textContent).toBe('1,23,456 selected');
    // custom actions only: no Delete, and no Clear without onClear
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Assign']);
  });

  it('renders nothing when nothing is selected', () => {
    const { container } = render(<SelectionBar count={0} onDelete={vi.fn()} />);
    expect(container.innerHTML).toBe('');
  });
});
