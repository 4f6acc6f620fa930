import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../../apps/server/src/db/client';
import { BIG_SUBJECT_ID } from '../../apps/server/src/seed/large-seed';
import { signIn, type Session } from '../lib/client';
import { createScratchDatabase, startBenchConsole, type RunningConsole } from '../lib/console';
import { ALL_CPUS, LOAD_CPU, SERVER_CPU, cpuSeconds, onCpus, pinSelf } from '../lib/cpu';
import {
  getRequest,
  load,
  unitEditRequests,
  unitTarget,
  type LoadResult,
  type UnitTally,
  type UnitTarget,
} from '../lib/load';
import { STOREFRONT_CATALOGUE, catalogueReads } from '../lib/catalogue-sql';
import { openLoop } from '../lib/open-loop';
import { BENCH_STUDENT, studentReads } from '../lib/student-sql';
import { OrdersListRepository, type OrderFilters } from '../../apps/server/src/modules/payments/orders-list.repository';
import { UnitEditsSql, captureReads, fixedRate, loopRate, replay } from '../lib/sql';
import { medianMs } from '../report';

/**
 * The API figures of one database driver, against the built console (DEMO_SEED=large) on core 0
 * with autocannon on core 1: read throughput (a signed single-subject read and the listing),
 * the write path (unit create, rename, reorder), the signing cost (the read without the check,
 * BENCH_SKIP_SIGNATURE), optionally load tolerance; then, with the server stopped, the same SQL in
 * a plain loop on core 0 (the baselines) and the database checks of the load run.
 */

export type Driver = 'pglite' | 'postgres';

const env = (name: string, fallback: number) => Number(process.env[name] || fallback);
/** seconds of each autocannon read run, after a warm-up on the same connections */
export const READ_SECONDS = env('BENCH_READ_SECONDS', 20);
export const READ_WARMUP = env('BENCH_WARMUP_SECONDS', 10);
/** seconds of each baseline loop */
export const BASE_SECONDS = env('BENCH_BASE_SECONDS', 10);
/** seconds of the API write run (the baseline then makes the same writes) */
export const WRITE_SECONDS = env('BENCH_WRITE_SECONDS', 15);
export const LOAD_SECONDS = env('BENCH_LOAD_SECONDS', 60);
export const READ_CONNECTIONS = 50;
/** seconds of an open-loop run before its measured window */
const OPEN_WARMUP = 3;
/** the server's PostgreSQL pool (apps/server/src/db/client.ts) */
const POOL_SIZE = 10;
export const WRITE_CONNECTIONS = 20;
export const LOAD_CONNECTIONS = 200;

/** An ordinary subject of the large seed (2 units x 3 topics x 4 subtopics): the single-subject read. */
export const READ_SUBJECT = 'bench-s1';
const DETAIL = (id: string) => `/api/subjects/subject/subjectid/${id}`;
const LISTING = '/api/subjects/subject/all';
const CATALOGUE_LIST = '/api/publisher/cataloguemanager/all';
const STOREFRONT = `/api/publisher/catalogue/catalogueid/${STOREFRONT_CATALOGUE}`;
const STUDENT_LOOKUP = `/api/students/student/info?mobileNumber=${BENCH_STUDENT.mobileNumber}`;
const INVOICE_LIST = `/api/payments/student/subscription/studentid/${BENCH_STUDENT.id}`;
/** the orders list (issue 34): its first page, and a search by name within a status and a month */
const ORDERS_FIRST_PAGE = '/api/payments/orders?page=0&size=10';
const ORDERS_SEARCH = '/api/payments/orders?q=sharma&status=PAID&from=2026-06-01&to=2026-06-30&page=0&size=10';
const ORDERS_SEARCH_FILTERS: OrderFilters = { q: 'sharma', status: 'PAID', from: '2026-06-01', to: '2026-06-30' };
/** IN_PROGRESS subjects of the large seed (every fourth): 1-20 API writes, 21-40 baseline writes, 41-240 load */
const inProgress = (i: number) => `bench-s${4 * i}`;

