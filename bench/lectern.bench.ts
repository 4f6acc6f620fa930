import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { it } from 'vitest';
import { startBenchConsole } from './lib/console';
import { ALL_CPUS, CAN_PIN, CPUS, pinSelf } from './lib/cpu';
import { couldNotRun, judge, medianRows, renderTable, writeResults, type BenchRow } from './report';
import { apiRows, crossDriverRows } from './sections/api-rows';
import { apiSection, type ApiFigures, type Driver } from './sections/api';
import { batchesSection } from './sections/batches';
import { crashRows, crashRun, crashTable, type CrashFigures } from './sections/crash';
import { TRANSCODE_PRESET, transcodeSection } from './sections/transcode';
import { transportSection, wireRows } from './sections/transport';
import { uploadSection } from './sections/upload';
import { webSection } from './sections/web';

/**
 * `npm run bench`: every benchmark of the benchmarks issue, in order, into ONE table (figure, ours,
 * baseline, ratio, budget, result) printed at the end and written as JSON to bench/results/. The
 * run fails (after printing) when a budget is missed. BENCH_ONLY=api,batches,web,transcode,upload runs a
 * part. See bench/README.md for what each figure means. The crash run (kill -9 during paid orders) is
 * a fault run, not a benchmark: it runs only when named (BENCH_ONLY=crash, `npm run bench:crash`).
 */
const SECTIONS = ['api', 'batches', 'web', 'transcode', 'upload', 'transport', 'crash'] as const;
type Section = (typeof SECTIONS)[number];
/** sections that run only when BENCH_ONLY names them */
const ON_REQUEST: readonly Section[] = ['crash'];

const only = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const runs = (section: Section) => (only.length === 0 ? !ON_REQUEST.includes(section) : only.includes(section));
/** BENCH_RUNS=3: the whole bench three times, each row the median of the runs (the reported figures) */
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS || 1));

const started = Date.now();
const log = (line: string) => {
  const elapsed = ((Date.now() - started) / 1000).toFixed(0).padStart(4);
  process.stdout.write(`[bench ${elapsed}s] ${line}\n`);
};

