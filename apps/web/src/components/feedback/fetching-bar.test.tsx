import { render, screen } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { AppProvider, createAppQueryClient } from '../../app/provider';
import { FetchingBar } from './fetching-bar';

let release: () => void = () => undefined;

function Pending() {
  useQuery({
    queryKey: ['pending'],
    queryFn: () =>
      new Promise<string>((resolve) => {
        release = () => resolve('done');
      }),
  });
  return null;
}

describe('FetchingBar', () => {
  it('shows while a query fetches, hidden from assistive technology, and goes when it ends', async () => {
    render(
      <AppProvider queryClient={createAppQueryClient()}>
        <Pending />
        <FetchingBar />
      </AppProvider>,
    );
    const bar = await screen.findByRole('progressbar', { hidden: true });
    expect(screen.queryByRole('progressbar')).toBeNull();
    release();
    await expect.poll(() => bar.isConnected).toBe(false);
  });
});
