import { contentTypeOf, fileTypeOf, type VideoUrl } from '@lectern/contract';
import type { Storage } from '../../storage';
import { signMediaUrl } from '../../storage/media-url';
import { readEndpoints } from '../../transcoder/transcoder';
import type { Caller } from './files.repository';
import type { VideoAccess } from './video-access';
import { outputsFolderOf, storedEndpoints } from './video-files';

/** How videos are watched: signed, expiring read addresses of the original and of its transcode. */
export class VideoPlaybackService {
  constructor(
    private readonly storage: Storage,
    private readonly access: VideoAccess,
    /** signs HLS playback addresses (the media routes' secret); without it `hlsUrl` is null */
    private readonly mediaUrlSecret: Buffer | null = null,
  ) {}

  /**
   * Signed, expiring read addresses of a video, for the caller allowed on its subject: the stored
   * original; once transcoded (COMPLETE, with a master playlist) the HLS master playlist; and the
   * poster and thumbnails the transcode made, when there are some.
   */
  async videoUrl(caller: Caller, videoId: string): Promise<VideoUrl> {
    const [row] = await this.access.selection(caller, { videoIds: [videoId] });
    const video = row!.video;
    const bucket = this.storage.videosBucket;
    const expiresIn = this.storage.config.urlTtlSeconds;
    const type = fileTypeOf(video.storageKey);
    const signed = await this.storage.driver.presignGet(
      { bucket, key: video.storageKey },
      { expiresIn, contentType: type ? contentTypeOf(type) : undefined },
    );
    const { master, poster, thumbnails } = readEndpoints(storedEndpoints(video));
    const hlsFolder = master ? outputsFolderOf(master, video.storageKey) : null;
    const hlsUrl =
      this.mediaUrlSecret && video.transcodingStatus === 'COMPLETE' && master && hlsFolder
        ? signMediaUrl(this.mediaUrlSecret, bucket, hlsFolder, master.slice(hlsFolder.length))
        : null;
    const image = async (key: string) =>
      (await this.storage.driver.presignGet({ bucket, key }, { expiresIn, contentType: 'image/jpeg' })).url;
    return {
      url: signed.url,
      expiresAt: signed.expiresAt.toISOString(),
      hlsUrl,
      posterUrl: poster ? await image(poster) : null,
      thumbnailUrls: await Promise.all(thumbnails.map(image)),
    };
  }
}