/** The signed-in users of the load run: demo staff and large-seed staff users, admins all. */
const LOAD_USERS: [phone: string, role: string][] = [
  ['9000000001', 'SUPER_ADMIN'],
  ['9000000002', 'CONTENT_ADMIN'],
  ['7000000006', 'SUPER_ADMIN'],
  ['7000000012', 'SUPER_ADMIN'],
  ['7000000001', 'CONTENT_ADMIN'],
  ['7000000013', 'CONTENT_ADMIN'],
];

export interface LoadFigures {
  result: LoadResult;
  users: number;
  writesAcknowledged: number;
  /** acknowledged writes not found in the database afterwards */
  lostWrites: number;
  /** writes found in the database whose answer the run did not see (cut off at the end) */
  unacknowledged: number;
  detail: string;
}

export interface ApiFigures {
  driver: Driver;
  detail: LoadResult;
  listing: LoadResult;
  /** the catalogue list (2,000 catalogues) and the storefront view of one catalogue */
  catalogueList: LoadResult;
  storefront: LoadResult;
  /** a student found by mobile number, and that student's invoice list (200,000 students) */
  studentLookup: LoadResult;
  invoiceList: LoadResult;
  /** the orders list's first page and a filtered search, one request at a time (median ms) and under load */
  ordersList: { firstMs: number; searchMs: number; first: LoadResult; search: LoadResult };
  students: number;
  orders: number;
  unsigned: LoadResult;
  /** the single-subject read and the student lookup at a fixed arrival rate, half the measured capacity */
  openDetail: LoadResult & { offered: number };
  openStudent: LoadResult & { offered: number };
  /** the write run, and the edits each connection made (the baseline makes as many) */
  writes: LoadResult & { tallyFailed: number; perConnection: number[] };
  load: LoadFigures | null;
  single: { listingMs: number; listingKiB: number; bigMs: number; bigKiB: number; catalogueListKiB: number };
  catalogues: number;
  base: {
    catalogueList: { rate: number; p99: number; cpuMs: number };
    storefront: { rate: number; p99: number; cpuMs: number };
    studentLookup: { rate: number; p99: number; cpuMs: number };
    invoiceList: { rate: number; p99: number; cpuMs: number };
    ordersFirst: { rate: number; p99: number; cpuMs: number };
    ordersSearch: { rate: number; p99: number; cpuMs: number };
    detail: { rate: number; p99: number; cpuMs: number };
    listing: { rate: number; p99: number; cpuMs: number };
    writes: number;
    detailStatements: number;
    listingStatements: number;
    listingMs: number;
    listingKiB: number;
    bigMs: number;
    bigKiB: number;
  };
  listingSubjects: number;
  /** the PGlite data directory, kept for the browser figures (the caller removes it) */
  dataDir: string;
}

/** An autocannon run, with the server's CPU time per 2xx answer over the measured window. */
async function measured(server: RunningConsole, warmup: number, run: () => Promise<LoadResult>): Promise<LoadResult> {
  const cpu = () => cpuSeconds(server.child.pid!);
  let before = cpu();
  const timer = setTimeout(() => (before = cpu()), warmup * 1000);
  const result = await run();
  clearTimeout(timer);
  return { ...result, serverCpuMs: ((cpu() - before) * 1000) / Math.max(1, result.ok) };
}

/**
 * An open-loop run of a read at half the rate the closed-loop run reached (its capacity): latency from
 * the time each request was due, with the server's CPU per answer.
 */
async function openRun(server: RunningConsole, s: Session, pathname: string, capacity: number) {
  await drained(server);
  const result = await measured(server, OPEN_WARMUP, () =>
    openLoop({
      url: server.baseUrl,
      rate: Math.max(1, capacity / 2),
      warmup: OPEN_WARMUP,
      duration: READ_SECONDS,
      request: () => ({ path: pathname, headers: s.headers('GET', pathname) }),
    }),
  );
  return result as LoadResult & { offered: number };
}

