import type { ExplorerVideo } from '@lectern/contract';
import { Modal } from '../../../components/modal';
import { VideoPreview } from '../../../components/video-preview';

/**
 * Plays a video: the HLS stream once it is transcoded (adaptive, through hls.js), else its stored
 * file through a signed, expiring address.
 */
export function PreviewDialog({ video, onClose }: { video: ExplorerVideo; onClose: () => void }) {
  return (
    <Modal open onClose={onClose} title={video.Name} maxWidth="md" fullScreenOnPhone>
      <VideoPreview videoId={video.videoId} name={video.Name} />
    </Modal>
  );
}
