// What other modules may use of the files module; lint refuses an import deeper than this file.
import type { Db } from '../../db/client';
import { FilesRepository } from './files.repository';

export type { Caller } from './files.repository';
export { outputsFolderOf, type VideosRegisteredHook } from './video-files';

/** Where an upload may go: a subject the caller may reach, and its units and topics. */
export type UploadTargets = Pick<FilesRepository, 'subjectAccess' | 'unit' | 'topic'>;

export function uploadTargets(db: Db): UploadTargets {
  return new FilesRepository(db);
}
