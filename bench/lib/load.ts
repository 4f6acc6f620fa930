import autocannon, { type Request } from 'autocannon';
import { percentile } from '../report';
import type { Session } from './client';

/**
 * What one autocannon run gave, over its measured window (after the warm-up): 2xx answers per
 * second, their latency percentiles (ms), the other answers; socket errors and timeouts of the whole run.
 */
export interface LoadResult {
  /** 2xx answers per second */
  rate: number;
  p50: number;
  p99: number;
  max: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  seconds: number;
  statuses: Record<string, number>;
  /** CPU milliseconds the server process spent per 2xx answer, when measured */
  serverCpuMs?: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  /** seconds measured */
  duration: number;
  /**
   * seconds before the measured window, on the same connections: the server reaches its steady
   * state (PGlite answers concurrent listings in waves as long as the window) before counting starts
   */
  warmup?: number;
  timeout?: number;
  /** the requests of every connection, in turn */
  requests?: Request[];
  /** or each connection's own requests (called once per connection, in order) */
  perConnection?: (index: number) => Request[];
}

/**
 * One autocannon run: no pipelining, every request built (and signed) just before it is sent. Each
 * connection's requests are wrapped to time them (sent when built: one at a time per connection),
 * so that the warm-up can be left out of the figures.
 */
export async function load(options: LoadOptions): Promise<LoadResult> {
  const warmup = options.warmup ?? 0;
  const samples: { at: number; status: number; ms: number }[] = [];
  let index = 0;
  const timed = (requests: Request[]): Request[] => {
    let sentAt = 0;
    return requests.map((r) => ({
      ...r,
      setupRequest: (request, context) => {
        sentAt = performance.now();
        return r.setupRequest ? r.setupRequest(request, context) : request;
      },
      onResponse: (status, body, context) => {
        const now = performance.now();
        samples.push({ at: now, status, ms: now - sentAt });
        r.onResponse?.(status, body, context);
      },
    }));
  };
  const perConnection = options.perConnection ?? (() => options.requests ?? []);
  const started = performance.now();
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    pipelining: 1,
    duration: warmup + options.duration,
    timeout: options.timeout ?? 30,
    requests: [{ method: 'GET', path: '/api/health' }],
    setupClient: (client) => client.setRequests(timed(perConnection(index++))),
  });
  const from = started + warmup * 1000;
  const seconds = Math.max(0.001, (Math.max(performance.now(), from) - from) / 1000);
  return summarise(
    samples.filter((s) => s.at >= from),
    seconds,
    result,
  );
}

/**
 * The figures of a run's measured window: 2xx answers per second over `seconds`, their latency
 * percentiles (ms, to `decimals` places), the other answers by status, and the run's socket errors.
 */
export function summarise(
  window: readonly { status: number; ms: number }[],
  seconds: number,
  failures: { errors: number; timeouts: number },
  decimals = 0,
): LoadResult {
  const ok = window.filter((s) => s.status >= 200 && s.status < 300);
  const latencies = ok.map((s) => s.ms);
  const statuses: Record<string, number> = {};
  for (const s of window) statuses[s.status] = (statuses[s.status] ?? 0) + 1;
  const round = (ms: number) => Math.round(ms * 10 ** decimals) / 10 ** decimals;
  return {
    rate: ok.length / seconds,
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    max: Math.round(latencies.reduce((most, ms) => Math.max(most, ms), 0)),
    ok: ok.length,
    non2xx: window.length - ok.length,
    errors: failures.errors,
    timeouts: failures.timeouts,
    seconds,
    statuses,
  };
}

/** A GET signed afresh each time it is sent (or, with `signed: false`, sent without x-signature). */
export function getRequest(s: Session, path: string, signed = true): Request {
  return {
    method: 'GET',
    path,
    setupRequest: (request) => {
      const headers = s.headers('GET', path);
      if (!signed) delete headers['x-signature'];
      return { ...request, headers };
    },
  };
}

/** A PUT of a JSON body made just before it is sent, signed; `onAnswer` sees each answer. */
export function putRequest(
  s: Session,
  path: string,
  body: () => unknown,
  onAnswer: (status: number, body: string) => void,
): Request {
  return {
    method: 'PUT',
    path,
    setupRequest: (request) => ({ ...request, headers: s.headers('PUT', path), body: JSON.stringify(body()) }),
    onResponse: (status, text) => onAnswer(status, text),
  };
}

/** The unit edits of the write benchmarks: create a unit, rename it, reorder the units (reversed). */
export interface UnitTarget {
  session: Session;
  subjectId: string;
  version: number;
  unitIds: string[];
  /** names are lc-{tag}-{n} (created) and lr-{tag}-{n} (renamed) */
  tag: string;
}

/** Acknowledged (200) unit edits of one target, by name, and the other answers. */
export interface UnitTally {
  created: string[];
  renamed: string[];
  reorders: number;
  failed: number;
}

const UNIT = '/api/subjects/unit';

export function unitEditRequests(target: UnitTarget, tally: UnitTally): Request[] {
  let n = 0;
  let lastCreated: string | null = null;
  const read = (status: number, text: string): { units: { unitId: string; unitName: string }[] } | null => {
    if (status !== 200) {
      tally.failed++;
      return null;
    }
    const detail = (JSON.parse(text) as { data: { version: number; units: { unitId: string; unitName: string }[] } })
      .data;
    target.version = detail.version;
    target.unitIds = detail.units.map((u) => u.unitId);
    return detail;
  };
  return [
    putRequest(
      target.session,
      `${UNIT}/create`,
      () => {
        n++;
        return { subjectId: target.subjectId, version: target.version, unitName: `lc-${target.tag}-${n}` };
      },
      (status, text) => {
        const detail = read(status, text);
        if (!detail) return;
        const name = `lc-${target.tag}-${n}`;
        lastCreated = detail.units.find((u) => u.unitName === name)?.unitId ?? null;
        tally.created.push(name);
      },
    ),
    putRequest(
      target.session,
      `${UNIT}/update`,
      () => ({
        subjectId: target.subjectId,
        version: target.version,
        unitId: lastCreated ?? 'missing',
        unitName: `lr-${target.tag}-${n}`,
      }),
      (status, text) => {
        if (read(status, text)) tally.renamed.push(`lr-${target.tag}-${n}`);
      },
    ),
    putRequest(
      target.session,
      `${UNIT}/reorder`,
      () => ({ subjectId: target.subjectId, version: target.version, unitIds: [...target.unitIds].reverse() }),
      (status, text) => {
        if (read(status, text)) tally.reorders++;
      },
    ),
  ];
}

/** The current version and units of a subject, read through the API. */
export async function unitTarget(s: Session, subjectId: string, tag: string): Promise<UnitTarget> {
  const detail = await s.ok<{ version: number; units: { unitId: string }[] }>(
    'GET',
    `/api/subjects/subject/subjectid/${subjectId}`,
  );
  return { session: s, subjectId, version: detail.version, unitIds: detail.units.map((u) => u.unitId), tag };
}
