import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A budget: bounds on the ratio ours / baseline when the row has a baseline, otherwise on our value.
 * `text` says it in words for the table (e.g. '≥ 50% of baseline').
 */
export interface Budget {
  min?: number;
  max?: number;
  text: string;
}

/** One row of the bench table. */
export interface BenchRow {
  /** the benchmark the row belongs to (a line of the issue's table) */
  section: string;
  figure: string;
  /** our value; null when it could not be measured (see `note`) */
  ours: number | null;
  /** the baseline measured in the same run, if the figure has one */
  baseline: number | null;
  unit: string;
  budget: Budget | null;
  note?: string;
}

export type Verdict = 'pass' | 'FAIL' | 'report';

export interface JudgedRow extends BenchRow {
  ratio: number | null;
  result: Verdict;
}

/** The row of a benchmark that could not run (a crash, a timeout): it fails, saying why. */
export function couldNotRun(section: string, error: unknown): BenchRow {
  return {
    section,
    figure: 'the benchmark could not run',
    ours: null,
    baseline: null,
    unit: '',
    budget: { text: 'runs' },
    note: `${(error as Error).message ?? String(error)}`.split('\n').slice(0, 6).join(' / ').slice(0, 600),
  };
}

/** Ratio and verdict of a row: a row with a budget that could not be measured fails. */
export function judge(row: BenchRow): JudgedRow {
  const ratio = row.ours !== null && row.baseline ? row.ours / row.baseline : null;
  if (!row.budget) return { ...row, ratio, result: 'report' };
  const value = row.baseline !== null ? ratio : row.ours;
  if (value === null || !Number.isFinite(value)) return { ...row, ratio, result: 'FAIL' };
  const { min, max } = row.budget;
  const ok = (min === undefined || value >= min) && (max === undefined || value <= max);
  return { ...row, ratio, result: ok ? 'pass' : 'FAIL' };
}

/** A number as the table shows it: three significant figures, thousands grouped. */
export function fmt(n: number | null, digits = 3): string {
  if (n === null || !Number.isFinite(n)) return '—';
  if (n === 0) return '0';
  const abs = Math.abs(n);
  const decimals = abs >= 10 ** digits ? 0 : Math.max(0, digits - 1 - Math.floor(Math.log10(abs)));
  return n.toLocaleString('en-US', { maximumFractionDigits: Math.min(decimals, 3), minimumFractionDigits: 0 });
}

const cell = (n: number | null, unit: string) => (n === null ? '—' : `${fmt(n)} ${unit}`.trim());

/** The one table: figure, ours, baseline, ratio, budget, result; notes below it, by row number. */
export function renderTable(rows: JudgedRow[]): string {
  const header = ['#', 'benchmark', 'figure', 'ours', 'baseline', 'ratio', 'budget', 'result'];
  const body = rows.map((r, i) => [
    String(i + 1),
    r.section,
    r.figure,
    cell(r.ours, r.unit),
    cell(r.baseline, r.unit),
    r.ratio === null ? '—' : fmt(r.ratio),
    r.budget?.text ?? '—',
    r.result,
  ]);
  const widths = header.map((h, c) => Math.max(h.length, ...body.map((line) => line[c]!.length)));
  const line = (cells: string[]) => `| ${cells.map((text, c) => text.padEnd(widths[c]!)).join(' | ')} |`;
  const notes = rows.flatMap((r, i) => (r.note ? [`  [${i + 1}] ${r.note}`] : []));
  return [
    line(header),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...body.map(line),
    ...(notes.length > 0 ? ['', 'Notes:', ...notes] : []),
  ].join('\n');
}

/** Writes the run as JSON to bench/results/bench-<time>.json and returns the file's path. */
export function writeResults(rows: JudgedRow[], extra: Record<string, unknown>): string {
  const dir = path.resolve(import.meta.dirname, 'results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  const machine = { cpus: os.availableParallelism(), model: os.cpus()[0]?.model, memoryGiB: os.totalmem() / 1024 ** 3 };
  fs.writeFileSync(
    file,
    JSON.stringify({ at: new Date().toISOString(), machine, node: process.version, ...extra, rows }, null, 2),
  );
  return file;
}

/** Median wall time in milliseconds of `runs` calls after `warmup` calls. */
export async function medianMs(fn: () => Promise<unknown>, runs = 15, warmup = 3): Promise<number> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return median(times);
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The p-th percentile (0-100) of a list of values, nearest rank. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/**
 * The rows of several runs of the same bench as one table: each row's value and baseline the median
 * of the runs, the runs' values (and ratios) in its note. Rows are matched by position, as each run
 * prints the same rows in the same order; a run whose rows do not line up (a section that could not
 * run) is left out and named in the first row's note. One run is returned as it is.
 */
export function medianRows(runs: BenchRow[][]): BenchRow[] {
  if (runs.length <= 1) return runs[0] ?? [];
  const shape = (rows: BenchRow[]) => rows.map((r) => `${r.section}|${r.budget?.text ?? ''}|${r.unit}`).join('\n');
  const shapes = runs.map(shape);
  // the shape most runs share (a failed section changes it)
  const common = shapes.reduce((best, s) =>
    shapes.filter((x) => x === s).length > shapes.filter((x) => x === best).length ? s : best,
  );
  const kept = runs.filter((_, i) => shapes[i] === common);
  const dropped = runs.length - kept.length;
  const middle = (values: (number | null)[]) => {
    const known = values.filter((v): v is number => v !== null && Number.isFinite(v));
    return known.length === 0 ? null : median(known);
  };
  return kept[0]!.map((row, i) => {
    const all = kept.map((rows) => rows[i]!);
    const ours = middle(all.map((r) => r.ours));
    const baseline = middle(all.map((r) => r.baseline));
    const each = all
      .map((r) => (r.baseline ? `${fmt(r.ours)} (${fmt(r.ours !== null ? r.ours / r.baseline : null)}x)` : fmt(r.ours)))
      .join(', ');
    const skipped = i === 0 && dropped > 0 ? `; ${dropped} run(s) left out: their sections did not all run` : '';
    return {
      ...all.at(-1)!,
      ours,
      baseline,
      note: `median of ${kept.length} runs: ${each}${skipped}${all.at(-1)!.note ? `; last run: ${all.at(-1)!.note}` : ''}`,
    };
  });
}
