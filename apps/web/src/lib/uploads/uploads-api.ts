import {
  contract,
  type RouteInput,
  type RouteOutput,
  type UploadStart,
  type UploadStartResult,
} from '@lectern/contract';
import { apiCall } from '../api-client';

export type SignPartsInput = RouteInput<typeof contract.uploads.signParts>['body'];
export type SignPartsResult = RouteOutput<typeof contract.uploads.signParts>;
export type CompleteInput = RouteInput<typeof contract.uploads.complete>['body'];
export type CompleteResult = RouteOutput<typeof contract.uploads.complete>;

/** The upload signing calls the engine makes (an interface, so tests can stand in for the server). */
export interface UploadApi {
  start(body: UploadStart, signal?: AbortSignal): Promise<UploadStartResult>;
  signParts(uploadId: string, body: SignPartsInput, signal?: AbortSignal): Promise<SignPartsResult>;
  complete(uploadId: string, body: CompleteInput, signal?: AbortSignal): Promise<CompleteResult>;
  abort(uploadId: string): Promise<void>;
}

/** The real calls, through the one API client. */
export const uploadApi: UploadApi = {
  start: (body, signal) => apiCall(contract.uploads.start, { body }, { signal }),
  signParts: (uploadId, body, signal) =>
    apiCall(contract.uploads.signParts, { params: { uploadId }, body }, { signal }),
  complete: (uploadId, body, signal) => apiCall(contract.uploads.complete, { params: { uploadId }, body }, { signal }),
  abort: async (uploadId) => {
    await apiCall(contract.uploads.abort, { params: { uploadId } });
  },
};
