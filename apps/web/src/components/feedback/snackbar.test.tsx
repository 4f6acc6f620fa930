import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FeedbackSnackbar } from './snackbar';

describe('FeedbackSnackbar', () => {
  it("reads 'Something went wrong. Please try again later.' for an error without a message", async () => {
    render(<FeedbackSnackbar open severity="error" onClose={() => undefined} />);
    await screen.findByText('Something went wrong. Please try again later.');
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong. Please try again later.');
  });

  it("reads 'Action performed successfully.' otherwise, politely unless it warns", async () => {
    render(<FeedbackSnackbar open onClose={() => undefined} />);
    await screen.findByText('Action performed successfully.');
    expect(screen.getByRole('status').textContent).toContain('Action performed successfully.');
    render(<FeedbackSnackbar open severity="warning" onClose={() => undefined} />);
    await waitFor(() => expect(screen.getAllByText('Action performed successfully.')).toHaveLength(2));
    expect(screen.getByRole('alert').textContent).toContain('Action performed successfully.');
  });

  it('text arrives after its live region, so screen readers read it', async () => {
    render(<FeedbackSnackbar open severity="error" message="Upload failed." onClose={() => undefined} />);
    expect(screen.getByRole('alert').textContent).toBe('');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Upload failed.'));
  });

  it('shows a title above the message, with the severity', async () => {
    render(
      <FeedbackSnackbar
        open
        severity="warning"
        title="Upload paused"
        message="2 files wait."
        onClose={() => undefined}
      />,
    );
    await screen.findByText('2 files wait.');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Upload paused');
    expect(alert.textContent).toContain('2 files wait.');
    expect(alert.className).toContain('Warning');
  });

  it('hides after 6000 ms by default', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    render(<FeedbackSnackbar open onClose={onClose} />);
    act(() => vi.advanceTimersByTime(5900));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(200));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps a snackbar with autoHideMs null until it is closed', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    render(<FeedbackSnackbar open severity="error" autoHideMs={null} onClose={onClose} />);
    act(() => vi.advanceTimersByTime(60_000));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
