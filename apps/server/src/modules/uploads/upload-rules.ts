import { FILE_TYPES, UPLOAD_KINDS, UPLOAD_MESSAGES, formatBytes, type FileTypeKey } from '@lectern/contract';
import { failWith } from '../../lib/app-error';
import { preSanitize } from '../../storage/object-keys';
import type { UploadRow } from './uploads.repository';

const fail = failWith(UPLOAD_MESSAGES);

/** The name as the user chose it, safe to echo in a message. */
export function displayName(name: string): string {
  const clean = preSanitize(name);
  return clean.length > 120 ? `${clean.slice(0, 117)}...` : clean;
}

/** Refuses a size over the limit of the type's kind (413). */
export function checkSize(name: string, type: FileTypeKey, size: number): void {
  const kind = UPLOAD_KINDS[FILE_TYPES[type].kind];
  if (size > kind.maxBytes) {
    throw fail(413, 'tooLarge', {
      fileName: name,
      size: formatBytes(size),
      kind: kind.label,
      limit: formatBytes(kind.maxBytes),
    });
  }
}

/** Refuses a step on an upload that is no longer open: busy completing, finished, registered or cancelled. */
export function assertOpen(upload: UploadRow): void {
  const fileName = displayName(upload.originalName);
  switch (upload.status) {
    case 'STARTED':
      return;
    case 'COMPLETING':
      throw fail(409, 'uploadBusy', { fileName });
    case 'COMPLETED':
      throw fail(409, 'uploadFinished', { fileName });
    case 'REGISTERED':
      throw fail(409, 'uploadRegistered', { fileName });
    default:
      throw fail(409, 'uploadCancelled', { fileName });
  }
}

export const isVideoTarget = (upload: UploadRow) =>
  upload.targetType === 'subject' || upload.targetType === 'preview-video';

/** '3, 4 and 7' (at most ten numbers shown). */
export function describeParts(numbers: number[]): string {
  const shown = numbers.slice(0, 10).map(String);
  if (numbers.length > 10) return `${shown.join(', ')} and ${numbers.length - 10} more`;
  return shown.length > 1 ? `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}` : (shown[0] ?? '');
}