/** One run of every section asked for: its rows, in a fixed order. */
async function runOnce(drivers: Driver[]): Promise<BenchRow[]> {
  const loadDriver: Driver = drivers.at(-1)!;
  const rows: BenchRow[] = [];
  const figures: ApiFigures[] = [];
  const dataDirs: string[] = [];
  try {
    if (runs('api')) {
      for (const driver of drivers) {
        log(`API on ${driver}`);
        try {
          const result = await apiSection(driver, {
            databaseUrl: process.env.DATABASE_URL,
            loadTest: driver === loadDriver,
            log,
          });
          if (driver === 'pglite') dataDirs.push(result.dataDir);
          figures.push(result);
          rows.push(...apiRows(result));
        } catch (error) {
          rows.push(couldNotRun(`API (${driver})`, error));
        }
      }
      rows.push(...crossDriverRows(figures));
    }

    if (runs('batches')) {
      await batchesSection(process.env.DATABASE_URL, log).then(
        (r) => rows.push(...r),
        (error: unknown) => rows.push(couldNotRun('bulk student upload', error)),
      );
    }

    // The browser figures and the transcode: the console on PGlite (the data directory the API
    // figures seeded, or a new one), on every core, with the ffmpeg transcoder and its worker.
    if (runs('transport')) {
      log('transport: idle CPU, static answers against bare node:http');
      await transportSection(log).then(
        (r) => rows.push(...r),
        (error: unknown) => rows.push(couldNotRun('transport', error)),
      );
    }

    if (runs('web') || runs('transcode') || runs('transport')) {
      pinSelf(ALL_CPUS);
      const dataDir = dataDirs[0] ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-bench-web-'));
      if (!dataDirs.includes(dataDir)) dataDirs.push(dataDir);
      log('console for the browser and transcode figures');
      const server = await startBenchConsole({
        dataDir,
        env: {
          TRANSCODER: 'ffmpeg',
          TRANSCODE_ON_REGISTER: 'false',
          TRANSCODE_PRESET,
          STORAGE_DRIVER: 'local',
          S3_BUCKET: 'lectern',
          S3_BUCKET_VIDEOS: 'lectern',
        },
      }).catch((error: unknown) => {
        rows.push(couldNotRun('browser and transcode', error));
        return null;
      });
      if (server) {
        try {
          if (runs('transport')) {
            await wireRows(server.baseUrl).then(
              (r) => rows.push(...r),
              (error: unknown) => rows.push(couldNotRun('transport', error)),
            );
          }
          if (runs('web')) {
            log('first load, big table, page speed');
            await webSection(server.baseUrl, log).then(
              (r) => rows.push(...r),
              (error: unknown) => rows.push(couldNotRun('browser', error)),
            );
          }
          if (runs('transcode')) {
            log('transcode');
            await transcodeSection({ baseUrl: server.baseUrl, pid: server.child.pid!, dataDir }, log).then(
              (r) => rows.push(...r),
              (error: unknown) => rows.push(couldNotRun('transcode', error)),
            );
          }
        } finally {
          await server.stop();
        }
      }
    }

    if (runs('crash')) {
      const crashed: CrashFigures[] = [];
      for (const driver of drivers) {
        log(`crash run on ${driver}: kill -9 during paid orders`);
        try {
          const figures = await crashRun(driver, { databaseUrl: process.env.DATABASE_URL, log });
          crashed.push(figures);
          rows.push(...crashRows(figures));
        } catch (error) {
          log(`crash run on ${driver} could not run: ${(error as Error).message}`);
          rows.push(couldNotRun(`crash (${driver})`, error));
        }
      }
      if (crashed.length > 0) log(`crash runs:\n${crashTable(crashed)}`);
      for (const f of crashed) {
        for (const v of f.violations) log(`crash (${f.driver}) violation: ${v}`);
      }
    }

    if (runs('upload')) {
      log('upload (1 GiB, best of 3)');
      await uploadSection().then(
        (r) => rows.push(...r),
        (error: unknown) => rows.push(couldNotRun('upload', error)),
      );
    }
  } finally {
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  }

  return rows;
}

it('Lectern benchmarks', { timeout: RUNS * 45 * 60_000 }, async () => {
  for (const section of only) {
    if (!(SECTIONS as readonly string[]).includes(section)) throw new Error(`BENCH_ONLY: unknown section '${section}'`);
  }
  const loadBefore = os.loadavg();
  log(
    `${CPUS} cores${CAN_PIN ? ' (server on core 0, load on core 1)' : ' (no pinning)'}; load average ${loadBefore.map((n) => n.toFixed(2)).join(' ')}`,
  );
  const drivers: Driver[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  const runs: BenchRow[][] = [];
  for (let run = 1; run <= RUNS; run++) {
    if (RUNS > 1) log(`run ${run} of ${RUNS}`);
    runs.push(await runOnce(drivers));
  }
  const rows = medianRows(runs);
  const judged = rows.map(judge);
  const seconds = (Date.now() - started) / 1000;
  const loadAfter = os.loadavg();
  const file = writeResults(judged, {
    durationSeconds: seconds,
    drivers,
    loadAverage: { before: loadBefore, after: loadAfter },
    sections: only.length ? only : SECTIONS.filter((section) => !ON_REQUEST.includes(section)),
    runs: RUNS,
  });
  const failures = judged.filter((r) => r.result === 'FAIL');
  process.stdout.write(
    `\nLectern benchmarks (${drivers.join(' + ')}; ${CPUS} cores; load average ${loadBefore[0]!.toFixed(2)} before, ${loadAfter[0]!.toFixed(2)} after)\n\n` +
      `${renderTable(judged)}\n\n` +
      `${judged.length} figures: ${judged.filter((r) => r.result === 'pass').length} pass, ${failures.length} fail, ` +
      `${judged.filter((r) => r.result === 'report').length} reported; ${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s. ` +
      `JSON: ${path.relative(process.cwd(), file)}\n\n`,
  );
  if (failures.length > 0) {
    throw new Error(
      `${failures.length} budget(s) missed: ${failures.map((r) => `${r.section}: ${r.figure}`).join('; ')}`,
    );
  }
});
