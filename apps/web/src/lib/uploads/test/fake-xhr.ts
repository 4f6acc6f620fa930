import { vi } from 'vitest';

/** What a fake storage PUT answers: a status and ETag, or a network failure. */
export type FakeAnswer = { status: number; etag?: string; body?: string } | 'network';

export interface FakePut {
  url: string;
  size: number;
  headers: Record<string, string>;
}

/**
 * A stand-in for XMLHttpRequest (storage PUTs): records every request, answers through `handler`
 * after a tick, reports the whole body as progress, and counts requests in flight.
 */
export function installFakeXhr(handler: (put: FakePut, index: number) => FakeAnswer | Promise<FakeAnswer>) {
  const puts: FakePut[] = [];
  const state = { inFlight: 0, maxInFlight: 0 };

  class FakeXhr {
    upload: { onprogress: ((event: { loaded: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    responseText = '';
    private url = '';
    private aborted = false;
    private finished = false;
    private headers: Record<string, string> = {};
    private responseHeaders: Record<string, string> = {};

    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }
    getResponseHeader(name: string) {
      return this.responseHeaders[name.toLowerCase()] ?? null;
    }
    send(body: Blob) {
      const put = { url: this.url, size: body.size, headers: this.headers };
      const index = puts.push(put) - 1;
      state.inFlight++;
      state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
      setTimeout(() => {
        void Promise.resolve(handler(put, index)).then((answer) => {
          if (this.aborted) return;
          this.finished = true;
          state.inFlight--;
          if (answer === 'network') {
            this.onerror?.();
            return;
          }
          this.upload.onprogress?.({ loaded: body.size });
          this.status = answer.status;
          this.responseText = answer.body ?? '';
          if (answer.etag) this.responseHeaders.etag = answer.etag;
          this.onload?.();
        });
      }, 1);
    }
    abort() {
      if (this.aborted || this.finished) return;
      this.aborted = true;
      state.inFlight--;
      this.onabort?.();
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return { puts, state };
}
