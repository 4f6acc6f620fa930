import type { TestContext } from './test-app';

/** The start of a valid MP4 (an ftyp box), then `size` bytes in all. */
export function mp4Bytes(size: number, fill = 0x11): Buffer {
  const data = Buffer.alloc(size, fill);
  Buffer.from([0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d]).copy(data);
  return data;
}

export function pngBytes(size: number): Buffer {
  const data = Buffer.alloc(size, 0);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(data);
  return data;
}

export const UPLOADS = '/api/file-explorer-service/cloud/uploads';

export interface Caller {
  token: string;
  role: string;
}

/** An API call as `caller`. */
export function as(t: TestContext, caller: Caller) {
  return (method: string, path: string, body?: unknown) =>
    t.call(method, path, { token: caller.token, role: caller.role, body });
}

/** A PUT to a storage URL the API signed (local driver: served by the app itself). */
export async function putTo(t: TestContext, url: string, data: Buffer, headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'PUT',
    url,
    payload: data,
    headers: { 'content-type': 'application/octet-stream', ...headers },
  });
  let body: any = res.body;
  try {
    body = JSON.parse(res.body);
  } catch {
    /* empty */
  }
  return { status: res.statusCode, etag: res.headers.etag as string | undefined, body };
}

/** Start, send every part (or the single PUT), complete: the whole upload; returns the start and complete answers. */
export async function uploadFile(
  t: TestContext,
  caller: Caller,
  target: unknown,
  fileName: string,
  data: Buffer,
  contentType = '',
) {
  const call = as(t, caller);
  const start = await call('POST', UPLOADS, { target, fileName, size: data.length, contentType });
  if (start.status !== 200) throw new Error(`start ${start.status} ${JSON.stringify(start.body)}`);
  const upload = start.body.data;
  const parts: { partNumber: number; etag: string }[] = [];
  if (upload.mode === 'single') {
    const res = await putTo(t, upload.url, data, upload.headers);
    if (res.status !== 200) throw new Error(`put ${res.status} ${JSON.stringify(res.body)}`);
  } else {
    const numbers = Array.from({ length: upload.partCount }, (_, i) => i + 1);
    const signed = await call('POST', `${UPLOADS}/${upload.uploadId}/parts`, { partNumbers: numbers });
    for (const part of signed.body.data.parts) {
      const start = (part.partNumber - 1) * upload.partSize;
      const res = await putTo(t, part.url, data.subarray(start, start + part.size));
      parts.push({ partNumber: part.partNumber, etag: res.etag! });
    }
  }
  const complete = await call('POST', `${UPLOADS}/${upload.uploadId}/complete`, {
    parts: upload.mode === 'single' ? undefined : parts,
  });
  return { start: upload, complete };
}
