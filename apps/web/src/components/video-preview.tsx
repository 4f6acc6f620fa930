import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { VideoPlayer } from './video-player';
import { useVideoUrl } from '../lib/queries/get-video-url';
import { QueryErrorAlert } from './query-error-alert';

/** Plays one video by id: fetches its addresses, then the HLS stream when transcoded, else the original file. */
export function VideoPreview({ videoId, name }: { videoId: string; name: string }) {
  const url = useVideoUrl(videoId);
  if (url.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label="Loading the video" />
      </Box>
    );
  }
  if (url.isError) return <QueryErrorAlert query={url} />;
  return (
    <VideoPlayer
      src={url.data.url}
      hlsUrl={url.data.hlsUrl}
      posterUrl={url.data.posterUrl}
      label={`Preview of ${name}`}
    />
  );
}
