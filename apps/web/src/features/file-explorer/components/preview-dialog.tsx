import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import type { ExplorerVideo } from '@lectern/contract';
import { Modal } from '../../../components/modal';
import { errorMessage } from '../../../lib/query-client';
import { useVideoUrl } from '../api/get-videos';

/**
 * Plays a video's stored file through a signed, expiring address. A plain <video> for now: adaptive
 * streaming (HLS) comes with the transcoding issue.
 */
export function PreviewDialog({ video, onClose }: { video: ExplorerVideo; onClose: () => void }) {
  const url = useVideoUrl(video.videoId);
  const [unplayable, setUnplayable] = useState(false);
  return (
    <Modal open onClose={onClose} title={video.Name} maxWidth="md" fullScreenOnPhone>
      {url.isPending && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading the video" />
        </Box>
      )}
      {url.isError && <Alert severity="error">{errorMessage(url.error)}</Alert>}
      {url.data && (
        <>
          <Box
            component="video"
            controls
            preload="metadata"
            src={url.data.url}
            aria-label={`Preview of ${video.Name}`}
            onError={() => setUnplayable(true)}
            sx={{ display: 'block', width: '100%', maxHeight: '70vh', bgcolor: 'common.black', borderRadius: 1 }}
          />
          {unplayable && (
            <Alert severity="warning" sx={{ mt: 2 }}>
              This browser cannot play this file. It will play once it is transcoded.
            </Alert>
          )}
        </>
      )}
    </Modal>
  );
}
