/**
 * Messages of uploads, storage and the file explorer (Lectern's own: the specifications word none of
 * them). Square-bracket placeholders are filled with fillMessage.
 */
export const UPLOAD_MESSAGES = {
  emptyName: "'[fileName]' has no usable characters left once special characters are removed. Rename the file.",
  unsupportedType: "'[fileName]' cannot be uploaded to [target]: it takes [accepted].",
  contentTypeMismatch: "'[fileName]' is sent as [contentType], which does not match its extension.",
  emptyFile: "'[fileName]' is empty.",
  tooLarge: "'[fileName]' is [size]; [kind] can be at most [limit].",
  sizeMismatch: "'[fileName]' was announced as [declared] but [stored] arrived. Upload it again.",
  magicMismatch: "'[fileName]' is not [typeLabel]: its content does not match its type.",
  alreadyExists: "'[fileName]' already exists in [target]. Rename the file, or choose the existing one.",
  inProgressElsewhere: "'[fileName]' is being uploaded to [target] by someone else right now.",
  uploadNotFound: 'We could not find that upload. It may have been cancelled; start it again.',
  uploadCancelled: "The upload of '[fileName]' was cancelled. Start it again.",
  uploadBusy: "'[fileName]' is being completed already.",
  uploadFinished: "'[fileName]' has been uploaded already.",
  uploadRegistered: "'[fileName]' is registered already: delete the video instead.",
  uploadNotComplete: "'[fileName]' has not finished uploading yet.",
  partsMissing: "'[fileName]' is missing [count|part] ([parts]). Upload what is missing, then complete again.",
  partOutOfRange: 'Part [partNumber] is outside this upload (it has [partCount|part]).',
  singleUploadParts: 'This upload is a single PUT: ask for part 1 only.',
  uploaded: "'[fileName]' was uploaded.",
  linkExpired: 'This upload link has expired. Ask for a new link and try again.',
  readLinkExpired: 'This file link has expired. Reload the page to get a new one.',
  linkInvalid: 'This storage link is not valid.',
  bodyTooLarge: 'This upload is larger than its link allows ([limit]).',
  storageUnavailable: 'File storage is not reachable right now. Please try again later.',
  continuationInvalid: 'The listing position (continuation token) is not valid. Start the listing again.',
  keyOutsideFolder: "'[key]' is not a file of [target].",
  keyNotUploaded: "'[key]' is not a finished upload of [target]. Upload it again.",
  videosRegistered: '[count|video] registered.',
  videosCopied: '[count|video] copied.',
  videosMoved: '[count|video] moved.',
  videosDeleted: '[count|video] deleted.',
  videoNotFound: 'We could not find [count|video] of those chosen. They may have been deleted.',
  videoAttachedLocked:
    "'[videoName]' is attached to a subtopic of '[subjectName]', which is under review; it cannot be moved or deleted until the subject is reverted.",
  unitNotInSubject: 'That unit does not belong to the subject.',
  topicNotInUnit: 'That topic does not belong to the unit.',
  nothingSelected: 'Choose at least one video.',
  storedFileMissing: 'The stored file of a chosen video is missing. Delete that video and upload it again.',
} as const;

export type UploadMessageKey = keyof typeof UPLOAD_MESSAGES;
