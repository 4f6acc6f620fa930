import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NotifySnackbarHost, notify } from './notify';

function renderProvider() {
  render(<NotifySnackbarHost />);
}

describe('notify', () => {
  it('uses the default texts when no message is given', async () => {
    renderProvider();
    act(() => notify('error'));
    // errors interrupt a screen reader (an assertive alert), successes wait their turn (a polite status)
    const error = (await screen.findByText('Something went wrong. Please try again later.')).closest('[role="alert"]');
    expect(error?.getAttribute('aria-live')).toBe('assertive');
    expect(error?.className).toContain('MuiAlert-colorError');
    act(() => notify('success'));
    const success = (await screen.findByText('Action performed successfully.')).closest('[role="status"]');
    expect(success?.getAttribute('aria-live')).toBe('polite');
    expect(success?.className).toContain('MuiAlert-colorSuccess');
  });

  it('shows a title above the message', async () => {
    renderProvider();
    act(() => notify('error', undefined, { title: 'Upload failed' }));
    const title = await screen.findByText('Upload failed');
    expect(title.tagName).toBe('STRONG');
    expect(title.parentElement?.textContent).toBe('Upload failedSomething went wrong. Please try again later.');
  });

  it('keeps the plain message when no title is given', async () => {
    renderProvider();
    act(() => notify('info', 'Saved to drafts'));
    const info = (await screen.findByText('Saved to drafts')).closest('[role="status"]');
    expect(info?.textContent).toBe('Saved to drafts');
    expect(info?.className).toContain('MuiAlert-colorInfo');
  });
});

describe('NotifySnackbarHost', () => {
  it('shows a message raised before the snackbars were loaded, once they are', async () => {
    // a fresh module, as at start-up: raised first (a failing call), then the host loads notistack
    vi.resetModules();
    const fresh = await import('./notify');
    act(() => fresh.notify('warning', 'Raised before the host'));
    render(<fresh.NotifySnackbarHost />);
    const warning = (await screen.findByText('Raised before the host')).closest('[role="alert"]');
    expect(warning?.className).toContain('MuiAlert-colorWarning');
  });
});
