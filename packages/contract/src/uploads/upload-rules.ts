// What may be uploaded where, how big, and how its first bytes must look (issue 5, spec 2 §7).
// Pure data and functions: the web checks a file before uploading, the server checks it again.

const KiB = 1024;
const MiB = 1024 * KiB;
const GiB = 1024 * MiB;

/** The kinds of file Lectern stores, each with its size limit (1024-based, as formatBytes shows them). */
export const UPLOAD_KINDS = {
  video: { label: 'videos', maxBytes: 20 * GiB },
  image: { label: 'images', maxBytes: 10 * MiB },
  document: { label: 'documents', maxBytes: 50 * MiB },
} as const;
export type UploadKind = keyof typeof UPLOAD_KINDS;

/**
 * The file types Lectern accepts: extensions, the content types a browser may report for them, how to
 * name one in a message, and the bytes its content must start with (checked after the upload).
 */
export const FILE_TYPES = {
  mp4: { kind: 'video', extensions: ['mp4'], contentTypes: ['video/mp4'], label: 'an MP4 video', short: 'MP4' },
  mov: { kind: 'video', extensions: ['mov'], contentTypes: ['video/quicktime'], label: 'a MOV video', short: 'MOV' },
  mkv: {
    kind: 'video',
    extensions: ['mkv'],
    contentTypes: ['video/x-matroska', 'video/matroska'],
    label: 'an MKV video',
    short: 'MKV',
  },
  webm: { kind: 'video', extensions: ['webm'], contentTypes: ['video/webm'], label: 'a WebM video', short: 'WebM' },
  jpeg: {
    kind: 'image',
    extensions: ['jpg', 'jpeg'],
    contentTypes: ['image/jpeg', 'image/jpg', 'image/pjpeg'],
    label: 'a JPEG image',
    short: 'JPEG',
  },
  png: { kind: 'image', extensions: ['png'], contentTypes: ['image/png'], label: 'a PNG image', short: 'PNG' },
  webp: { kind: 'image', extensions: ['webp'], contentTypes: ['image/webp'], label: 'a WebP image', short: 'WebP' },
  pdf: {
    kind: 'document',
    extensions: ['pdf'],
    contentTypes: ['application/pdf'],
    label: 'a PDF document',
    short: 'PDF',
  },
} as const satisfies Record<
  string,
  { kind: UploadKind; extensions: readonly string[]; contentTypes: readonly string[]; label: string; short: string }
>;
export type FileTypeKey = keyof typeof FILE_TYPES;

/** The content type Lectern stores and serves a file type with. */
export function contentTypeOf(type: FileTypeKey): string {
  return FILE_TYPES[type].contentTypes[0];
}

/** The lower-case extension of a file name ('' when it has none). */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 || dot === fileName.length - 1 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** The file type a name's extension claims, or undefined for an extension Lectern does not take. */
export function fileTypeOf(fileName: string): FileTypeKey | undefined {
  const ext = extensionOf(fileName);
  return (Object.keys(FILE_TYPES) as FileTypeKey[]).find((key) =>
    (FILE_TYPES[key].extensions as readonly string[]).includes(ext),
  );
}

/**
 * True when a browser-reported content type agrees with a file type: an empty or generic type
 * (browsers report '' for .mkv on some systems) agrees with anything.
 */
export function contentTypeAgrees(type: FileTypeKey, contentType: string | undefined): boolean {
  const reported = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (reported === '' || reported === 'application/octet-stream' || reported === 'binary/octet-stream') return true;
  return (FILE_TYPES[type].contentTypes as readonly string[]).includes(reported);
}

function startsWith(bytes: Uint8Array, expected: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + expected.length) return false;
  return expected.every((value, i) => bytes[offset + i] === value);
}

const ascii = (text: string) => Array.from(text, (ch) => ch.charCodeAt(0));
const EBML = [0x1a, 0x45, 0xdf, 0xa3];

/** How many leading bytes the content check needs. */
export const MAGIC_BYTES_NEEDED = 16;

/**
 * True when `bytes` (the start of a file) look like the file type: 'ftyp' at offset 4 for MP4 and MOV,
 * the EBML header for MKV and WebM, FF D8 FF for JPEG, the PNG signature, RIFF....WEBP, '%PDF-'.
 */
export function matchesMagicBytes(type: FileTypeKey, bytes: Uint8Array): boolean {
  switch (type) {
    case 'mp4':
    case 'mov':
      return startsWith(bytes, ascii('ftyp'), 4);
    case 'mkv':
    case 'webm':
      return startsWith(bytes, EBML);
    case 'jpeg':
      return startsWith(bytes, [0xff, 0xd8, 0xff]);
    case 'png':
      return startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'webp':
      return startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8);
    case 'pdf':
      return startsWith(bytes, ascii('%PDF-'));
  }
}

