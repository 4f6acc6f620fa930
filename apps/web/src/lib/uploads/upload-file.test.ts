import { describe, expect, it } from 'vitest';
import {
  UPLOAD_MIN_PART_SIZE,
  uploadPartBytes,
  uploadPartCount,
  uploadPartSize,
  type UploadStartResult,
} from '@lectern/contract';
import { mockApi, type MockRequest } from '../../test/mock-api';
import { installFakeXhr, type FakeAnswer } from './test/fake-xhr';
import { checkFile } from './check-file';
import { PARTS_IN_FLIGHT, fingerprintOf, uploadFile, type NetworkWatch } from './upload-file';

const MiB = 1024 * 1024;
const API = '/file-explorer-service/cloud/uploads';
const TARGET = { type: 'subject', subjectId: 'subj-1', unitId: 'u1', topicId: 't1' } as const;
const FUTURE = () => new Date(Date.now() + 15 * 60_000).toISOString();

function videoFile(size: number, name = 'lecture.mp4'): File {
  const bytes = new Uint8Array(size);
  bytes.set([0, 0, 0, 0x20, 0x66, 0x74, 0x79, 0x70]); // ....ftyp
  return new File([bytes], name, { type: 'video/mp4', lastModified: 1_700_000_000_000 });
}

function startAnswer(file: File, extra: Partial<UploadStartResult> = {}): UploadStartResult {
  const partSize = uploadPartSize(file.size);
  const partCount = uploadPartCount(file.size, partSize);
  const single = partCount === 1;
  return {
    uploadId: 'up-1',
    key: `subjects/subj-1/abc-${file.name}`,
    fileName: `abc-${file.name}`,
    size: file.size,
    mode: single ? 'single' : 'multipart',
    partSize: single ? file.size : partSize,
    partCount,
    url: single ? 'http://storage.test/put/1?v=0' : undefined,
    headers: single ? { 'content-type': 'video/mp4' } : {},
    expiresAt: FUTURE(),
    resumed: false,
    parts: [],
    ...extra,
  };
}

/** A fake server for the signing calls: every sign call gives fresh URLs (`?v=` counts them). */
async function server(file: File, start: UploadStartResult) {
  let signCalls = 0;
  const partSize = start.partSize;
  const api = await mockApi({
    [`POST ${API}`]: { body: { data: start } },
    [`POST ${API}/up-1/parts`]: (request: MockRequest) => {
      signCalls++;
      const body = request.body as { partNumbers: number[] };
      return {
        body: {
          data: {
            parts: body.partNumbers.map((n) => ({
              partNumber: n,
              url: `http://storage.test/part/${n}?v=${signCalls}`,
              size: uploadPartBytes(file.size, partSize, n),
              expiresAt: FUTURE(),
            })),
            headers: {},
            expiresAt: FUTURE(),
          },
        },
      };
    },
    [`POST ${API}/up-1/complete`]: {
      body: { data: { uploadId: 'up-1', key: start.key, fileName: start.fileName, size: file.size, url: null } },
    },
    [`DELETE ${API}/up-1`]: { body: { data: { uploadId: 'up-1', status: 'ABORTED' } } },
  });
  return api;
}

const partOf = (url: string) => Number(/\/part\/(\d+)/.exec(url)?.[1] ?? 0);
const ok = (url: string): FakeAnswer => ({ status: 200, etag: `"etag-${partOf(url)}"` });

