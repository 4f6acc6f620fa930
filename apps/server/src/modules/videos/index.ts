// What other modules may use of the videos module: the video records (the file explorer places,
// copies and moves them, live classes add recordings, transcoding tracks their state) and the pure
// mappers of a row. Lint refuses an import deeper than this file.
import type { Db } from '../../db/client';
import { VideosRepository } from './videos.repository';

export type { PlacedVideo, Placement, VideoRow } from './videos.repository';
export { isPreviewVideo, toExplorerVideo, toVideoFile } from './video-file';

/** The video records other modules read and write. */
export type VideosStore = Pick<
  VideosRepository,
  | 'byIds'
  | 'byKey'
  | 'byKeys'
  | 'delete'
  | 'insert'
  | 'moveToSubject'
  | 'place'
  | 'ofCatalogue'
  | 'ofSubject'
  | 'updatePreview'
  | 'lockForFinish'
  | 'lockForSubmit'
  | 'markCancelled'
  | 'markProgressing'
  | 'markSubmitted'
  | 'markTranscoded'
  | 'notTranscoding'
  | 'setStatusOfJob'
>;

export function videosStore(db: Db): VideosStore {
  return new VideosRepository(db);
}
