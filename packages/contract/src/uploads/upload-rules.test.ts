import { describe, expect, it } from 'vitest';
import {
  FILE_TYPES,
  RESOURCE_TYPES,
  UPLOAD_KINDS,
  UPLOAD_MIN_PART_SIZE,
  acceptFor,
  contentTypeAgrees,
  describeAccepted,
  fileTypeOf,
  matchesMagicBytes,
  uploadPartBytes,
  uploadPartCount,
  uploadPartSize,
  type FileTypeKey,
} from './upload-rules';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? Array.from(p, (c) => c.charCodeAt(0)) : p)));

const SAMPLES: Record<FileTypeKey, Uint8Array> = {
  mp4: bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 2, 0]),
  mov: bytes([0, 0, 0, 0x14], 'ftypqt  ', [0, 0, 0, 0]),
  mkv: bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81]),
  webm: bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81]),
  jpeg: bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'),
  png: bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], 'IHDR'),
  webp: bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '),
  pdf: bytes('%PDF-1.7\n'),
};

describe('file types and limits', () => {
  it('documents the limits per kind', () => {
    expect(UPLOAD_KINDS.video.maxBytes).toBe(20 * 1024 ** 3);
    expect(UPLOAD_KINDS.image.maxBytes).toBe(10 * 1024 ** 2);
    expect(UPLOAD_KINDS.document.maxBytes).toBe(50 * 1024 ** 2);
  });

  it.each([
    ['lecture.mp4', 'mp4'],
    ['LECTURE.MP4', 'mp4'],
    ['clip.mov', 'mov'],
    ['clip.mkv', 'mkv'],
    ['clip.webm', 'webm'],
    ['photo.jpg', 'jpeg'],
    ['photo.JPEG', 'jpeg'],
    ['icon.png', 'png'],
    ['icon.webp', 'webp'],
    ['syllabus.pdf', 'pdf'],
    ['archive.tar.pdf', 'pdf'],
    ['notes.docx', undefined],
    ['movie.avi', undefined],
    ['mp4', undefined],
    ['.mp4', undefined],
    ['trailing.', undefined],
  ])('%s is %s', (name, type) => {
    expect(fileTypeOf(name)).toBe(type);
  });

  it('takes an empty or generic content type, refuses a contradicting one', () => {
    expect(contentTypeAgrees('mkv', '')).toBe(true);
    expect(contentTypeAgrees('mkv', undefined)).toBe(true);
    expect(contentTypeAgrees('mp4', 'application/octet-stream')).toBe(true);
    expect(contentTypeAgrees('mp4', 'video/mp4; codecs="avc1"')).toBe(true);
    expect(contentTypeAgrees('jpeg', 'IMAGE/JPEG')).toBe(true);
    expect(contentTypeAgrees('mp4', 'image/png')).toBe(false);
    expect(contentTypeAgrees('pdf', 'text/html')).toBe(false);
  });

  it('describes what a target takes', () => {
    expect(describeAccepted(['video'])).toBe('MP4, MOV, MKV or WebM videos');
    expect(describeAccepted(['image'])).toBe('JPEG, PNG or WebP images');
    expect(describeAccepted(['document'])).toBe('PDF documents');
    expect(acceptFor(['image'])).toBe('.jpg,.jpeg,.png,.webp');
  });

  it('has one folder per resource type, none inside another', () => {
    const folders = RESOURCE_TYPES.map((r) => r.folder);
    expect(new Set(folders).size).toBe(RESOURCE_TYPES.length);
    for (const a of folders) {
      expect(a.endsWith('/')).toBe(true);
      for (const b of folders) if (a !== b) expect(b.startsWith(a)).toBe(false);
      expect(a.startsWith('subjects/') || a.startsWith('preview-videos/')).toBe(false);
    }
  });
});

describe('magic bytes', () => {
  for (const type of Object.keys(FILE_TYPES) as FileTypeKey[]) {
    it(`${type}: its own signature passes, the others' do not`, () => {
      expect(matchesMagicBytes(type, SAMPLES[type])).toBe(true);
      for (const other of Object.keys(FILE_TYPES) as FileTypeKey[]) {
        const sameFamily =
          (['mp4', 'mov'].includes(type) && ['mp4', 'mov'].includes(other)) ||
          (['mkv', 'webm'].includes(type) && ['mkv', 'webm'].includes(other));
        if (!sameFamily && other !== type) expect(matchesMagicBytes(type, SAMPLES[other])).toBe(false);
      }
      expect(matchesMagicBytes(type, new Uint8Array())).toBe(false);
      expect(matchesMagicBytes(type, bytes('<html><body>not a file'))).toBe(false);
    });
  }

  it('needs WEBP after RIFF (a WAV file is RIFF too)', () => {
    expect(matchesMagicBytes('webp', bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '))).toBe(false);
  });
});

describe('part size', () => {
  it('is max(8 MiB, ceil(size / 10,000))', () => {
    expect(uploadPartSize(1)).toBe(UPLOAD_MIN_PART_SIZE);
    expect(uploadPartSize(20 * 1024 ** 3)).toBe(UPLOAD_MIN_PART_SIZE);
    expect(uploadPartSize(100 * 1024 ** 3)).toBe(Math.ceil((100 * 1024 ** 3) / 10_000));
    expect(uploadPartCount(100 * 1024 ** 3)).toBeLessThanOrEqual(10_000);
  });

  it('splits a file into full parts and a remainder', () => {
    const size = 3 * UPLOAD_MIN_PART_SIZE + 5;
    const partSize = uploadPartSize(size);
    expect(uploadPartCount(size, partSize)).toBe(4);
    expect([1, 2, 3, 4].map((n) => uploadPartBytes(size, partSize, n))).toEqual([partSize, partSize, partSize, 5]);
    expect(uploadPartCount(UPLOAD_MIN_PART_SIZE)).toBe(1);
  });
});
