import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { formatDate } from '@lectern/contract';
import { mockApi, type MockRequest } from '../../../test/mock-api';
import { ResourcePicker, type PickedResource } from './resource-picker';

const OBJECTS = 'GET /file-explorer-service/cloud/objects';
const object = (name: string, size = 2048) => ({
  Key: `catalogues/images/${name}`,
  Size: size,
  LastModified: '2026-03-04T10:00:00.000Z',
  name,
  url: `/files/catalogues/images/${name}`,
});

function listing(request: MockRequest) {
  const token = request.query.get('continuationToken');
  if (!token) {
    return {
      body: {
        data: {
          Contents: [object('banner-physics.png'), object('trailer.mp4'), object('Hero-Image.jpg')],
          IsTruncated: true,
          NextContinuationToken: 'page-2-token',
          KeyCount: 3,
          MaxKeys: 50,
          Prefix: 'catalogues/images/',
        },
      },
    };
  }
  return {
    body: {
      data: {
        Contents: [object('chemistry-card.webp')],
        IsTruncated: false,
        NextContinuationToken: null,
        KeyCount: 1,
        MaxKeys: 50,
        Prefix: 'catalogues/images/',
      },
    },
  };
}

async function setup(props: { title?: string } = {}) {
  const api = await mockApi({ [OBJECTS]: listing });
  const onSelect = vi.fn<(picked: PickedResource) => void>();
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ResourcePicker open resourceType="catalogue-image" onSelect={onSelect} onClose={onClose} {...props} />
    </QueryClientProvider>,
  );
  const drawer = await screen.findByRole('dialog', { name: props.title ?? 'Catalogue Images' });
  await within(drawer).findByText('banner-physics.png');
  return { api, onSelect, onClose, drawer, user: userEvent.setup() };
}

describe('the resource picker', () => {
  it("is titled 'Catalogue Images' unless named, has 'Upload Files', and hides keys containing .mp4", async () => {
    const { drawer } = await setup();
    expect(
      within(drawer)
        .getAllByRole('heading')
        .map((heading) => heading.textContent),
    ).toEqual(['Catalogue Images', 'Upload Files', 'Files']);
    expect(within(drawer).getByRole('button', { name: /Drag and drop a file here/ }).textContent).toBe(
      'Drag and drop a file here, or click to choose one',
    );
    expect(
      within(drawer)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      // name, size and last change (the list hides the .mp4 key)
      `banner-physics.png2 KB · ${formatDate('2026-03-04T10:00:00.000Z')}`,
      `Hero-Image.jpg2 KB · ${formatDate('2026-03-04T10:00:00.000Z')}`,
    ]);
    expect(within(drawer).queryByText('trailer.mp4')).toBeNull();
    expect(within(drawer).getByTestId('picker-count').textContent).toBe('2 files (more to load)');
  });

  it('takes the title the caller gives', async () => {
    await setup({ title: 'Instructor Photos' });
  });

  it("keeps 'Add resource' disabled until a file is chosen, then returns its key and url", async () => {
    const { drawer, user, onSelect, onClose } = await setup();
    const add = within(drawer).getByRole('button', { name: 'Add resource' });
    expect(add).toHaveProperty('disabled', true);
    await user.click(within(drawer).getByRole('option', { name: /Hero-Image\.jpg/ }));
    expect(
      within(drawer)
        .getByRole('option', { name: /Hero-Image\.jpg/ })
        .getAttribute('aria-selected'),
    ).toBe('true');
    expect(add).toHaveProperty('disabled', false);
    await user.click(add);
    expect(onSelect).toHaveBeenCalledWith({
      key: 'catalogues/images/Hero-Image.jpg',
      url: '/files/catalogues/images/Hero-Image.jpg',
      name: 'Hero-Image.jpg',
      size: 2048,
    });
    expect(onClose).toHaveBeenCalled();
  });

  it("'Load More...' fetches the next 50 keys with the continuation token", async () => {
    const { drawer, user, api } = await setup();
    await user.click(within(drawer).getByRole('button', { name: 'Load More...' }));
    await within(drawer).findByText('chemistry-card.webp');
    const calls = api.find(OBJECTS);
    expect(calls).toHaveLength(2);
    expect(calls[0]!.query.get('continuationToken')).toBeNull();
    expect(calls[0]!.query.get('maxKeys')).toBe('50');
    expect(calls[0]!.query.get('resourceType')).toBe('catalogue-image');
    expect(calls[1]!.query.get('continuationToken')).toBe('page-2-token');
    await waitFor(() => expect(within(drawer).queryByRole('button', { name: 'Load More...' })).toBeNull());
    expect(within(drawer).getByTestId('picker-count').textContent).toBe('3 files');
  });

  it('searches the listed files by name', async () => {
    const { drawer, user } = await setup();
    await user.type(within(drawer).getByRole('searchbox', { name: 'Search files' }), 'hero');
    expect(
      within(drawer)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([expect.stringContaining('Hero-Image.jpg')]);
    expect(within(drawer).getByTestId('picker-count').textContent).toBe('1 file (more to load)');
  });

  it('refuses a file over its limit before uploading, naming the rule', async () => {
    const { drawer, api } = await setup();
    const input = within(drawer).getByTestId<HTMLInputElement>('file-drop-zone-input');
    const big = new File([new Uint8Array(11 * 1024 * 1024)], 'big.png', { type: 'image/png' });
    await userEvent.setup().upload(input, big);
    await waitFor(() =>
      expect(within(drawer).getByRole('alert').textContent).toBe("'big.png' is 11 MB; images can be at most 10 MB."),
    );
    expect(api.find('POST /file-explorer-service/cloud/uploads')).toHaveLength(0);
  });
});
