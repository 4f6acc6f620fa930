/** What a storage PUT answered: the HTTP status (0 when the network failed), the ETag, the error text. */
export interface PutResult {
  status: number;
  etag: string | null;
  /** the envelope's message of a refused PUT (the local driver sends one), if any */
  message?: string;
}

export type PutBlob = (
  url: string,
  body: Blob,
  options: { headers?: Record<string, string>; signal?: AbortSignal; onProgress?: (loaded: number) => void },
) => Promise<PutResult>;

// Headers a browser sets itself and refuses from scripts (with a console error).
const FORBIDDEN = new Set(['content-length', 'host', 'connection', 'expect']);

export function abortError(): DOMException {
  return new DOMException('The upload was cancelled.', 'AbortError');
}

export const isAbortError = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

function messageOf(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { message?: unknown };
    return typeof body.message === 'string' ? body.message : undefined;
  } catch {
    return undefined;
  }
}

/**
 * PUTs a blob with XMLHttpRequest, which (unlike fetch) reports upload progress. Never rejects for
 * an HTTP or network failure: the caller decides what to retry. Rejects with an AbortError when aborted.
 */
export const putBlob: PutBlob = (url, body, { headers = {}, signal, onProgress } = {}) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    for (const [name, value] of Object.entries(headers)) {
      if (!FORBIDDEN.has(name.toLowerCase())) xhr.setRequestHeader(name, value);
    }
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.upload.onprogress = (event) => onProgress?.(event.loaded);
    xhr.onload = () => {
      done();
      const ok = xhr.status >= 200 && xhr.status < 300;
      resolve({
        status: xhr.status,
        etag: xhr.getResponseHeader('etag'),
        message: ok ? undefined : messageOf(String(xhr.responseText ?? '')),
      });
    };
    xhr.onerror = () => {
      done();
      resolve({ status: 0, etag: null });
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      done();
      reject(abortError());
    };
    xhr.send(body);
  });
