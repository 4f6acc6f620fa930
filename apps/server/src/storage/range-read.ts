import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { StorageError } from './storage';

/** A read the route serves: status, headers and (not for HEAD) the stream. */
export interface ServedRead {
  status: 200 | 206 | 416;
  headers: Record<string, string>;
  open?: () => Readable;
}

/**
 * Single-range `bytes=a-b`, `bytes=a-`, `bytes=-n`; undefined for none or anything else (the whole
 * file is sent). As RFC 9110 §14.1 has it: a suffix longer than the file is the whole file, a range
 * ending before it starts makes the header ignored, one starting past the end is unsatisfiable.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, from, to] = match;
  if (from === '' && to === '') return undefined;
  let start: number;
  let end: number;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(from);
    end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
    if (to !== '' && Number(to) < start) return undefined;
  }
  if (!Number.isSafeInteger(start) || start >= size) return 'unsatisfiable';
  return { start, end };
}

/**
 * Serves a file on disk with `headers`: the whole of it (200), the one range asked for (206), or 416
 * when that range lies past its end. StorageError 'NotFound' when there is no such file.
 */
export async function readFileRange(
  file: string,
  rangeHeader: string | undefined,
  headers: Record<string, string>,
): Promise<ServedRead> {
  const stat = await fsp.stat(file).catch(() => null);
  if (!stat || !stat.isFile()) throw new StorageError('NotFound', 'no such object');
  const base = { ...headers, 'accept-ranges': 'bytes', 'last-modified': stat.mtime.toUTCString() };
  const range = parseRange(rangeHeader, stat.size);
  if (range === 'unsatisfiable') {
    return { status: 416, headers: { ...base, 'content-range': `bytes */${stat.size}` } };
  }
  if (range) {
    return {
      status: 206,
      headers: {
        ...base,
        'content-range': `bytes ${range.start}-${range.end}/${stat.size}`,
        'content-length': String(range.end - range.start + 1),
      },
      open: () => fs.createReadStream(file, { start: range.start, end: range.end }),
    };
  }
  return {
    status: 200,
    headers: { ...base, 'content-length': String(stat.size) },
    open: () => fs.createReadStream(file),
  };
}