/**
 * Waits until the server has worked off what an earlier run left queued (autocannon stops sending,
 * but PGlite may hold half a minute of slow answers): its health check, which asks the database,
 * answers within 50 ms.
 */
async function drained(server: RunningConsole): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const started = performance.now();
    const ok = await fetch(`${server.baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok && performance.now() - started < 50) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function readRun(server: RunningConsole, s: Session, pathname: string, signed = true) {
  await drained(server);
  return measured(server, READ_WARMUP, () =>
    load({
      url: server.baseUrl,
      connections: READ_CONNECTIONS,
      warmup: READ_WARMUP,
      duration: READ_SECONDS,
      // PGlite answers 50 concurrent listings in waves of ~30 s: not a timeout
      timeout: 60,
      requests: [getRequest(s, pathname, signed)],
    }),
  );
}

/** Signs in the load users and gives each of the 200 connections a subject of its own. */
async function loadTolerance(server: RunningConsole): Promise<{
  result: LoadResult;
  targets: UnitTarget[];
  initial: number[];
  tallies: UnitTally[];
}> {
  const sessions = await Promise.all(LOAD_USERS.map(([phone, role]) => signIn(server.baseUrl, phone, role)));
  const targets: UnitTarget[] = [];
  for (let c = 0; c < LOAD_CONNECTIONS; c += 20) {
    targets.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(20, LOAD_CONNECTIONS - c) }, (_, k) =>
          unitTarget(sessions[(c + k) % sessions.length]!, inProgress(41 + c + k), `L${c + k}`),
        ),
      )),
    );
  }
  const initial = targets.map((t) => t.version);
  const tallies: UnitTally[] = targets.map(() => ({ created: [], renamed: [], reorders: 0, failed: 0 }));
  const result = await load({
    url: server.baseUrl,
    connections: LOAD_CONNECTIONS,
    duration: LOAD_SECONDS,
    timeout: 60,
    perConnection: (c) => {
      const target = targets[c]!;
      const s = target.session;
      const [create, rename, reorder] = unitEditRequests(target, tallies[c]!);
      const other =
        c % 10 === 0
          ? LISTING
          : s.role === 'SUPER_ADMIN'
            ? `/api/users/user/internal/all?page=${c % 100}&size=50`
            : DETAIL(READ_SUBJECT);
      return [
        getRequest(s, DETAIL(target.subjectId)),
        create!,
        getRequest(s, other),
        rename!,
        getRequest(s, DETAIL(target.subjectId)),
        reorder!,
      ];
    },
  });
  return { result, targets, initial, tallies };
}

/** Every acknowledged write of the load run, looked for in the database. */
async function checkLoad(
  database: Database,
  run: Awaited<ReturnType<typeof loadTolerance>>,
  users: number,
): Promise<LoadFigures> {
  const ids = run.targets.map((t) => t.subjectId);
  const names = new Set(
    (
      await database.query<{ name: string }>(
        `SELECT name FROM units WHERE subject_id = ANY($1::text[]) AND (name LIKE 'lc-%' OR name LIKE 'lr-%')`,
        [ids],
      )
    ).map((r) => r.name),
  );
  const reorders = new Map(
    (
      await database.query<{ subject_id: string; n: number }>(
        `SELECT subject_id, count(*)::int AS n FROM activity_log
         WHERE subject_id = ANY($1::text[]) AND action = 'unit.reorder' GROUP BY subject_id`,
        [ids],
      )
    ).map((r) => [r.subject_id, Number(r.n)]),
  );
  const versions = new Map(
    (
      await database.query<{ id: string; version: number }>(
        'SELECT id, version FROM subjects WHERE id = ANY($1::text[])',
        [ids],
      )
    ).map((r) => [r.id, Number(r.version)]),
  );
  let lostCreates = 0;
  let lostRenames = 0;
  let lostReorders = 0;
  let lostByVersion = 0;
  let acknowledged = 0;
  let committed = 0;
  run.targets.forEach((target, c) => {
    const tally = run.tallies[c]!;
    for (const name of tally.created) if (!names.has(name) && !names.has(name.replace(/^lc-/, 'lr-'))) lostCreates++;
    for (const name of tally.renamed) if (!names.has(name)) lostRenames++;
    lostReorders += Math.max(0, tally.reorders - (reorders.get(target.subjectId) ?? 0));
    const acked = tally.created.length + tally.renamed.length + tally.reorders;
    const done = (versions.get(target.subjectId) ?? 0) - run.initial[c]!;
    acknowledged += acked;
    committed += done;
    lostByVersion += Math.max(0, acked - done);
  });
  const lost = lostCreates + lostRenames + lostReorders;
  return {
    result: run.result,
    users,
    writesAcknowledged: acknowledged,
    lostWrites: Math.max(lost, lostByVersion),
    unacknowledged: Math.max(0, committed - acknowledged),
    detail: `lost: ${lostCreates} creates, ${lostRenames} renames, ${lostReorders} reorders, ${lostByVersion} by subject versions`,
  };
}

export async function apiSection(
  driver: Driver,
  options: { databaseUrl?: string; loadTest: boolean; log: (line: string) => void },
): Promise<ApiFigures> {
  const { log } = options;
  const scratch = driver === 'postgres' ? await createScratchDatabase(options.databaseUrl!) : null;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `lectern-bench-${driver}-`));
  let keepDataDir = false;
  try {
    pinSelf(LOAD_CPU);
    const started = Date.now();
    let server = await startBenchConsole({ dataDir, databaseUrl: scratch?.url, cpus: SERVER_CPU });
    log(`${driver}: console started with the large data set in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    let detail!: LoadResult;
    let listing!: LoadResult;
    let catalogueList!: LoadResult;
    let storefront!: LoadResult;
    let studentLookup!: LoadResult;
    let invoiceList!: LoadResult;
    let ordersList!: ApiFigures['ordersList'];
    let openDetail!: ApiFigures['openDetail'];
    let openStudent!: ApiFigures['openStudent'];
    let catalogues = 0;
    let students = 0;
    let orders = 0;
    let writes!: ApiFigures['writes'];
    let loadRun: Awaited<ReturnType<typeof loadTolerance>> | null = null;
    const single = { listingMs: 0, listingKiB: 0, bigMs: 0, bigKiB: 0, catalogueListKiB: 0 };
    let listingSubjects = 0;
    try {
      const admin = await signIn(server.baseUrl, '9000000001', 'SUPER_ADMIN');
      // one request each, sequentially (issue 4's figures)
      single.listingMs = await medianMs(() => admin.ok('GET', LISTING), 5, 1);
      const listed = await admin.call<unknown[]>('GET', LISTING);
      listingSubjects = listed.body.data.length;
      single.listingKiB = listed.bytes / 1024;
      single.bigMs = await medianMs(() => admin.ok('GET', DETAIL(BIG_SUBJECT_ID)), 5, 1);
      single.bigKiB = (await admin.call('GET', DETAIL(BIG_SUBJECT_ID))).bytes / 1024;

      detail = await readRun(server, admin, DETAIL(READ_SUBJECT));
      log(
        `${driver}: single-subject read ${detail.rate.toFixed(0)}/s, p99 ${detail.p99} ms, ${JSON.stringify(detail.statuses)}, errors ${detail.errors}`,
      );
      listing = await readRun(server, admin, LISTING);
      log(
        `${driver}: listing ${listing.rate.toFixed(1)}/s, p99 ${listing.p99} ms, ${JSON.stringify(listing.statuses)}, errors ${listing.errors}`,
      );
      const catalogueAnswer = await admin.call<unknown[]>('GET', CATALOGUE_LIST);
      catalogues = catalogueAnswer.body.data.length;
      single.catalogueListKiB = catalogueAnswer.bytes / 1024;
      catalogueList = await readRun(server, admin, CATALOGUE_LIST);
      storefront = await readRun(server, admin, STOREFRONT);
      log(
        `${driver}: catalogue list ${catalogueList.rate.toFixed(1)}/s (${catalogues} catalogues), storefront ${storefront.rate.toFixed(0)}/s`,
      );
      const finance = await signIn(server.baseUrl, '9000000005', 'FINANCE');
      studentLookup = await readRun(server, finance, STUDENT_LOOKUP);
      invoiceList = await readRun(server, finance, INVOICE_LIST);
      log(
        `${driver}: student lookup ${studentLookup.rate.toFixed(0)}/s, invoice list ${invoiceList.rate.toFixed(0)}/s`,
      );
      ordersList = {
        firstMs: await medianMs(() => finance.ok('GET', ORDERS_FIRST_PAGE), 5, 1),
        searchMs: await medianMs(() => finance.ok('GET', ORDERS_SEARCH), 5, 1),
        first: await readRun(server, finance, ORDERS_FIRST_PAGE),
        search: await readRun(server, finance, ORDERS_SEARCH),
      };
      log(
        `${driver}: orders list first page ${ordersList.firstMs.toFixed(0)} ms (${ordersList.first.rate.toFixed(1)}/s), search ${ordersList.searchMs.toFixed(0)} ms (${ordersList.search.rate.toFixed(1)}/s)`,
      );
      openDetail = await openRun(server, admin, DETAIL(READ_SUBJECT), detail.rate);
      openStudent = await openRun(server, finance, STUDENT_LOOKUP, studentLookup.rate);
      log(
        `${driver}: open loop: single-subject read at ${openDetail.offered.toFixed(0)}/s p99 ${openDetail.p99} ms, student lookup at ${openStudent.offered.toFixed(0)}/s p99 ${openStudent.p99} ms`,
      );

      const targets = await Promise.all(
        Array.from({ length: WRITE_CONNECTIONS }, (_, i) => unitTarget(admin, inProgress(i + 1), `W${i}`)),
      );
      const tallies: UnitTally[] = targets.map(() => ({ created: [], renamed: [], reorders: 0, failed: 0 }));
      await drained(server);
      const written = await measured(server, 0, () =>
        load({
          url: server.baseUrl,
          connections: WRITE_CONNECTIONS,
          duration: WRITE_SECONDS,
          perConnection: (i) => unitEditRequests(targets[i]!, tallies[i]!),
        }),
      );
      writes = {
        ...written,
        tallyFailed: tallies.reduce((n, t) => n + t.failed, 0),
        perConnection: tallies.map((t) => t.created.length + t.renamed.length + t.reorders + t.failed),
      };
      log(`${driver}: unit writes ${writes.rate.toFixed(0)}/s (${writes.non2xx} not 2xx)`);

      if (options.loadTest) {
        loadRun = await loadTolerance(server);
        log(`${driver}: load ${loadRun.result.rate.toFixed(0)}/s, p99 ${loadRun.result.p99} ms`);
      }
    } finally {
      await server.stop();
    }

    // The signing cost: the same read with the check switched off (BENCH_SKIP_SIGNATURE).
    server = await startBenchConsole({
      dataDir,
      databaseUrl: scratch?.url,
      cpus: SERVER_CPU,
      env: { BENCH_SKIP_SIGNATURE: 'true' },
    });
    let unsigned!: LoadResult;
    try {
      const admin = await signIn(server.baseUrl, '9000000001', 'SUPER_ADMIN');
      unsigned = await readRun(server, admin, DETAIL(READ_SUBJECT), false);
      log(`${driver}: single-subject read without the signature check ${unsigned.rate.toFixed(0)}/s`);
    } finally {
      await server.stop();
    }

    // Baselines: the same SQL in this process, on the server's core, the server stopped.
    const base = await onCpus(SERVER_CPU, async () => {
      const database = await openDatabase({ databaseUrl: scratch?.url, pgliteDir: path.join(dataDir, 'db') });
      try {
        const loadFigures = loadRun ? await checkLoad(database, loadRun, LOAD_USERS.length) : null;
        const [admin] = await database.query<{ id: string }>("SELECT id FROM users WHERE phone = '9000000001'");
        const reads = await captureReads(database, admin!.id, READ_SUBJECT);
        const big = (await captureReads(database, admin!.id, BIG_SUBJECT_ID)).detail;
        // as many loops as statements can run at once: the pool's size (the server's), one on PGlite
        const loops = driver === 'postgres' ? POOL_SIZE : 1;
        await loopRate(loops, 2, () => replay(database, reads.detail));
        const detailBase = await loopRate(loops, BASE_SECONDS, () => replay(database, reads.detail));
        const listingBase = await loopRate(loops, BASE_SECONDS, () => replay(database, reads.listing));
        const catalogueSql = await catalogueReads(database);
        const catalogueListBase = await loopRate(loops, BASE_SECONDS, () => replay(database, catalogueSql.list));
        const storefrontBase = await loopRate(loops, BASE_SECONDS, () => replay(database, catalogueSql.storefront));
        const studentSql = studentReads();
        const studentLookupBase = await loopRate(loops, BASE_SECONDS, () => replay(database, studentSql.lookup));
        const invoiceListBase = await loopRate(loops, BASE_SECONDS, () => replay(database, studentSql.invoices));
        // the orders list's two statements (a page, the totals), at once as the service sends them
        const ordersRepo = new OrdersListRepository(database.db);
        const ordersRead = (f: OrderFilters) =>
          Promise.all([ordersRepo.rows(f, { limit: 10, offset: 0 }), ordersRepo.totals(f)]);
        const ordersFirstBase = await loopRate(loops, BASE_SECONDS, () => ordersRead({}));
        const ordersSearchBase = await loopRate(loops, BASE_SECONDS, () => ordersRead(ORDERS_SEARCH_FILTERS));
        const [counted] = await database.query<{ students: number; orders: number }>(
          'SELECT (SELECT count(*)::int FROM students) AS students, (SELECT count(*)::int FROM orders) AS orders',
        );
        ({ students, orders } = counted!);
        const edits = new UnitEditsSql(database, admin!.id);
        const writesBase = await fixedRate(writes.perConnection, (w, n) => edits.edit(inProgress(21 + w), `B${w}`, n));
        log(
          `${driver}: SQL baselines: read ${detailBase.rate.toFixed(0)}/s, listing ${listingBase.rate.toFixed(1)}/s, writes ${writesBase.toFixed(0)}/s`,
        );
        return {
          loadFigures,
          detail: detailBase,
          listing: listingBase,
          catalogueList: catalogueListBase,
          storefront: storefrontBase,
          studentLookup: studentLookupBase,
          invoiceList: invoiceListBase,
          ordersFirst: ordersFirstBase,
          ordersSearch: ordersSearchBase,
          writes: writesBase,
          detailStatements: reads.detail.flat().length,
          listingStatements: reads.listing.flat().length,
          listingMs: await medianMs(() => replay(database, reads.listing), 5, 1),
          listingKiB: JSON.stringify(await replay(database, reads.listing)).length / 1024,
          bigMs: await medianMs(() => replay(database, big), 5, 1),
          bigKiB: JSON.stringify(await replay(database, big)).length / 1024,
        };
      } finally {
        await database.close();
      }
    });
    keepDataDir = !scratch;
    return {
      driver,
      detail,
      listing,
      catalogueList,
      storefront,
      catalogues,
      studentLookup,
      invoiceList,
      ordersList,
      students,
      orders,
      unsigned,
      openDetail,
      openStudent,
      writes,
      load: base.loadFigures,
      single,
      base,
      listingSubjects,
      dataDir,
    };
  } finally {
    pinSelf(ALL_CPUS);
    if (scratch) {
      await scratch.drop().catch((error: unknown) => log(`could not drop ${scratch.name}: ${String(error)}`));
    }
    if (!keepDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
