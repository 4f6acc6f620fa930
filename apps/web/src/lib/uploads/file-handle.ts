/**
 * A file handle as Chromium gives it (File System Access API). Only what resuming needs; the
 * permission methods are not in lib.dom yet, so each is feature-detected.
 */
export interface ResumableFileHandle {
  readonly kind: 'file';
  readonly name: string;
  getFile(): Promise<File>;
  queryPermission?(descriptor: { mode: 'read' }): Promise<PermissionState>;
  requestPermission?(descriptor: { mode: 'read' }): Promise<PermissionState>;
}

/** The handle a dropped file carries in Chromium (react-dropzone's file-selector sets `file.handle`), if any. */
export function fileHandleOf(file: File): ResumableFileHandle | undefined {
  const handle = (file as File & { handle?: unknown }).handle;
  if (typeof handle !== 'object' || handle === null) return undefined;
  const candidate = handle as Partial<ResumableFileHandle>;
  return candidate.kind === 'file' && typeof candidate.getFile === 'function'
    ? (candidate as ResumableFileHandle)
    : undefined;
}
