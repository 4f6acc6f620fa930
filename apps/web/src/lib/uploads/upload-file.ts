import {
  UPLOAD_MAX_PARTS_PER_SIGN,
  uploadPartBytes,
  type StoredPart,
  type UploadStartResult,
  type UploadTarget,
} from '@lectern/contract';
import { isApiError } from '../api-error';
import { uploadApi, type UploadApi } from './uploads-api';
import { abortError, isAbortError, putBlob, type PutBlob, type PutResult } from './put-blob';

/** Parts in flight at once for one file (the issue asks for 4 to 6; 6 fills a fast link best). */
export const PARTS_IN_FLIGHT = 6;

/** How failures are retried: attempts per step, and the backoff between them. */
export interface RetryPolicy {
  attempts: number;
  baseMs: number;
  maxMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 6, baseMs: 500, maxMs: 15_000 };

/** Whether the browser is online, and a way to wait until it is again. */
export interface NetworkWatch {
  online(): boolean;
  waitOnline(signal?: AbortSignal): Promise<void>;
}

export const browserNetwork: NetworkWatch = {
  online: () => typeof navigator === 'undefined' || navigator.onLine !== false,
  waitOnline: (signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(abortError());
      const done = () => {
        window.removeEventListener('online', done);
        signal?.removeEventListener('abort', stop);
        resolve();
      };
      const stop = () => {
        window.removeEventListener('online', done);
        reject(abortError());
      };
      window.addEventListener('online', done);
      signal?.addEventListener('abort', stop, { once: true });
    }),
};

export interface UploadFileOptions {
  /** where the file goes; the server builds the key */
  target: UploadTarget;
  /** aborts every request of this upload */
  signal?: AbortSignal;
  /** bytes stored so far (parts already stored count at once) */
  onProgress?: (loaded: number, total: number) => void;
  /** the server answered start: the upload id (to cancel it), whether it resumed and from which parts */
  onStarted?: (started: UploadStartResult) => void;
  /** parts in flight (default PARTS_IN_FLIGHT) */
  concurrency?: number;
  retry?: RetryPolicy;
  api?: UploadApi;
  put?: PutBlob;
  network?: NetworkWatch;
  /** how long to wait; tests pass a fast clock */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface UploadedFile {
  uploadId: string;
  key: string;
  fileName: string;
  size: number;
  /** the public address of a resource file; null for videos */
  url: string | null;
  resumed: boolean;
}

/** A failure of one upload, with the message to show. */
export class UploadError extends Error {
  override readonly name = 'UploadError';
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

const GENERIC = 'The upload failed. Check your connection and choose Upload All to try again.';

/** The same file across reloads: name, size and last-modified time (at most 200 characters). */
export function fingerprintOf(file: File): string {
  return `${file.lastModified}:${file.size}:${file.name}`.slice(0, 200);
}

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    signal?.addEventListener('abort', stop, { once: true });
  });
}

/** Whether a failed API call is worth repeating: the network, a 5xx, 408 or 429 (never another 4xx). */
function transient(error: unknown): boolean {
  if (isAbortError(error)) return false;
  if (!isApiError(error)) return true;
  return error.status === undefined || error.status >= 500 || error.status === 408 || error.status === 429;
}

function httpTransient(status: number): boolean {
  return status === 0 || status >= 500 || status === 408 || status === 429;
}

/**
 * Uploads one file straight to storage through the server's signed URLs (docs/storage.md): a single
 * PUT for a file of one part, multipart otherwise, with PARTS_IN_FLIGHT parts at once. Each step is
 * retried with backoff; while the browser is offline it waits for the network instead of giving up;
 * an expired part URL (403) is signed again. Starting the same file again (same name, size and
 * last-modified time) resumes from the parts the server already holds.
 */
