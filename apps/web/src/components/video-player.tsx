import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

export interface VideoPlayerProps {
  /** The stored original (a signed address): played when there is no HLS, or when HLS fails. */
  src: string;
  /** The HLS master playlist once the video is transcoded, else null. */
  hlsUrl?: string | null;
  /** The poster image shown before playing. */
  posterUrl?: string | null;
  /** Accessible name of the player, e.g. 'Preview of intro.mp4'. */
  label: string;
  sx?: SxProps<Theme>;
}

const HLS_TYPE = 'application/vnd.apple.mpegurl';

/** What the player plays: the HLS stream (through hls.js or natively) or the original file. */
export type PlaybackMode = 'hls.js' | 'native-hls' | 'original';

/**
 * A video with controls and a poster. With an HLS playlist it streams adaptively: through hls.js
 * where Media Source Extensions exist, natively where the browser plays HLS itself (Safari on iOS);
 * otherwise, or when the stream fails, it plays the original file. hls.js is loaded only when
 * needed, so it is not part of any page's own bundle.
 */
export function VideoPlayer({ src, hlsUrl, posterUrl, label, sx }: VideoPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [mode, setMode] = useState<PlaybackMode | null>(null);
  const [unplayable, setUnplayable] = useState(false);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let cancelled = false;
    let destroy: (() => void) | undefined;
    setUnplayable(false);

    const playOriginal = () => {
      if (cancelled) return;
      destroy?.();
      destroy = undefined;
      video.src = src;
      setMode('original');
    };

    if (!hlsUrl) {
      playOriginal();
    } else {
      void import('hls.js')
        .then(({ default: Hls }) => {
          if (cancelled) return;
          if (Hls.isSupported()) {
            const hls = new Hls({ capLevelToPlayerSize: true });
            let recovered = false;
            hls.on(Hls.Events.ERROR, (_event, data) => {
              if (!data.fatal) return;
              // one recovery try for a media error, then the original file
              if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !recovered) {
                recovered = true;
                hls.recoverMediaError();
                return;
              }
              playOriginal();
            });
            hls.loadSource(hlsUrl);
            hls.attachMedia(video);
            destroy = () => hls.destroy();
            setMode('hls.js');
          } else if (video.canPlayType(HLS_TYPE) !== '') {
            video.src = hlsUrl;
            setMode('native-hls');
          } else {
            playOriginal();
          }
        })
        .catch(() => {
          // the hls.js chunk did not load (offline, a new deployment): the original still plays
          if (!cancelled && video.canPlayType(HLS_TYPE) !== '') {
            video.src = hlsUrl;
            setMode('native-hls');
          } else {
            playOriginal();
          }
        });
    }

    return () => {
      cancelled = true;
      destroy?.();
      video.removeAttribute('src');
      video.load();
    };
  }, [src, hlsUrl]);

  return (
    <Box>
      <Box
        component="video"
        ref={videoRef}
        controls
        playsInline
        preload="metadata"
        poster={posterUrl ?? undefined}
        aria-label={label}
        data-playback={mode ?? 'loading'}
        onError={() => {
          // a native HLS failure falls back to the file; a failing file is reported
          if (mode === 'native-hls') {
            const video = videoRef.current;
            if (video) video.src = src;
            setMode('original');
          } else if (mode === 'original') {
            setUnplayable(true);
          }
        }}
        sx={[
          { display: 'block', width: '100%', maxHeight: '70vh', bgcolor: 'common.black', borderRadius: 1 },
          ...(Array.isArray(sx) ? sx : [sx]),
        ]}
      />
      {unplayable && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          This browser cannot play this file. It will play once it is transcoded.
        </Alert>
      )}
    </Box>
  );
}
