// The upload engine, the queue and its floating panel (issue 5). Other features import from here.
export { UploadPanel } from './components/upload-panel';
export { enqueueVideo, uploadQueue, useUploadQueue, registerUpload } from './queue/default-queue';
export type { QueueTarget, UploadItem, UploadStatus } from './queue/upload-queue';
export { uploadFile, fingerprintOf, UploadError, PARTS_IN_FLIGHT, type UploadedFile } from './engine/upload-file';
export { checkFile } from './engine/check-file';
export { explorerVideosKey } from './api/uploads-api';
