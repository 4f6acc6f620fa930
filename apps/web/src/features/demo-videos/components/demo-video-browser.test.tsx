import { useState } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { PreviewFolder, TranscodingStatus, VideoFile, VideoUrl } from '@lectern/contract';
import { mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { DemoVideoBrowser, type AddedDemoVideo } from './demo-video-browser';

// happy-dom has no Media Source Extensions: the player's hls.js is replaced by a stub that says so
vi.mock('hls.js', () => ({
  default: class {
    static isSupported() {
      return false;
    }
  },
}));

const FOLDERS: PreviewFolder[] = [
  { catalogueId: 'cat-phy', catalogueName: 'Physics for JEE', videoCount: 3 },
  { catalogueId: 'cat-bio', catalogueName: 'Biology for NEET', videoCount: 1 },
];

function video(videoId: string, Name: string, transcodingStatus: TranscodingStatus): VideoFile {
  return {
    Name,
    Id: `preview-videos/cat-phy/${videoId}-${Name}`,
    Length: 1_000_000,
    endpoints: [],
    videoDurationInSecond: 125,
    transcodingStatus,
    catalogueId: 'cat-phy',
    videoId,
    subjectId: null,
    jobId: null,
    uploadedBy: 'Asha Verma',
    uploadedAt: '2026-03-01T10:00:00.000Z',
  };
}

const FILES = [
  video('v-ready', 'optics-trailer.mp4', 'COMPLETE'),
  video('v-busy', 'waves-trailer.mp4', 'PROGRESSING'),
  video('v-new', 'motion-trailer.mp4', 'NOT_STARTED'),
  video('v-ready-2', 'heat-trailer.mp4', 'COMPLETE'),
];

const urlsOf = (videoId: string): VideoUrl => ({
  url: `/files/${videoId}.mp4?sig=1`,
  expiresAt: '2026-03-01T10:15:00.000Z',
  hlsUrl: `/hls/${videoId}/sig/master.m3u8`,
  posterUrl: `/hls/${videoId}/sig/poster.jpg`,
  thumbnailUrls: [1, 2, 3].map((n) => `/hls/${videoId}/sig/thumb-${n}.jpg`),
});

const HANDLERS = {
  'GET /file-explorer-service/cloud/preview-videos/all': { body: { data: FOLDERS } },
  'GET /file-explorer-service/cloud/preview-videos/cat-phy': {
    body: { data: { catalogueId: 'cat-phy', fileList: FILES } },
  },
  'GET /file-explorer-service/cloud/videos/v-ready/url': { body: { data: urlsOf('v-ready') } },
  'GET /file-explorer-service/cloud/videos/v-ready-2/url': { body: { data: urlsOf('v-ready-2') } },
};

/** The drawer as a page uses it: a button opens it, the page keeps what was added. */
function Harness({ onAdd }: { onAdd: (added: AddedDemoVideo) => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open browser
      </button>
      <DemoVideoBrowser open={open} onClose={() => setOpen(false)} onAdd={onAdd}>
        <p>Caller fields</p>
      </DemoVideoBrowser>
    </>
  );
}

async function setup() {
  const api = await mockApi(HANDLERS);
  const onAdd = vi.fn<(added: AddedDemoVideo) => void>();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Harness onAdd={onAdd} />
    </QueryClientProvider>,
  );
  const user = userEvent.setup();
  await drawer().findByRole('option', { name: /Physics for JEE/ });
  return { ...api, onAdd, user };
}

const drawer = () => within(screen.getByRole('dialog', { name: 'Browse Demo Videos' }));
const button = (name: string) => drawer().getByRole<HTMLButtonElement>('button', { name });
const option = (name: RegExp) => drawer().getByRole('option', { name });
/** The line under the drawer's title: the current step's subtitle. */
const subtitle = () => drawer().getByRole('heading', { name: 'Browse Demo Videos' }).nextElementSibling?.textContent;
const badge = (name: RegExp) => option(name).querySelector('[data-status]')?.textContent;
const body = () => drawer().getByTestId('drawer-form-body').textContent;

async function openFiles(user: ReturnType<typeof userEvent.setup>) {
  await user.click(option(/Physics for JEE/));
  await user.click(button('Next step'));
  await drawer().findByRole('option', { name: /optics-trailer\.mp4/ });
}

async function openThumbnails(user: ReturnType<typeof userEvent.setup>, file = /optics-trailer\.mp4/) {
  await openFiles(user);
  await user.click(option(file));
  await user.click(button('Next step'));
  await drawer().findByRole('option', { name: 'Thumbnail 1 of 3' });
}

