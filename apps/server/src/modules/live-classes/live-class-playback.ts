import type { Storage } from '../../storage';
import { signMediaUrl } from '../../storage/media-url';
import { readEndpoints } from '../../transcoder/transcoder';
import { outputsFolderOf } from '../files';

/**
 * A class's recording playback address: the HLS address of the transcode, signed and bound to the
 * class and the video, so the media route refuses it as soon as the class is hidden or the recording
 * taken off it (LiveClassesRepository.recordingPlayable), even before it expires.
 */
export class LiveClassPlayback {
  constructor(
    private readonly storage: Storage,
    private readonly secret: Buffer,
  ) {}

  url(
    liveClassId: string,
    video: { videoId: string; transcodingStatus: string; storageKey: string; endpoints: unknown },
  ): string | null {
    if (video.transcodingStatus !== 'COMPLETE') return null;
    const endpoints = Array.isArray(video.endpoints) ? (video.endpoints as string[]) : [];
    const { master } = readEndpoints(endpoints);
    const folder = master ? outputsFolderOf(master, video.storageKey) : null;
    if (!master || !folder) return null;
    return signMediaUrl(this.secret, this.storage.videosBucket, folder, master.slice(folder.length), Date.now(), {
      liveClassId,
      videoId: video.videoId,
    });
  }
}
