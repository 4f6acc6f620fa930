import type { PlayableVideo } from '@lectern/contract';
import type { Storage } from '../../storage';
import { signMediaUrl } from '../../storage/media-url';
import { readEndpoints } from '../../transcoder/transcoder';
import { outputsFolderOf } from '../files';
import type { VideoRead } from './student-updates.repository';

/**
 * How an update's or the home page's video plays: the HLS master playlist of its transcode and its
 * poster, as signed, expiring `/media/hls/...` addresses (the media routes serve them), as live-class
 * recordings play. A video the transcoder left no playlist for (the demo data before its media is
 * made) has an empty address.
 */
export class UpdatePlayback {
  constructor(
    private readonly storage: Storage,
    private readonly secret: Buffer,
  ) {}

  playable(video: VideoRead, now = Date.now()): PlayableVideo {
    const endpoints = Array.isArray(video.endpoints) ? (video.endpoints as string[]) : [];
    const { master, poster } = readEndpoints(endpoints);
    const folder = master ? outputsFolderOf(master, video.storageKey) : null;
    const bucket = this.storage.videosBucket;
    const sign = (key: string | null) =>
      key && folder && key.startsWith(folder)
        ? signMediaUrl(this.secret, bucket, folder, key.slice(folder.length), now)
        : null;
    return {
      videoId: video.id,
      videoName: video.name,
      subjectName: video.subjectName,
      durationSeconds: video.durationSeconds > 0 ? video.durationSeconds : null,
      videoUrl: video.transcodingStatus === 'COMPLETE' ? (sign(master) ?? '') : '',
      thumbnail: sign(poster),
    };
  }
}
