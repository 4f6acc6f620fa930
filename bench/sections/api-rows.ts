import { fmt, type BenchRow } from '../report';
import {
  LOAD_CONNECTIONS,
  LOAD_SECONDS,
  READ_CONNECTIONS,
  READ_SECONDS,
  READ_WARMUP,
  WRITE_CONNECTIONS,
  WRITE_SECONDS,
  type ApiFigures,
} from './api';

const NAME = { pglite: 'PGlite', postgres: 'PostgreSQL' } as const;

/** The table's rows of one driver's API figures. */
export function apiRows(f: ApiFigures): BenchRow[] {
  const db = NAME[f.driver];
  const onPostgres = f.driver === 'postgres';
  const statusNote = (r: { non2xx: number; errors: number; timeouts: number; statuses: Record<string, number> }) =>
    r.non2xx || r.errors ? `; not 2xx: ${r.non2xx}, errors: ${r.errors} (timeouts ${r.timeouts})` : '';
  const cpu = (r: { serverCpuMs?: number }) =>
    r.serverCpuMs === undefined ? '' : `; server CPU ${fmt(r.serverCpuMs)} ms per answer`;
  // the baseline's CPU per call in this process: all of it on PGlite, the client side only on PostgreSQL
  const baseCpu = (b: { cpuMs: number }) =>
    `; baseline CPU ${fmt(b.cpuMs)} ms per call${onPostgres ? ' (client side)' : ''}`;
  const rows: BenchRow[] = [
    {
      section: 'API read throughput',
      figure: `signed single-subject read, ${READ_CONNECTIONS} connections, ${READ_SECONDS} s (${db})`,
      ours: f.detail.rate,
      baseline: f.base.detail.rate,
      unit: 'req/s',
      budget: { min: 0.5, text: '≥ 50% of baseline' },
      note: `GET /subjects/subject/subjectid/bench-s1 (2 x 3 x 4), counted after ${READ_WARMUP} s of warm-up; baseline: the service's ${f.base.detailStatements} statements in a loop; p50 ${f.detail.p50} ms${cpu(f.detail)}${baseCpu(f.base.detail)}${statusNote(f.detail)}`,
    },
    {
      section: 'API read throughput',
      figure: `  p99 latency of that read (${db})`,
      ours: f.detail.p99,
      baseline: null,
      unit: 'ms',
      budget: onPostgres ? { max: 50, text: '< 50 ms' } : null,
      note: `baseline loop p99 ${fmt(f.base.detail.p99)} ms`,
    },
    {
      section: 'API read throughput',
      figure: `subject listing (${f.listingSubjects} subjects), ${READ_CONNECTIONS} connections, ${READ_SECONDS} s (${db})`,
      ours: f.listing.rate,
      baseline: f.base.listing.rate,
      unit: 'req/s',
      budget: { min: 0.5, text: '≥ 50% of baseline' },
      note: `GET /subjects/subject/all, ${fmt(f.single.listingKiB)} KiB per answer; baseline: the service's ${f.base.listingStatements} statements in a loop; p50 ${f.listing.p50} ms${cpu(f.listing)}${baseCpu(f.base.listing)}${statusNote(f.listing)}`,
    },
    {
      section: 'API read throughput',
      figure: `  p99 latency of the listing (${db})`,
      ours: f.listing.p99,
      baseline: null,
      unit: 'ms',
      budget: onPostgres ? { max: 50, text: '< 50 ms' } : null,
      note: `baseline loop p99 ${fmt(f.base.listing.p99)} ms`,
    },
    {
      section: 'API read throughput',
      figure: `catalogue list (${f.catalogues} catalogues), ${READ_CONNECTIONS} connections, ${READ_SECONDS} s (${db})`,
      ours: f.catalogueList.rate,
      baseline: f.base.catalogueList.rate,
      unit: 'req/s',
      budget: { min: 0.5, text: '≥ 50% of baseline' },
      note: `GET /publisher/cataloguemanager/all, ${fmt(f.single.catalogueListKiB)} KiB per answer; baseline: the repository's one statement in a loop; p50 ${f.catalogueList.p50} ms, p99 ${f.catalogueList.p99} ms${cpu(f.catalogueList)}${baseCpu(f.base.catalogueList)}${statusNote(f.catalogueList)}`,
    },
    {
      section: 'API read throughput',
      figure: `catalogue storefront view, ${READ_CONNECTIONS} connections, ${READ_SECONDS} s (${db})`,
      ours: f.storefront.rate,
      baseline: f.base.storefront.rate,
      unit: 'req/s',
      budget: { min: 0.5, text: '≥ 50% of baseline' },
      note: `GET /publisher/catalogue/catalogueid/bench-cat-2 (3 subjects, 2 subscriptions, store-listed); baseline: plain SQL of the same rows (6 statements at once); p50 ${f.storefront.p50} ms, p99 ${f.storefront.p99} ms${cpu(f.storefront)}${baseCpu(f.base.storefront)}${statusNote(f.storefront)}`,
    },
    {
      section: 'API read throughput',
      figure: `student lookup by mobile number (${f.students} students), ${READ_CONNECTIONS} connections, ${READ_SECONDS} s (${db})`,
      ours: f.studentLookup.rate,
      baseline: f.base.studentLookup.rate,
      unit: 'req/s',
      // issue 14 asks for these figures (server time per answer, p99 under load), not a budget
      budget: null,
      note: `GET /students/student/info?mobileNumber=6000123457 as FINANCE; baseline: the one SELECT by mobile number in a loop; p50 ${f.studentLookup.p50} ms, p99 ${f.studentLookup.p99} ms (baseline ${fmt(f.base.studentLookup.p99)} ms)${cpu(f.studentLookup)}${baseCpu(f.base.studentLookup)}${statusNote(f.studentLookup)}`,
    },
    {
      section: 'API read throughput',
      figure: `a student's invoice list (${f.orders} orders), ${READ_CONNECTIONS} connections, ${READ_SECONDS} s (${db})`,
      ours: f.invoiceList.rate,
      baseline: f.base.invoiceList.rate,
      unit: 'req/s',
      // issue 14 asks for these figures (server time per answer, p99 under load), not a budget
      budget: null,
      note: `GET /payments/student/subscription/studentid/bench-student-123457 (3 orders, 2-3 invoices); baseline: plain SQL of the same rows (3 statements at once); p50 ${f.invoiceList.p50} ms, p99 ${f.invoiceList.p99} ms (baseline ${fmt(f.base.invoiceList.p99)} ms)${cpu(f.invoiceList)}${baseCpu(f.base.invoiceList)}${statusNote(f.invoiceList)}`,
    },
    ...(
      [
        [
          'first page',
          f.ordersList.firstMs,
          f.ordersList.first,
          f.base.ordersFirst,
          'GET /payments/orders?page=0&size=10',
        ],
        [
          'search by name in a status and a month',
          f.ordersList.searchMs,
          f.ordersList.search,
          f.base.ordersSearch,
          'GET /payments/orders?q=sharma&status=PAID&from=2026-06-01&to=2026-06-30',
        ],
      ] as const
    ).flatMap(([name, ms, r, base, what]): BenchRow[] => [
      {
        section: 'orders list (issue 34)',
        figure: `${name} with the totals of the filtered set, one request (${f.orders} orders, ${db})`,
        ours: ms,
        baseline: null,
        unit: 'ms',
        // issue 34: the list opens with its first page in under 300 ms of server time
        budget: { max: 300, text: '< 300 ms' },
        note: `${what}&size=10 as FINANCE, median of 5, signed, over HTTP (a page and the totals: two statements at once)`,
      },
      {
        section: 'orders list (issue 34)',
        figure: `  the same, ${READ_CONNECTIONS} connections, ${READ_SECONDS} s (${db})`,
        ours: r.rate,
        baseline: base.rate,
        unit: 'req/s',
        budget: { min: 0.5, text: '≥ 50% of baseline' },
        note: `baseline: the repository's two statements (the page, the totals) at once in a loop; p50 ${r.p50} ms, p99 ${r.p99} ms (baseline ${fmt(base.p99)} ms)${cpu(r)}${baseCpu(base)}${statusNote(r)}`,
      },
    ]),
    ...(
      [
        ['signed single-subject read', f.openDetail, 'GET /subjects/subject/subjectid/bench-s1'],
        ['student lookup by mobile number', f.openStudent, 'GET /students/student/info as FINANCE'],
      ] as const
    ).flatMap(([name, r, what]): BenchRow[] => [
      {
        section: 'open-loop reads',
        figure: `${name} at ${fmt(r.offered)}/s (half its capacity): p99 (${db})`,
        ours: r.p99,
        baseline: null,
        unit: 'ms',
        budget: onPostgres ? { max: 25, text: '< 25 ms' } : { max: 60, text: '< 60 ms' },
        note: `${what}; requests sent at fixed times whatever the answers do, latency from the time each was due; ${r.ok} answers in ${READ_SECONDS} s, p50 ${r.p50} ms, max ${r.max} ms${cpu(r)}`,
      },
      {
        section: 'open-loop reads',
        figure: `  errors at that rate (${db})`,
        ours: r.non2xx + r.errors + r.timeouts,
        baseline: null,
        unit: '',
        budget: { max: 0, text: 'none' },
        note: `statuses ${JSON.stringify(r.statuses)}; socket errors ${r.errors}, timeouts ${r.timeouts}`,
      },
    ]),
    {
      section: 'API write path',
      figure: `unit create, rename, reorder, ${WRITE_CONNECTIONS} connections, ${WRITE_SECONDS} s (${db})`,
      ours: f.writes.rate,
      baseline: f.base.writes,
      unit: 'writes/s',
      budget: { min: 0.5, text: '≥ 50% of baseline' },
      note: `each connection edits the units of a subject of its own, in turn; every answer carries the subject's tree; baseline: the same edits as plain SQL transactions, as many per worker as each connection made; p99 ${f.writes.p99} ms${cpu(f.writes)}${statusNote(f.writes)}`,
    },
    {
      section: 'request signing cost',
      figure: `single-subject read with the check vs without (${db})`,
      ours: f.detail.rate,
      baseline: f.unsigned.rate,
      unit: 'req/s',
      budget: { min: 1 / 1.05, text: '≤ 5% slower' },
      note: `without: BENCH_SKIP_SIGNATURE=true, p99 ${f.unsigned.p99} ms (with: ${f.detail.p99} ms); server CPU per answer ${fmt(f.detail.serverCpuMs ?? NaN)} ms with, ${fmt(f.unsigned.serverCpuMs ?? NaN)} ms without`,
    },
    {
      section: 'one request (issue 4)',
      figure: `listing of ${f.listingSubjects} subjects: time of one request (${db})`,
      ours: f.single.listingMs,
      baseline: f.base.listingMs,
      unit: 'ms',
      budget: null,
      note: `median of 5, signed, over HTTP; baseline: the same SQL; payload ${fmt(f.single.listingKiB)} KiB (rows as JSON: ${fmt(f.base.listingKiB)} KiB)`,
    },
    {
      section: 'one request (issue 4)',
      figure: `subject of 20 x 20 x 20 with its tree: one request (${db})`,
      ours: f.single.bigMs,
      baseline: f.base.bigMs,
      unit: 'ms',
      budget: null,
      note: `payload ${fmt(f.single.bigKiB)} KiB (rows as JSON: ${fmt(f.base.bigKiB)} KiB)`,
    },
  ];
  if (f.load) {
    const r = f.load.result;
    rows.push(
      {
        section: 'load tolerance',
        figure: `error answers, ${LOAD_CONNECTIONS} connections, ${LOAD_SECONDS} s, ${f.load.users} users (${db})`,
        ours: r.non2xx + r.errors,
        baseline: null,
        unit: '',
        budget: { max: 0, text: 'none' },
        note: `${r.ok} answers 2xx at ${fmt(r.rate)}/s; statuses ${JSON.stringify(r.statuses)}; socket errors ${r.errors} (timeouts ${r.timeouts}); mix per connection: its subject read twice, create, rename, reorder of its units, and the listing (1 in 10), a users page (super admins) or another subject`,
      },
      {
        section: 'load tolerance',
        figure: `lost writes, counted in the database afterwards (${db})`,
        ours: f.load.lostWrites,
        baseline: null,
        unit: '',
        budget: { max: 0, text: 'none' },
        note: `${f.load.writesAcknowledged} writes acknowledged; ${f.load.detail}; ${f.load.unacknowledged} more committed whose answers the run cut off`,
      },
      {
        section: 'load tolerance',
        figure: `p99 latency under that load (${db})`,
        ours: r.p99,
        baseline: null,
        unit: 'ms',
        budget: null,
        note: `p50 ${r.p50} ms, max ${r.max} ms`,
      },
    );
  }
  return rows;
}

/** PGlite against PostgreSQL: the two reads on both. */
export function crossDriverRows(figures: ApiFigures[]): BenchRow[] {
  const lite = figures.find((f) => f.driver === 'pglite');
  const postgres = figures.find((f) => f.driver === 'postgres');
  if (!lite || !postgres) return [];
  return [
    {
      section: 'PGlite against PostgreSQL',
      figure: 'signed single-subject read: PGlite vs PostgreSQL',
      ours: lite.detail.rate,
      baseline: postgres.detail.rate,
      unit: 'req/s',
      budget: { min: 1 / 2, text: '≤ 2x slower' },
    },
    {
      section: 'PGlite against PostgreSQL',
      figure: 'subject listing: PGlite vs PostgreSQL',
      ours: lite.listing.rate,
      baseline: postgres.listing.rate,
      unit: 'req/s',
      budget: { min: 1 / 2, text: '≤ 2x slower' },
    },
  ];
}
