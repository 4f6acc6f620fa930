import {
  uploadsContract,
  type RouteInput,
  type RouteOutput,
  type UploadStart,
  type UploadStartResult,
} from '@lectern/contract';
import { apiCall } from '../api-client';

export type SignPartsInput = RouteInput<typeof uploadsContract.signParts>['body'];
export type SignPartsResult = RouteOutput<typeof uploadsContract.signParts>;
export type CompleteInput = RouteInput<typeof uploadsContract.complete>['body'];
export type CompleteResult = RouteOutput<typeof uploadsContract.complete>;

/** The upload signing calls the engine makes (an interface, so tests can stand in for the server). */
export interface UploadApi {
  start(body: UploadStart, signal?: AbortSignal): Promise<UploadStartResult>;
  signParts(uploadId: string, body: SignPartsInput, signal?: AbortSignal): Promise<SignPartsResult>;
  complete(uploadId: string, body: CompleteInput, signal?: AbortSignal): Promise<CompleteResult>;
  abort(uploadId: string): Promise<void>;
}

/** The real calls, through the one API client. */
export const uploadApi: UploadApi = {
  start: (body, signal) => apiCall(uploadsContract.start, { body }, { signal }),
  signParts: (uploadId, body, signal) => apiCall(uploadsContract.signParts, { params: { uploadId }, body }, { signal }),
  complete: (uploadId, body, signal) => apiCall(uploadsContract.complete, { params: { uploadId }, body }, { signal }),
  abort: async (uploadId) => {
    await apiCall(uploadsContract.abort, { params: { uploadId } });
  },
};
