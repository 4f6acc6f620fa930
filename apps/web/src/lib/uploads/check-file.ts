import {
  FILE_TYPES,
  UPLOAD_KINDS,
  UPLOAD_MESSAGES,
  describeAccepted,
  fileTypeOf,
  fillMessage,
  formatBytes,
  type UploadKind,
} from '@lectern/contract';

/**
 * Checks a file against the contract's rules before anything is sent (the server checks again):
 * a type the place takes, not empty, within its kind's limit. Returns the message naming the rule
 * that refuses it, or null.
 */
export function checkFile(
  file: { name: string; size: number },
  kinds: readonly UploadKind[],
  targetLabel: string,
): string | null {
  const type = fileTypeOf(file.name);
  if (!type || !kinds.includes(FILE_TYPES[type].kind)) {
    return fillMessage(UPLOAD_MESSAGES.unsupportedType, {
      fileName: file.name,
      target: targetLabel,
      accepted: describeAccepted(kinds),
    });
  }
  if (file.size === 0) return fillMessage(UPLOAD_MESSAGES.emptyFile, { fileName: file.name });
  const kind = UPLOAD_KINDS[FILE_TYPES[type].kind];
  if (file.size > kind.maxBytes) {
    return fillMessage(UPLOAD_MESSAGES.tooLarge, {
      fileName: file.name,
      size: formatBytes(file.size),
      kind: kind.label,
      limit: formatBytes(kind.maxBytes),
    });
  }
  return null;
}
