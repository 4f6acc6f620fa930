import { z } from 'zod';
import { route } from '../route';
import {
  CatalogueIdParamSchema,
  DeletedFilesSchema,
  DeleteFilesSchema,
  ExplorerVideoSchema,
  GetVideosSchema,
  ObjectListingSchema,
  ObjectsQuerySchema,
  PreviewVideosSchema,
  RegisteredVideosSchema,
  RegisterPreviewVideosSchema,
  RegisterSubjectVideosSchema,
  VideoIdParamSchema,
  VideoTransferSchema,
  VideoUrlSchema,
} from './files.schemas';

/**
 * The file explorer's video service (spec 1 §7, spec 2 §7): register uploads, list, copy, move and
 * delete videos (storage and database together), the picker's object listing, preview videos.
 */
export const filesContract = {
  registerSubjectVideos: route({
    method: 'PUT',
    path: '/file-explorer-service/cloud/uploadfiles',
    summary: 'Register uploaded videos of a subject topic (finished uploads under subjects/{subjectId}/ only)',
    access: { kind: 'session', area: 'videoAttach', scoped: true },
    body: RegisterSubjectVideosSchema,
    response: RegisteredVideosSchema,
  }),
  getVideos: route({
    method: 'POST',
    path: '/file-explorer-service/cloud/getvideos',
    summary: 'The videos of a subject, or of one of its units or topics, by name',
    access: { kind: 'session', area: 'videoAttach', scoped: true },
    body: GetVideosSchema,
    response: z.array(ExplorerVideoSchema),
  }),
  copyFiles: route({
    method: 'PUT',
    path: '/file-explorer-service/cloud/copyfiles',
    summary: 'Copy videos (the stored file and the record) to a subject, unit or topic',
    access: { kind: 'session', area: 'videoAttach', scoped: true },
    body: VideoTransferSchema,
    response: RegisteredVideosSchema,
  }),
  moveFiles: route({
    method: 'PUT',
    path: '/file-explorer-service/cloud/movefiles',
    summary: 'Move videos to another topic or subject (to another subject: the file moves and is detached)',
    access: { kind: 'session', area: 'videoAttach', scoped: true },
    body: VideoTransferSchema,
    response: RegisteredVideosSchema,
  }),
  deleteFiles: route({
    method: 'DELETE',
    path: '/file-explorer-service/cloud/deletefiles',
    summary: 'Delete videos: the stored file and the record; subtopics they were attached to lose them',
    access: { kind: 'session', area: 'videoAttach', scoped: true },
    body: DeleteFilesSchema,
    response: DeletedFilesSchema,
  }),
  videoUrl: route({
    method: 'GET',
    path: '/file-explorer-service/cloud/videos/{videoId}/url',
    summary: "A signed, expiring address to play a video's stored file (the file explorer's preview)",
    access: { kind: 'session', area: 'videoAttach', scoped: true },
    params: VideoIdParamSchema,
    response: VideoUrlSchema,
  }),
  objects: route({
    method: 'GET',
    path: '/file-explorer-service/cloud/objects',
    summary: "The resource picker's listing: one page (at most 50) of a resource type's files, .mp4 keys hidden",
    access: { kind: 'session', area: 'publisher' },
    query: ObjectsQuerySchema,
    response: ObjectListingSchema,
  }),
  registerPreviewVideos: route({
    method: 'POST',
    path: '/file-explorer-service/cloud/preview-videos/create',
    summary:
      'Register uploaded preview videos of a catalogue (finished uploads under preview-videos/{catalogueId}/ only)',
    access: { kind: 'session', area: 'publisher' },
    body: RegisterPreviewVideosSchema,
    response: PreviewVideosSchema,
  }),
  previewVideos: route({
    method: 'GET',
    path: '/file-explorer-service/cloud/preview-videos/{id}',
    summary: "A catalogue's preview videos (the demo-video browser's file list)",
    access: { kind: 'session', area: 'publisher' },
    params: CatalogueIdParamSchema,
    response: PreviewVideosSchema,
  }),
};