describe('Browse Demo Videos', () => {
  it("opens on Folders ('Select the folder'): no Back, 'Next step' waits for a folder, a click selects", async () => {
    const { user } = await setup();
    expect(subtitle()).toBe('Select the folder');
    expect(drawer().queryByRole('button', { name: 'Back' })).toBeNull();
    expect(option(/Physics for JEE/).textContent).toContain('3 videos');
    expect(button('Next step').disabled).toBe(true);

    await user.click(option(/Biology for NEET/));
    expect(option(/Biology for NEET/).getAttribute('aria-selected')).toBe('true');
    expect(button('Next step').disabled).toBe(false);
    // a single click only selects
    expect(subtitle()).toBe('Select the folder');
  });

  it('opens a folder with a double click, listing its files with their transcoding badges', async () => {
    const { find } = await setup();
    fireEvent.doubleClick(option(/Physics for JEE/));
    await waitFor(() => expect(subtitle()).toBe('Select the video file'));
    await drawer().findByRole('option', { name: /optics-trailer\.mp4/ });
    expect(find('GET /file-explorer-service/cloud/preview-videos/cat-phy')).toHaveLength(1);
    expect(badge(/optics-trailer/)).toBe('Transcoded');
    expect(badge(/waves-trailer/)).toBe('TRANSCODING IN PROGRESS');
    // any other status: a blank badge
    const blank = option(/motion-trailer/).querySelector('[data-status="NOT_STARTED"]');
    expect(blank?.textContent?.trim()).toBe('');
    expect(button('Back').disabled).toBe(false);
  });

  it("lets only transcoded files be chosen; 'Next step' waits for one; the search filters by name", async () => {
    const { user } = await setup();
    await openFiles(user);
    expect(button('Next step').disabled).toBe(true);
    expect(option(/waves-trailer/).getAttribute('aria-disabled')).toBe('true');
    expect(option(/motion-trailer/).getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(option(/waves-trailer/));
    expect(option(/waves-trailer/).getAttribute('aria-selected')).toBe('false');
    expect(button('Next step').disabled).toBe(true);

    await user.click(option(/optics-trailer/));
    expect(option(/optics-trailer/).getAttribute('aria-selected')).toBe('true');
    expect(button('Next step').disabled).toBe(false);

    await user.type(drawer().getByRole('searchbox', { name: 'Search video files' }), 'heat{Enter}');
    expect(drawer().getAllByRole('option')).toHaveLength(1);
    // Enter in the search does not move on
    expect(subtitle()).toBe('Select the video file');
    await user.clear(drawer().getByRole('searchbox', { name: 'Search video files' }));
    await user.type(drawer().getByRole('searchbox', { name: 'Search video files' }), 'nothing');
    expect(drawer().queryAllByRole('option')).toHaveLength(0);
    expect(body()).toContain('No video files match your search.');
  });

  it('back from Files returns to Folders, clearing the search and the chosen file', async () => {
    const { user } = await setup();
    await openFiles(user);
    await user.click(option(/optics-trailer/));
    await user.type(drawer().getByRole('searchbox', { name: 'Search video files' }), 'optics');
    await user.click(button('Back'));
    expect(subtitle()).toBe('Select the folder');
    expect(option(/Physics for JEE/).getAttribute('aria-selected')).toBe('true');

    await user.click(button('Next step'));
    await drawer().findByRole('option', { name: /optics-trailer\.mp4/ });
    expect(drawer().getByRole<HTMLInputElement>('searchbox', { name: 'Search video files' }).value).toBe('');
    expect(drawer().getAllByRole('option')).toHaveLength(4);
    expect(option(/optics-trailer/).getAttribute('aria-selected')).toBe('false');
    expect(button('Next step').disabled).toBe(true);
  });

  it("shows the file's auto-generated thumbnails; 'Add video' waits for one; back forgets it", async () => {
    const { user, find } = await setup();
    await openThumbnails(user);
    expect(subtitle()).toBe('Select the auto-generated thumnnail image');
    expect(find('GET /file-explorer-service/cloud/videos/v-ready/url')).toHaveLength(1);
    const thumbs = drawer().getAllByRole('option');
    expect(thumbs).toHaveLength(3);
    expect(thumbs[1]?.querySelector('img')?.getAttribute('src')).toBe('/hls/v-ready/sig/thumb-2.jpg');
    // the children area, and a preview of the video with its poster
    expect(body()).toContain('Caller fields');
    const player = drawer().getByLabelText<HTMLVideoElement>('Preview of optics-trailer.mp4');
    expect(player.getAttribute('poster')).toBe('/hls/v-ready/sig/poster.jpg');
    expect(drawer().queryByRole('button', { name: 'Next step' })).toBeNull();
    expect(button('Add video').disabled).toBe(true);

    await user.click(option(/Thumbnail 2 of 3/));
    expect(option(/Thumbnail 2 of 3/).getAttribute('aria-selected')).toBe('true');
    expect(button('Add video').disabled).toBe(false);

    await user.click(button('Back'));
    expect(subtitle()).toBe('Select the video file');
    // the file stays chosen
    expect(option(/optics-trailer/).getAttribute('aria-selected')).toBe('true');
    await user.click(button('Next step'));
    await drawer().findByRole('option', { name: 'Thumbnail 1 of 3' });
    expect(option(/Thumbnail 2 of 3/).getAttribute('aria-selected')).toBe('false');
    expect(button('Add video').disabled).toBe(true);
  });

  it("'Add video' gives the catalogue, the video and the thumbnail, then closes and starts afresh", async () => {
    const { user, onAdd } = await setup();
    await openThumbnails(user, /heat-trailer\.mp4/);
    await user.click(option(/Thumbnail 3 of 3/));
    await user.click(button('Add video'));
    expect(onAdd).toHaveBeenCalledTimes(1);
    expect(onAdd.mock.calls[0]?.[0]).toEqual({
      catalogueId: 'cat-phy',
      video: FILES[3],
      thumbnailUrl: '/hls/v-ready-2/sig/thumb-3.jpg',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Browse Demo Videos' })).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Open browser' }));
    await drawer().findByRole('option', { name: /Physics for JEE/ });
    expect(subtitle()).toBe('Select the folder');
    expect(option(/Physics for JEE/).getAttribute('aria-selected')).toBe('false');
    expect(button('Next step').disabled).toBe(true);
  });

  it('closing starts afresh too', async () => {
    const { user, onAdd } = await setup();
    await openThumbnails(user);
    await user.click(option(/Thumbnail 1 of 3/));
    await user.click(button('Close'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Browse Demo Videos' })).toBeNull());
    expect(onAdd).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Open browser' }));
    await drawer().findByRole('option', { name: /Physics for JEE/ });
    expect(subtitle()).toBe('Select the folder');
    expect(drawer().queryByRole('button', { name: 'Back' })).toBeNull();
    expect(option(/Physics for JEE/).getAttribute('aria-selected')).toBe('false');

    // Cancel on the Folders step closes as well
    await user.click(button('Cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Browse Demo Videos' })).toBeNull());
  });

  it('shows a failure to list the folders with Retry', async () => {
    let broken = true;
    await mockApi({
      ...HANDLERS,
      'GET /file-explorer-service/cloud/preview-videos/all': () =>
        broken
          ? { status: 500, body: { error: true, message: 'Something went wrong. Please try again later.' } }
          : { body: { data: FOLDERS } },
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <Harness onAdd={() => undefined} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    expect((await drawer().findByRole('alert')).textContent).toBe('Something went wrong. Please try again later.Retry');
    broken = false;
    await user.click(button('Retry'));
    await drawer().findByRole('option', { name: /Physics for JEE/ });
    expect(drawer().queryByRole('alert')).toBeNull();
    expect(drawer().getAllByRole('option')).toHaveLength(FOLDERS.length);
  });
});

// The catalogue editor's preview-videos step has its own tests; the picker with its chosen list is the gallery's.
describe('the demo-video picker', () => {
  it("opens the drawer from 'Browse Demo Videos' and lists what was added, with a snackbar", async () => {
    await mockApi(HANDLERS, { config: { demoMode: true } });
    const { user } = renderApp('/dev/gallery', { roles: ['CONTENT_ADMIN'] });
    // the gallery mounts every sample of the console: on a busy machine it takes a while
    await user.click(await screen.findByRole('button', { name: 'Browse Demo Videos' }, { timeout: 30_000 }));
    await drawer().findByRole('option', { name: /Physics for JEE/ });
    await openThumbnails(user);
    await user.click(option(/Thumbnail 1 of 3/));
    await user.click(button('Add video'));
    expect((await screen.findByText('Demo video added: optics-trailer.mp4')).closest('[role="status"]')).not.toBeNull();
    // the page is hidden from assistive technology until the drawer has gone
    const chosen = await screen.findByRole('list', { name: 'Chosen demo videos' });
    // the file's name over its duration
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['optics-trailer.mp40:02:05']);
  }, 60_000);
});