/** Multipart uploads: parts are at least 8 MiB, and a file has at most 10,000 of them (S3's limit). */
export const UPLOAD_MIN_PART_SIZE = 8 * MiB;
export const UPLOAD_MAX_PARTS = 10_000;
/** At most this many part URLs are signed by one call. */
export const UPLOAD_MAX_PARTS_PER_SIGN = 100;
/** An interrupted upload can be resumed for this long after it started; then it is aborted. */
export const UPLOAD_RESUME_WINDOW_MS = 7 * 24 * 3600 * 1000;

/** The part size for a file: max(8 MiB, ceil(size / 10,000)). A file of one part goes up as a single PUT. */
export function uploadPartSize(size: number): number {
  return Math.max(UPLOAD_MIN_PART_SIZE, Math.ceil(size / UPLOAD_MAX_PARTS));
}

/** How many parts a file of `size` bytes has at `partSize`. */
export function uploadPartCount(size: number, partSize = uploadPartSize(size)): number {
  return Math.max(1, Math.ceil(size / partSize));
}

/** The exact size of part `partNumber` (1-based): full parts, then the remainder. */
export function uploadPartBytes(size: number, partSize: number, partNumber: number): number {
  const start = (partNumber - 1) * partSize;
  return Math.max(0, Math.min(partSize, size - start));
}

/**
 * The resource types of spec 2 §7: each has its own bucket (S3_BUCKET_<KEY>), its own folder (the
 * key template is `{folder}{fileName}` with the picker's name rule), and the kinds it takes.
 */
export const RESOURCE_TYPES = [
  { key: 'testimonial-image', label: 'Testimonial image', folder: 'testimonials/images/', kinds: ['image'] },
  { key: 'instructor-image', label: 'Instructor image', folder: 'instructors/images/', kinds: ['image'] },
  { key: 'instructor-resume', label: 'Instructor resume', folder: 'instructors/resumes/', kinds: ['document'] },
  { key: 'catalogue-syllabus', label: 'Catalogue syllabus', folder: 'catalogues/syllabus/', kinds: ['document'] },
  { key: 'store-icon', label: 'Store icon', folder: 'store/icons/', kinds: ['image'] },
  { key: 'question-paper', label: 'Question paper', folder: 'question-papers/', kinds: ['document'] },
  { key: 'catalogue-image', label: 'Catalogue image', folder: 'catalogues/images/', kinds: ['image'] },
  { key: 'live-class-thumbnail', label: 'Live class thumbnails', folder: 'live-classes/thumbnails/', kinds: ['image'] },
  { key: 'student-update-image', label: 'Student update images', folder: 'student-updates/images/', kinds: ['image'] },
] as const satisfies readonly { key: string; label: string; folder: string; kinds: readonly UploadKind[] }[];
export type ResourceTypeKey = (typeof RESOURCE_TYPES)[number]['key'];
export const RESOURCE_TYPE_KEYS = RESOURCE_TYPES.map((r) => r.key) as [ResourceTypeKey, ...ResourceTypeKey[]];

/** One resource type's definition. */
export function resourceType(key: ResourceTypeKey): (typeof RESOURCE_TYPES)[number] {
  return RESOURCE_TYPES.find((r) => r.key === key)!;
}

/** Subject videos and preview videos take videos only. */
export const VIDEO_TARGET_KINDS: readonly UploadKind[] = ['video'];

/** The extensions a set of kinds accepts, for drop-zone accept filters: '.mp4,.mov,...'. */
export function acceptFor(kinds: readonly UploadKind[]): string {
  return (Object.values(FILE_TYPES) as { kind: UploadKind; extensions: readonly string[] }[])
    .filter((t) => kinds.includes(t.kind))
    .flatMap((t) => t.extensions.map((e) => `.${e}`))
    .join(',');
}

/** 'MP4, MOV, MKV or WebM videos' for a set of kinds. */
export function describeAccepted(kinds: readonly UploadKind[]): string {
  return kinds
    .map((kind) => {
      const names = (Object.values(FILE_TYPES) as { kind: UploadKind; short: string }[])
        .filter((t) => t.kind === kind)
        .map((t) => t.short);
      const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}` : names[0];
      return `${list} ${UPLOAD_KINDS[kind].label}`;
    })
    .join(' and ');
}