describe('part size', () => {
  it('is max(8 MiB, ceil(size / 10,000)): 8 MiB up to 80,000 MiB, then a ten-thousandth', () => {
    expect(uploadPartSize(1)).toBe(8 * MiB);
    expect(uploadPartSize(20 * 1024 * MiB)).toBe(8 * MiB);
    expect(uploadPartSize(200_000 * MiB)).toBe(Math.ceil((200_000 * MiB) / 10_000));
    expect(uploadPartCount(200_000 * MiB)).toBeLessThanOrEqual(10_000);
  });

  it('cuts the file into parts of the size the server answered: full parts, then the rest', async () => {
    const file = videoFile(2 * UPLOAD_MIN_PART_SIZE + 5);
    const start = startAnswer(file);
    const api = await server(file, start);
    const xhr = installFakeXhr((put) => ok(put.url));
    const done = await uploadFile(file, { target: TARGET });
    expect(done.key).toBe(start.key);
    expect(xhr.puts.map((p) => [partOf(p.url), p.size]).sort((a, b) => a[0]! - b[0]!)).toEqual([
      [1, 8 * MiB],
      [2, 8 * MiB],
      [3, 5],
    ]);
    const startBody = api.find(`POST ${API}`)[0]!.body as Record<string, unknown>;
    expect(startBody).toMatchObject({ target: TARGET, fileName: 'lecture.mp4', size: file.size });
    expect(startBody.fingerprint).toBe(fingerprintOf(file));
    expect(fingerprintOf(file)).toBe(`1700000000000:${file.size}:lecture.mp4`);
    const complete = api.find(`POST ${API}/up-1/complete`)[0]!.body as { parts: unknown[] };
    expect(complete.parts).toEqual([
      { partNumber: 1, etag: '"etag-1"' },
      { partNumber: 2, etag: '"etag-2"' },
      { partNumber: 3, etag: '"etag-3"' },
    ]);
  });
});

