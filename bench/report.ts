import fs from 'node:fs';
import path from 'node:path';

/** One row of the bench table: our figure, the baseline measured in the same run, and the budget. */
export interface BenchRow {
  figure: string;
  ours: number;
  baseline: number | null;
  unit: string;
  /** the largest acceptable ours/baseline (or absolute value when there is no baseline) */
  budget: number | null;
  note?: string;
}

const fmt = (n: number | null) => (n === null ? '—' : n >= 100 ? n.toFixed(0) : n.toFixed(2));

/** Prints the table and writes it as JSON to bench/results/. */
export function report(name: string, rows: BenchRow[]): void {
  const lines = [
    `| figure | ours | baseline | ratio | budget | result |`,
    `|---|---:|---:|---:|---:|---|`,
    ...rows.map((r) => {
      const ratio = r.baseline ? r.ours / r.baseline : null;
      const measured = ratio ?? r.ours;
      const pass = r.budget === null ? 'report' : measured <= r.budget ? 'pass' : 'FAIL';
      return `| ${r.figure} | ${fmt(r.ours)} ${r.unit} | ${r.baseline === null ? '—' : `${fmt(r.baseline)} ${r.unit}`} | ${fmt(ratio)} | ${r.budget === null ? '—' : fmt(r.budget)} | ${pass}${r.note ? ` (${r.note})` : ''} |`;
    }),
  ];
  console.log(`\n${name}\n${lines.join('\n')}\n`);
  const dir = path.resolve(import.meta.dirname, 'results');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, `${name.replace(/\W+/g, '-').toLowerCase()}-${Date.now()}.json`),
    JSON.stringify({ name, at: new Date().toISOString(), rows }, null, 2),
  );
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
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}
