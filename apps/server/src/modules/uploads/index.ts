// What other modules may use of the uploads module; lint refuses an import deeper than this file.
import type { Db } from '../../db/client';
import { UploadsRepository } from './uploads.repository';

export type { UploadRow } from './uploads.repository';

/** The uploads the file explorer registers as videos: the latest of a key, marked registered. */
export type UploadsLedger = Pick<UploadsRepository, 'latestForKey' | 'markRegistered'>;

export function uploadsLedger(db: Db): UploadsLedger {
  return new UploadsRepository(db);
}
