import { act, render, screen } from '@testing-library/react';
import { SnackbarProvider } from 'notistack';
import { describe, expect, it } from 'vitest';
import { notify } from './notify';

function renderProvider() {
  render(<SnackbarProvider />);
}

describe('notify', () => {
  it('uses the default texts when no message is given', async () => {
    renderProvider();
    act(() => notify('error'));
    const error = await screen.findByRole('alert');
    expect(error.textContent).toBe('Something went wrong. Please try again later.');
    expect(error.className).toContain('notistack-MuiContent-error');
    act(() => notify('success'));
    const success = (await screen.findByText('Action performed successfully.')).closest('[role="alert"]');
    expect(success?.className).toContain('notistack-MuiContent-success');
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
    const info = await screen.findByRole('alert');
    expect(info.textContent).toBe('Saved to drafts');
    expect(info.className).toContain('notistack-MuiContent-info');
  });
});
