import { batchesContract } from '@lectern/contract';
import { apiBlob } from '../../../lib/api-client';

/** GET /batch/sample-upload: the sample spreadsheet (.xlsx) with the columns of a bulk upload. */
export function getSampleSheet(): Promise<Blob> {
  return apiBlob(batchesContract.sampleUpload);
}
