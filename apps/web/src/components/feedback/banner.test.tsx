import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BannerOutlet, BannerProvider, useBanner, type BannerMessage } from './banner';
import { LIVE_TEXT_DELAY_MS } from './live-region';

function Trigger({ banner }: { banner: BannerMessage }) {
  const { showBanner } = useBanner();
  return <button onClick={() => showBanner(banner)}>show</button>;
}

function renderBanner(banner: BannerMessage) {
  render(
    <BannerProvider>
      <BannerOutlet />
      <Trigger banner={banner} />
    </BannerProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'show' }));
}

describe('banners', () => {
  it('shows the default success text and hides a success banner after 6000 ms', () => {
    vi.useFakeTimers();
    renderBanner({ severity: 'success' });
    act(() => vi.advanceTimersByTime(LIVE_TEXT_DELAY_MS));
    // a success is read politely: a status, not an alert
    const banner = screen.getByRole('status');
    expect(banner.textContent).toBe('Action performed successfully.');
    expect(banner.className).toContain('MuiAlert-colorSuccess');
    act(() => vi.advanceTimersByTime(5900 - LIVE_TEXT_DELAY_MS));
    expect(screen.queryByText('Action performed successfully.')).not.toBeNull();
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByText('Action performed successfully.')).toBeNull();
  });

  it('keeps an error banner, with the generic text, until it is closed', () => {
    vi.useFakeTimers();
    renderBanner({ severity: 'error' });
    act(() => vi.advanceTimersByTime(10_000));
    const banner = screen.getByRole('alert');
    expect(banner.textContent).toBe('Something went wrong. Please try again later.');
    expect(banner.className).toContain('MuiAlert-colorError');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Something went wrong. Please try again later.')).toBeNull();
  });
});
