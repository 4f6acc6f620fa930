import { VIDEO_TARGET_KINDS, filesContract, type UploadTarget } from '@lectern/contract';
import { apiCall } from '../api-client';
import { getSession } from '../session';
import { uploadApi } from './uploads-api';
import { checkFile } from './check-file';
import { uploadFile } from './upload-file';
import { readVideoDuration } from './video-duration';
import { UploadQueue, newUploadId, type QueueTarget, type UploadItem } from './upload-queue';
import { indexedDbPersistence } from './upload-store';

function storageTarget(target: QueueTarget): UploadTarget {
  return target.type === 'subject'
    ? { type: 'subject', subjectId: target.subjectId, unitId: target.unitId, topicId: target.topicId }
    : { type: 'preview-video', catalogueId: target.catalogueId };
}

/**
 * Registers a stored video (spec 1 §7, spec 2 §7): PUT uploadfiles for a subject's topic, POST
 * preview-videos/create for a catalogue. The server records the session's user; uploadedBy is sent
 * as the spec's payload has it.
 */
export async function registerUpload(item: UploadItem & { key: string }, durationSeconds: number): Promise<void> {
  const file = { file: item.fileName, size: item.size, awsKey: item.key, videoDurationInSecond: durationSeconds };
  const uploadedBy = getSession()?.user.userName;
  if (item.target.type === 'subject') {
    const { subjectId, unitId, topicId } = item.target;
    await apiCall(filesContract.registerSubjectVideos, {
      body: { subjectId, unitId, topicId, uploadFilesDtoList: [file], uploadedBy },
    });
  } else {
    const { catalogueId } = item.target;
    await apiCall(filesContract.registerPreviewVideos, {
      body: { catalogueId, fileList: [{ ...file, catalogueId }], uploadedBy },
    });
  }
}

/** The console's one upload queue: lives as long as the page, whatever screen is open. */
export const uploadQueue = new UploadQueue({
  upload: (file, target, hooks) => uploadFile(file, { target: storageTarget(target), ...hooks }),
  abort: (uploadId) => uploadApi.abort(uploadId),
  register: registerUpload,
  readDuration: (file) => readVideoDuration(file),
  newId: newUploadId,
  maxFiles: 2,
  persist: indexedDbPersistence(),
});

// the uploads an earlier page left unfinished, once per page: shown to resume (by themselves where
// the browser still lets the page read the file)
if (typeof window !== 'undefined') void uploadQueue.restore();

/**
 * Checks a video against the contract's limits and queues it. Returns the message naming the rule
 * that refused it, or null when it was queued.
 */
export function enqueueVideo(file: File, target: QueueTarget): string | null {
  const refusal = checkFile(file, VIDEO_TARGET_KINDS, target.label ? `'${target.label}'` : 'this folder');
  if (refusal) return refusal;
  uploadQueue.enqueue(file, target);
  return null;
}

// Leaving the page stops the uploads: ask first while any is still on its way to storage. (They can
// be resumed after a reload, but only by choosing each file again in most browsers.)
if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', (event) => {
    if (uploadQueue.getSnapshot().items.some((item) => item.status === 'uploading' || item.status === 'queued')) {
      event.preventDefault();
    }
  });
}
