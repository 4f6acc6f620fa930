import { route } from '../route';
import {
  AbortUploadResultSchema,
  CompleteUploadResultSchema,
  CompleteUploadSchema,
  SignPartsResultSchema,
  SignPartsSchema,
  UploadIdParamSchema,
  UploadStartResultSchema,
  UploadStartSchema,
} from './uploads.schemas';

/**
 * Upload signing (DESIGN §2): start (single PUT or multipart), sign parts, complete, abort.
 * Area 'videoAttach' (uploads); the service narrows it per target: a subject's assigned people,
 * the publisher area for preview videos and resource types.
 */
export const uploadsContract = {
  start: route({
    method: 'POST',
    path: '/file-explorer-service/cloud/uploads',
    summary:
      'Start an upload (or resume the same file): the server builds the key, chooses single PUT or multipart, and signs',
    access: { kind: 'session', area: 'videoAttach', scoped: true },
    body: UploadStartSchema,
    response: UploadStartResultSchema,
  }),
  signParts: route({
    method: 'POST',
    path: '/file-explorer-service/cloud/uploads/{uploadId}/parts',
    summary: 'Sign part URLs (again when they expired); optionally report parts stored since the last call',
    access: { kind: 'session', area: 'videoAttach', scoped: true },
    params: UploadIdParamSchema,
    body: SignPartsSchema,
    response: SignPartsResultSchema,
  }),
  complete: route({
    method: 'POST',
    path: '/file-explorer-service/cloud/uploads/{uploadId}/complete',
    summary: 'Finish an upload: assemble the parts, check size and content type, keep the file',
    access: { kind: 'session', area: 'videoAttach', scoped: true },
    params: UploadIdParamSchema,
    body: CompleteUploadSchema,
    response: CompleteUploadResultSchema,
  }),
  abort: route({
    method: 'DELETE',
    path: '/file-explorer-service/cloud/uploads/{uploadId}',
    summary: 'Cancel an upload and drop what was stored of it',
    access: { kind: 'session', area: 'videoAttach', scoped: true },
    params: UploadIdParamSchema,
    response: AbortUploadResultSchema,
  }),
};
