import http from 'node:http';
import { summarise, type LoadResult } from './load';

export interface OpenLoopOptions {
  url: string;
  /** requests per second, offered whatever the answers do */
  rate: number;
  /** seconds measured */
  duration: number;
  /** seconds before the measured window, at the same rate */
  warmup?: number;
  /** the path and headers of each request (a fresh signature each time) */
  request: () => { path: string; headers: Record<string, string> };
  /** an answer slower than this counts as a timeout (an error) */
  timeoutMs?: number;
}

/**
 * An open-loop load: requests are sent at fixed times (`rate` per second), each on a free
 * keep-alive socket or a new one, whether or not earlier answers have come back; a request's
 * latency runs from the time it was due, so a stalled server shows in the percentiles instead of
 * slowing the load down (no coordinated omission). Closed-loop runs with many connections on one
 * core measure queueing by construction; this measures what a caller at a steady rate waits.
 */
export async function openLoop(options: OpenLoopOptions): Promise<LoadResult & { offered: number }> {
  const target = new URL(options.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const warmup = options.warmup ?? 0;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const total = Math.round(options.rate * (warmup + options.duration));
  const samples: { due: number; status: number; ms: number }[] = [];
  let errors = 0;
  let timeouts = 0;
  const started = performance.now();
  const dueAt = (i: number) => started + (i * 1000) / options.rate;

  const send = (due: number) =>
    new Promise<void>((resolve) => {
      const { path, headers } = options.request();
      const finish = (status: number) => {
        if (status > 0) samples.push({ due, status, ms: performance.now() - due });
        resolve();
      };
      const req = http.request(
        { host: target.hostname, port: target.port, path, method: 'GET', headers, agent },
        (res) => {
          res.on('data', () => undefined);
          res.on('end', () => finish(res.statusCode ?? 0));
          res.on('error', () => {
            errors++;
            finish(0);
          });
        },
      );
      req.setTimeout(timeoutMs, () => {
        timeouts++;
        req.destroy(new Error('timeout'));
      });
      req.on('error', () => {
        errors++;
        finish(0);
      });
      req.end();
    });

  const inFlight: Promise<void>[] = [];
  let next = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (next < total && dueAt(next) <= now) inFlight.push(send(dueAt(next++)));
      if (next >= total) return resolve();
      // wake for the next due request (timers fire no sooner than 1 ms)
      setTimeout(tick, Math.max(0, Math.min(5, dueAt(next) - performance.now())));
    };
    tick();
  });
  await Promise.all(inFlight);
  agent.destroy();

  const from = started + warmup * 1000;
  const window = samples.filter((s) => s.due >= from);
  return { offered: options.rate, ...summarise(window, options.duration, { errors, timeouts }, 1) };
}
