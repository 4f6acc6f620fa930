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
    expect(await screen.findByText('Something went wrong. Please try again later.')).toBeDefined();
    act(() => notify('success'));
    expect(await screen.findByText('Action performed successfully.')).toBeDefined();
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
    expect(await screen.findByText('Saved to drafts')).toBeDefined();
  });
});
