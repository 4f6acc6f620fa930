import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SpinnerOverlay } from './spinner-overlay';

describe('SpinnerOverlay', () => {
  it('covers the screen with a spinner while open', () => {
    render(<SpinnerOverlay open label="Saving subject" />);
    const spinner = screen.getByRole('progressbar', { name: 'Saving subject' });
    // announced (not inside the aria-hidden MUI gives a backdrop), over the whole screen, above dialogs
    expect(spinner.closest('[aria-hidden="true"]')).toBeNull();
    const overlay = spinner.closest<HTMLElement>('.MuiBackdrop-root');
    expect(overlay && getComputedStyle(overlay).position).toBe('fixed');
    expect(Number(overlay && getComputedStyle(overlay).zIndex)).toBeGreaterThan(1300);
  });

  it('shows nothing while closed', () => {
    render(<SpinnerOverlay open={false} />);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
