import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { IdCell, shortId } from './id-cell';

const UUID = '3f2b8c1e-9d4a-4e7b-8a51-0c6f2d9e7b14';

describe('IdCell', () => {
  it('shows a long id by its start, the whole id in its accessible name, and copies the whole id', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<IdCell value={UUID} />);
    expect(screen.getByText('3f2b8c1e…')).toBeTruthy();
    expect(screen.queryByText(UUID)).toBeNull();
    expect(screen.getByLabelText(UUID).textContent).toBe('3f2b8c1e…');
    await user.click(screen.getByRole('button', { name: `Copy id ${UUID}` }));
    expect(writeText).toHaveBeenCalledWith(UUID);
    await waitFor(() => expect(screen.getByRole('tooltip').textContent).toBe('Copied'));
  });

  it('keeps a readable id whole, however long, and says NA for none', () => {
    expect(shortId('subj-physics')).toBe('subj-physics');
    expect(shortId('subj-indian-polity')).toBe('subj-indian-polity');
    expect(shortId(UUID)).toBe('3f2b8c1e…');
    render(<IdCell value={undefined} />);
    expect(screen.getByText('NA')).toBeTruthy();
  });
});
