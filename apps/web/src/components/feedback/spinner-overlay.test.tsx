import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SpinnerOverlay } from './spinner-overlay';

describe('SpinnerOverlay', () => {
  it('covers the screen with a spinner while open', () => {
    render(<SpinnerOverlay open label="Saving subject" />);
    expect(screen.getByRole('progressbar', { name: 'Saving subject' })).toBeDefined();
  });

  it('shows nothing while closed', () => {
    render(<SpinnerOverlay open={false} />);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
