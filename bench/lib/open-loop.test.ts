import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { openLoop } from './open-loop';

let server: http.Server | null = null;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A server that answers after `delay(n)` ms for its n-th request (from 0), with `status`. */
async function slowServer(delay: (n: number) => number, status = 200): Promise<string> {
  let n = 0;
  server = http.createServer((_req, res) => {
    setTimeout(() => res.writeHead(status).end('ok'), delay(n++));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('openLoop', () => {
  it('sends at the offered rate whatever the answers take, and times each from when it was due', async () => {
    // every answer takes 40 ms: a closed loop on one connection would manage 25/s, not 100/s
    const url = await slowServer(() => 40);
    const result = await openLoop({ url, rate: 100, duration: 1, request: () => ({ path: '/', headers: {} }) });
    expect(result.ok).toBeGreaterThanOrEqual(95);
    expect(result.ok).toBeLessThanOrEqual(105);
    expect(result.p50).toBeGreaterThanOrEqual(40);
    expect(result.p50).toBeLessThan(200);
    expect(result.errors + result.non2xx).toBe(0);
  });

  it('shows a stall in the percentiles instead of slowing the load down', async () => {
    // the first quarter second of requests waits 500 ms: their latency counts from when they were due
    const url = await slowServer((n) => (n < 12 ? 500 : 1));
    const result = await openLoop({ url, rate: 50, duration: 1, request: () => ({ path: '/', headers: {} }) });
    expect(result.ok).toBeGreaterThanOrEqual(45);
    expect(result.p99).toBeGreaterThanOrEqual(500);
    // the median is a fast answer, not one queued behind the stall (a closed loop would put it past 500 ms);
    // half the stall leaves room for a busy machine's scheduling, which once took a fast answer to 136 ms
    expect(result.p50).toBeLessThan(250);
  });

  it('counts answers that are not 2xx and leaves the warm-up out', async () => {
    const url = await slowServer(() => 1, 503);
    const result = await openLoop({
      url,
      rate: 40,
      warmup: 0.5,
      duration: 0.5,
      request: () => ({ path: '/', headers: {} }),
    });
    expect(result.ok).toBe(0);
    expect(result.non2xx).toBeGreaterThanOrEqual(18);
    expect(result.non2xx).toBeLessThanOrEqual(22);
    expect(result.statuses['503']).toBe(result.non2xx);
  });
});
