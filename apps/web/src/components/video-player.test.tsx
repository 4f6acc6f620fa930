import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VideoPlayer } from './video-player';

type ErrorListener = (event: string, data: { fatal: boolean; type: string }) => void;

// A stand-in for hls.js that records what the player asks of it.
const hls = vi.hoisted(() => ({
  supported: true,
  instances: [] as {
    source?: string;
    media?: HTMLMediaElement;
    destroyed: boolean;
    recovered: number;
    onError?: (event: string, data: { fatal: boolean; type: string }) => void;
  }[],
}));

vi.mock('hls.js', () => ({
  default: class FakeHls {
    static Events = { ERROR: 'hlsError' };
    static ErrorTypes = { NETWORK_ERROR: 'networkError', MEDIA_ERROR: 'mediaError' };
    static isSupported() {
      return hls.supported;
    }
    state: (typeof hls.instances)[number] = { destroyed: false, recovered: 0 };
    constructor() {
      hls.instances.push(this.state);
    }
    on(_event: string, listener: ErrorListener) {
      this.state.onError = listener;
    }
    loadSource(source: string) {
      this.state.source = source;
    }
    attachMedia(media: HTMLMediaElement) {
      this.state.media = media;
    }
    recoverMediaError() {
      this.state.recovered += 1;
    }
    destroy() {
      this.state.destroyed = true;
    }
  },
}));

const SRC = 'http://lectern.test/files/intro.mp4?sig=1';
const HLS = 'http://lectern.test/hls/v-1/sig/master.m3u8';
const POSTER = 'http://lectern.test/hls/v-1/sig/poster.jpg';

const player = () => screen.getByLabelText<HTMLVideoElement>('Preview of intro.mp4');

afterEach(() => {
  hls.supported = true;
  hls.instances.length = 0;
  vi.restoreAllMocks();
});

describe('VideoPlayer', () => {
  it('plays the original file with the poster when there is no HLS playlist', async () => {
    render(<VideoPlayer src={SRC} hlsUrl={null} posterUrl={POSTER} label="Preview of intro.mp4" />);
    await waitFor(() => expect(player().dataset.playback).toBe('original'));
    expect(player().getAttribute('src')).toBe(SRC);
    expect(player().getAttribute('poster')).toBe(POSTER);
    expect(player().hasAttribute('controls')).toBe(true);
    expect(hls.instances).toHaveLength(0);
  });

  it('streams the playlist through hls.js where it is supported, and destroys it on unmount', async () => {
    const view = render(<VideoPlayer src={SRC} hlsUrl={HLS} posterUrl={POSTER} label="Preview of intro.mp4" />);
    await waitFor(() => expect(player().dataset.playback).toBe('hls.js'));
    expect(hls.instances).toHaveLength(1);
    const [instance] = hls.instances;
    expect(instance?.source).toBe(HLS);
    expect(instance?.media).toBe(player());
    expect(player().getAttribute('src')).toBeNull();
    view.unmount();
    expect(instance?.destroyed).toBe(true);
  });

  it('lets the browser play the playlist itself when it plays HLS natively (Safari on iOS)', async () => {
    hls.supported = false;
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockImplementation((type) =>
      type === 'application/vnd.apple.mpegurl' ? 'maybe' : '',
    );
    render(<VideoPlayer src={SRC} hlsUrl={HLS} label="Preview of intro.mp4" />);
    await waitFor(() => expect(player().dataset.playback).toBe('native-hls'));
    expect(player().getAttribute('src')).toBe(HLS);
    expect(hls.instances).toHaveLength(0);
  });

  it('plays the original file where neither works', async () => {
    hls.supported = false;
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('');
    render(<VideoPlayer src={SRC} hlsUrl={HLS} label="Preview of intro.mp4" />);
    await waitFor(() => expect(player().dataset.playback).toBe('original'));
    expect(player().getAttribute('src')).toBe(SRC);
  });

  it('tries once to recover a media error, and falls back to the original file when the stream fails', async () => {
    render(<VideoPlayer src={SRC} hlsUrl={HLS} label="Preview of intro.mp4" />);
    await waitFor(() => expect(player().dataset.playback).toBe('hls.js'));
    const [instance] = hls.instances;
    instance?.onError?.('hlsError', { fatal: false, type: 'networkError' });
    instance?.onError?.('hlsError', { fatal: true, type: 'mediaError' });
    expect(instance?.recovered).toBe(1);
    expect(player().dataset.playback).toBe('hls.js');

    instance?.onError?.('hlsError', { fatal: true, type: 'networkError' });
    await waitFor(() => expect(player().dataset.playback).toBe('original'));
    expect(instance?.destroyed).toBe(true);
    expect(player().getAttribute('src')).toBe(SRC);
  });
});