export async function uploadFile(file: File, options: UploadFileOptions): Promise<UploadedFile> {
  const api = options.api ?? uploadApi;
  const put = options.put ?? putBlob;
  const network = options.network ?? browserNetwork;
  const retry = options.retry ?? DEFAULT_RETRY;
  const sleep = options.sleep ?? defaultSleep;
  // Our own controller: the caller's signal aborts it, and so does a part that failed for good.
  const controller = new AbortController();
  const outer = options.signal;
  if (outer?.aborted) controller.abort();
  else outer?.addEventListener('abort', () => controller.abort(), { once: true });
  const signal = controller.signal;
  const concurrency = Math.max(1, options.concurrency ?? PARTS_IN_FLIGHT);

  const backoff = (attempt: number) =>
    Math.min(retry.maxMs, retry.baseMs * 2 ** attempt) * (0.75 + Math.random() * 0.5);

  /** Waits before another try: for the network while offline (not counted), else the backoff. */
  async function pause(attempt: number): Promise<void> {
    if (!network.online()) await network.waitOnline(signal);
    else await sleep(backoff(attempt), signal);
  }

  /** Runs an API step, repeating it while it fails for a passing reason. */
  async function step<T>(run: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      if (signal?.aborted) throw abortError();
      try {
        return await run();
      } catch (error) {
        if (signal?.aborted || isAbortError(error)) throw abortError();
        const offline = !network.online();
        if (!transient(error) || (!offline && attempt + 1 >= retry.attempts)) {
          throw new UploadError(isApiError(error) ? error.message : GENERIC, isApiError(error) ? error.status : 0);
        }
        await pause(attempt);
      }
    }
  }

  const started = await step(() =>
    api.start(
      {
        target: options.target,
        fileName: file.name,
        size: file.size,
        contentType: file.type || undefined,
        fingerprint: fingerprintOf(file),
      },
      signal,
    ),
  );
  options.onStarted?.(started);
  const uploadId = started.uploadId;

  const stored = new Map<number, StoredPart>();
  if (started.mode === 'multipart') {
    for (const part of started.parts) stored.set(part.partNumber, part);
  }
  const inFlight = new Map<number, number>();
  let lastReported = -1;
  const report = () => {
    let loaded = 0;
    for (const part of stored.values()) loaded += part.size;
    for (const bytes of inFlight.values()) loaded += bytes;
    loaded = Math.min(loaded, file.size);
    if (loaded !== lastReported) {
      lastReported = loaded;
      options.onProgress?.(loaded, file.size);
    }
  };
  report();

  /** PUTs one body, repeating it on a passing failure and asking for a new URL when it expired. */
  async function send(
    partNumber: number,
    body: Blob,
    url: () => Promise<{ url: string; headers: Record<string, string> }>,
    forget: () => void,
  ): Promise<PutResult> {
    let failures = 0;
    let resigned = 0;
    for (;;) {
      if (signal?.aborted) throw abortError();
      const target = await url();
      const result = await put(target.url, body, {
        headers: target.headers,
        signal,
        onProgress: (loaded) => {
          inFlight.set(partNumber, loaded);
          report();
        },
      });
      inFlight.delete(partNumber);
      if (result.status >= 200 && result.status < 300) return result;
      report();
      if (result.status === 403 && resigned < 3) {
        // expired (or a link the server no longer honours): sign again at once
        resigned++;
        forget();
        continue;
      }
      forget();
      const offline = !network.online();
      if (!httpTransient(result.status) || (!offline && ++failures >= retry.attempts)) {
        throw new UploadError(result.message ?? GENERIC, result.status);
      }
      await pause(failures);
    }
  }

  if (started.mode === 'single') {
    let current: { url: string; headers: Record<string, string> } | null = started.url
      ? { url: started.url, headers: started.headers }
      : null;
    await send(
      1,
      file,
      async () => {
        if (!current) {
          const signed = await step(() => api.signParts(uploadId, { partNumbers: [1] }, signal));
          current = { url: signed.parts[0]!.url, headers: signed.headers };
        }
        return current;
      },
      () => {
        current = null;
      },
    );
    stored.set(1, { partNumber: 1, etag: 'single', size: file.size });
    report();
    const done = await step(() => api.complete(uploadId, {}, signal));
    return { ...done, resumed: started.resumed };
  }

  // ---- multipart
  const { partSize, partCount } = started;
  const pending: number[] = [];
  for (let n = 1; n <= partCount; n++) if (!stored.has(n)) pending.push(n);
  const etags = new Map<number, string>([...stored.values()].map((p) => [p.partNumber, p.etag]));
  const unreported: StoredPart[] = [];
  /** Signed URLs by part; a refresh margin keeps a URL from expiring on its way. */
  const urls = new Map<number, { url: string; headers: Record<string, string>; expires: number }>();
  const signing = new Map<number, Promise<void>>();
  const MARGIN_MS = 30_000;
  // part URLs signed per call, and kept ahead of the parts in flight
  const SIGN_AHEAD = UPLOAD_MAX_PARTS_PER_SIGN;

  async function signBatch(first: number): Promise<void> {
    const wanted = [first];
    for (const n of pending) {
      if (wanted.length >= Math.min(UPLOAD_MAX_PARTS_PER_SIGN, SIGN_AHEAD)) break;
      if (!urls.has(n) && !signing.has(n) && n !== first) wanted.push(n);
    }
    const finished = unreported.splice(0, UPLOAD_MAX_PARTS_PER_SIGN);
    const request = step(() =>
      api.signParts(uploadId, { partNumbers: wanted, ...(finished.length ? { stored: finished } : {}) }, signal),
    ).then((signed) => {
      for (const part of signed.parts) {
        urls.set(part.partNumber, { url: part.url, headers: signed.headers, expires: Date.parse(part.expiresAt) });
      }
    });
    for (const n of wanted) signing.set(n, request);
    try {
      await request;
    } catch (error) {
      unreported.unshift(...finished);
      throw error;
    } finally {
      for (const n of wanted) if (signing.get(n) === request) signing.delete(n);
    }
  }

  async function urlFor(partNumber: number) {
    for (;;) {
      const known = urls.get(partNumber);
      if (known && known.expires - MARGIN_MS > Date.now()) return known;
      urls.delete(partNumber);
      const inProgress = signing.get(partNumber);
      if (inProgress) await inProgress;
      else await signBatch(partNumber);
      if (!urls.has(partNumber)) throw new UploadError(GENERIC);
    }
  }

  /** Signs the next parts ahead of need, so no part waits for a URL between batches. */
  function prefetch(): void {
    if (signing.size > 0 || signal.aborted) return;
    const now = Date.now();
    const ready = pending.filter((n) => (urls.get(n)?.expires ?? 0) - MARGIN_MS > now).length;
    // early: a sign call shares the browser's six connections with the PUTs, so it may wait for one
    if (ready >= SIGN_AHEAD / 2) return;
    const next = pending.find((n) => !urls.has(n) && !signing.has(n));
    // a failure here is met again (and reported) by the worker that needs the URL
    if (next !== undefined) signBatch(next).catch(() => undefined);
  }

  async function worker(): Promise<void> {
    for (;;) {
      const partNumber = pending.shift();
      if (partNumber === undefined) return;
      prefetch();
      const start = (partNumber - 1) * partSize;
      const size = uploadPartBytes(file.size, partSize, partNumber);
      const result = await send(
        partNumber,
        file.slice(start, start + size),
        () => urlFor(partNumber),
        () => urls.delete(partNumber),
      );
      urls.delete(partNumber);
      const etag = result.etag ?? '';
      if (!etag) throw new UploadError('Storage did not return the ETag of a part (check the bucket CORS rules).');
      const part = { partNumber, etag, size };
      stored.set(partNumber, part);
      etags.set(partNumber, etag);
      unreported.push(part);
      report();
    }
  }

  // One part failing for good stops the others: the upload is failed (and resumes when started again).
  let failure: unknown;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, Math.max(1, pending.length)) }, () =>
      worker().catch((error: unknown) => {
        failure ??= error;
        pending.length = 0;
        controller.abort();
      }),
    ),
  );
  if (outer?.aborted) throw abortError();
  if (failure !== undefined) throw failure;

  const parts = [...etags.entries()].sort((a, b) => a[0] - b[0]).map(([partNumber, etag]) => ({ partNumber, etag }));
  const done = await step(() => api.complete(uploadId, { parts }, signal));
  return { ...done, resumed: started.resumed };
}
