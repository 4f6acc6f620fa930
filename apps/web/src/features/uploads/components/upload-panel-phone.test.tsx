import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { UploadQueue, type QueueDeps, type QueueTarget } from '../../../lib/uploads/upload-queue';
import { UploadPanel } from './upload-panel';

const TARGET: QueueTarget = { type: 'subject', subjectId: 'subj-1', unitId: 'u1', topicId: 't1' };

/** A window `width` px wide for MUI's media queries. */
function windowWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    return {
      matches: (!min || width >= Number(min[1])) && (!max || width <= Number(max[1])),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    };
  });
}

/** A queue whose uploads finish when the test says so. */
function setup() {
  const finish: (() => void)[] = [];
  let ids = 0;
  const deps: QueueDeps = {
    upload: (file) =>
      new Promise((resolve) => {
        finish.push(() => resolve({ uploadId: `up-${file.name}`, key: `k/${file.name}`, resumed: false }));
      }),
    abort: vi.fn(async () => undefined),
    register: vi.fn(async () => undefined),
    readDuration: async () => 60,
    newId: () => `id-${++ids}`,
    maxFiles: 5,
  };
  const queue = new UploadQueue(deps);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <UploadPanel queue={queue} />
    </QueryClientProvider>,
  );
  return { queue, finish, user: userEvent.setup() };
}

const file = (name: string) => new File([new Uint8Array(1000)], name, { type: 'video/mp4' });
const toggle = () => screen.getByRole('button', { name: /(Collapse|Expand) uploads/ });

describe('the upload panel on a phone', () => {
  it('folds to its title bar once every upload has finished, and opens again on a tap', async () => {
    windowWidth(390);
    const { queue, finish, user } = setup();
    queue.enqueue(file('lecture.mp4'), TARGET);
    await screen.findByRole('region', { name: 'Uploads' });
    // while uploading it is open
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(finish).toHaveLength(1));
    finish[0]!();
    await screen.findByText('0 items in progress');
    await waitFor(() => expect(toggle().getAttribute('aria-expanded')).toBe('false'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Clear All' })).toBeNull());

    await user.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: 'Clear All' })).toBeTruthy();
  });

  it('stays open at desktop width when the uploads have finished', async () => {
    windowWidth(1440);
    const { queue, finish } = setup();
    queue.enqueue(file('lecture.mp4'), TARGET);
    await screen.findByRole('region', { name: 'Uploads' });
    await waitFor(() => expect(finish).toHaveLength(1));
    finish[0]!();
    await screen.findByText('0 items in progress');
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('button', { name: 'Clear All' })).toBeTruthy();
  });
});
