import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { VideoFilesTableHeader } from './video-files-table-header';

describe('VideoFilesTableHeader', () => {
  it("has a 'Refresh Table' button and no filter menu unless asked", async () => {
    const user = userEvent.setup();
    const onRefresh = vi.fn();
    render(<VideoFilesTableHeader onRefresh={onRefresh} />);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Video Files');
    await user.click(screen.getByRole('button', { name: 'Refresh Table' }));
    expect(onRefresh).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Filter' })).toBeNull();
  });

  it('blocks refreshing again while the list reloads', () => {
    render(<VideoFilesTableHeader onRefresh={() => undefined} refreshing />);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /Refresh Table/ }).disabled).toBe(true);
  });

  it('shows the optional filter menu', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(
      <VideoFilesTableHeader
        onRefresh={() => undefined}
        filter={{
          filters: [
            {
              id: 'transcodingStatus',
              label: 'Transcoding',
              options: [
                { value: 'COMPLETE', label: 'Transcoded' },
                { value: 'PROGRESSING', label: 'In progress' },
              ],
            },
          ],
          value: {},
          onChange,
        }}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Transcoded' }));
    expect(onChange).toHaveBeenCalledWith({ transcodingStatus: 'COMPLETE' });
  });
});