describe('the upload engine', () => {
  it('sends a file of one part as a single PUT with the signed headers, then completes it', async () => {
    const file = videoFile(1000);
    const api = await server(file, startAnswer(file));
    const xhr = installFakeXhr(() => ({ status: 200, etag: '"x"' }));
    const progress: number[] = [];
    await uploadFile(file, { target: TARGET, onProgress: (loaded) => progress.push(loaded) });
    expect(xhr.puts).toHaveLength(1);
    expect(xhr.puts[0]).toMatchObject({ url: 'http://storage.test/put/1?v=0', size: 1000 });
    expect(xhr.puts[0]!.headers['content-type']).toBe('video/mp4');
    expect(api.find(`POST ${API}/up-1/parts`)).toHaveLength(0);
    expect(api.find(`POST ${API}/up-1/complete`)[0]!.body).toEqual({});
    expect(progress.at(-1)).toBe(1000);
  });

  it('keeps at most six parts in flight', async () => {
    const file = videoFile(12 * UPLOAD_MIN_PART_SIZE);
    await server(file, startAnswer(file));
    // every PUT is held until the engine has as many in flight as it allows: the overlap is certain, not timed
    let allInFlight!: () => void;
    const full = new Promise<void>((resolve) => (allInFlight = resolve));
    const xhr = installFakeXhr(async (put) => {
      if (xhr.state.inFlight >= PARTS_IN_FLIGHT) allInFlight();
      await full;
      return ok(put.url);
    });
    await uploadFile(file, { target: TARGET });
    expect(xhr.puts).toHaveLength(12);
    expect(PARTS_IN_FLIGHT).toBeGreaterThanOrEqual(4);
    expect(PARTS_IN_FLIGHT).toBeLessThanOrEqual(6);
    expect(xhr.state.maxInFlight).toBe(PARTS_IN_FLIGHT);
  });

  it('resumes: when start answers resumed with parts 1-2 stored, only parts 3.. are uploaded', async () => {
    const file = videoFile(4 * UPLOAD_MIN_PART_SIZE);
    const stored = [1, 2].map((n) => ({ partNumber: n, etag: `"stored-${n}"`, size: UPLOAD_MIN_PART_SIZE }));
    const api = await server(file, startAnswer(file, { resumed: true, parts: stored }));
    const xhr = installFakeXhr((put) => ok(put.url));
    const progress: number[] = [];
    const done = await uploadFile(file, { target: TARGET, onProgress: (loaded) => progress.push(loaded) });
    expect(done.resumed).toBe(true);
    expect(xhr.puts.map((p) => partOf(p.url)).sort()).toEqual([3, 4]);
    const signed = api.find(`POST ${API}/up-1/parts`).flatMap((r) => (r.body as { partNumbers: number[] }).partNumbers);
    expect(signed.sort()).toEqual([3, 4]);
    // the stored parts count at once
    expect(progress[0]).toBe(2 * UPLOAD_MIN_PART_SIZE);
    expect((api.find(`POST ${API}/up-1/complete`)[0]!.body as { parts: unknown[] }).parts).toEqual([
      { partNumber: 1, etag: '"stored-1"' },
      { partNumber: 2, etag: '"stored-2"' },
      { partNumber: 3, etag: '"etag-3"' },
      { partNumber: 4, etag: '"etag-4"' },
    ]);
  });

  it('signs an expired part URL again (403) and PUTs the part to the new URL', async () => {
    const file = videoFile(2 * UPLOAD_MIN_PART_SIZE);
    const api = await server(file, startAnswer(file));
    let refused = false;
    const xhr = installFakeXhr((put) => {
      if (partOf(put.url) === 2 && !refused) {
        refused = true;
        return {
          status: 403,
          body: JSON.stringify({
            error: true,
            message: 'This upload link has expired. Ask for a new link and try again.',
          }),
        };
      }
      return ok(put.url);
    });
    await uploadFile(file, { target: TARGET, concurrency: 1 });
    const part2 = xhr.puts.filter((p) => partOf(p.url) === 2).map((p) => p.url);
    expect(part2).toHaveLength(2);
    expect(part2[0]).not.toBe(part2[1]);
    const signCalls = api.find(`POST ${API}/up-1/parts`);
    expect(signCalls.at(-1)!.body).toMatchObject({ partNumbers: [2] });
    // finished parts are reported when asking again, so the server can keep them for resuming
    expect((signCalls.at(-1)!.body as { stored?: { partNumber: number }[] }).stored?.map((p) => p.partNumber)).toEqual([
      1,
    ]);
  });

  it('waits for the network while offline, then goes on without sending stored parts again', async () => {
    const file = videoFile(3 * UPLOAD_MIN_PART_SIZE);
    await server(file, startAnswer(file));
    let online = true;
    let reconnect: () => void = () => undefined;
    const network: NetworkWatch = {
      online: () => online,
      waitOnline: () =>
        new Promise<void>((resolve) => {
          reconnect = () => {
            online = true;
            resolve();
          };
        }),
    };
    const xhr = installFakeXhr((put) => {
      if (partOf(put.url) === 2 && xhr.puts.filter((p) => partOf(p.url) === 2).length === 1) {
        online = false;
        setTimeout(() => reconnect(), 20);
        return 'network';
      }
      return ok(put.url);
    });
    await uploadFile(file, { target: TARGET, network, concurrency: 1 });
    expect(xhr.puts.map((p) => partOf(p.url))).toEqual([1, 2, 2, 3]);
  });

  it('retries a part that failed on the server with growing waits, and gives up with the message after the last try', async () => {
    const file = videoFile(2 * UPLOAD_MIN_PART_SIZE);
    await server(file, startAnswer(file));
    const waits: number[] = [];
    installFakeXhr((put) => (partOf(put.url) === 2 ? { status: 503 } : ok(put.url)));
    await expect(
      uploadFile(file, {
        target: TARGET,
        retry: { attempts: 4, baseMs: 100, maxMs: 10_000 },
        sleep: async (ms) => {
          waits.push(ms);
        },
      }),
    ).rejects.toThrow(/upload failed/i);
    expect(waits).toHaveLength(3);
    expect(waits[2]!).toBeGreaterThan(waits[0]!);
  });

  it('stops every request when aborted', async () => {
    const file = videoFile(3 * UPLOAD_MIN_PART_SIZE);
    await server(file, startAnswer(file));
    const controller = new AbortController();
    installFakeXhr(async (put) => {
      controller.abort();
      return ok(put.url);
    });
    await expect(uploadFile(file, { target: TARGET, signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});

describe('checks before uploading', () => {
  it('names the rule a file breaks', () => {
    expect(checkFile({ name: 'notes.gif', size: 10 }, ['video'], "'Organic Chemistry'")).toBe(
      "'notes.gif' cannot be uploaded to 'Organic Chemistry': it takes MP4, MOV, MKV or WebM videos.",
    );
    expect(checkFile({ name: 'huge.mp4', size: 21 * 1024 ** 3 }, ['video'], 'x')).toBe(
      "'huge.mp4' is 21 GB; videos can be at most 20 GB.",
    );
    expect(checkFile({ name: 'empty.mp4', size: 0 }, ['video'], 'x')).toBe("'empty.mp4' is empty.");
    expect(checkFile({ name: 'photo.png', size: 11 * 1024 * 1024 }, ['image'], 'x')).toBe(
      "'photo.png' is 11 MB; images can be at most 10 MB.",
    );
    expect(checkFile({ name: 'lecture.MP4', size: 5 }, ['video'], 'x')).toBeNull();
  });
});
