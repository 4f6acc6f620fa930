import { describe, expect, it } from 'vitest';
import { judge, medianRows, type BenchRow } from './report';

const row = (ours: number | null, baseline: number | null, extra: Partial<BenchRow> = {}): BenchRow => ({
  section: 'API read throughput',
  figure: 'read',
  ours,
  baseline,
  unit: 'req/s',
  budget: { min: 0.5, text: '≥ 50% of baseline' },
  ...extra,
});

describe('judge', () => {
  it('holds the ratio to the budget when the row has a baseline, else the value', () => {
    expect(judge(row(60, 100)).result).toBe('pass');
    expect(judge(row(40, 100)).result).toBe('FAIL');
    expect(judge(row(40, 100)).ratio).toBeCloseTo(0.4);
    expect(judge(row(30, null, { budget: { max: 25, text: '< 25 ms' } })).result).toBe('FAIL');
    expect(judge(row(20, null, { budget: { max: 25, text: '< 25 ms' } })).result).toBe('pass');
  });

  it('fails a budgeted row that could not be measured, and only reports a row without a budget', () => {
    expect(judge(row(null, 100)).result).toBe('FAIL');
    expect(judge(row(5, null, { budget: null })).result).toBe('report');
  });
});

describe('medianRows', () => {
  it('gives each row the median of the runs, with every run in its note', () => {
    const runs = [[row(30, 100)], [row(70, 90)], [row(60, 110)]];
    const [median] = medianRows(runs);
    expect(median!.ours).toBe(60);
    expect(median!.baseline).toBe(100);
    expect(judge(median!).result).toBe('pass');
    expect(median!.note).toContain('median of 3 runs: 30 (0.3x), 70 (0.778x), 60 (0.545x)');
  });

  it('leaves out a run whose rows do not line up and says so', () => {
    const ok = (v: number) => [
      row(v, 100),
      row(v, null, { section: 'first load', budget: { max: 150, text: '≤ 150 KB' } }),
    ];
    const broken = [
      row(null, null, { section: 'API (pglite)', figure: 'the benchmark could not run', budget: { text: 'runs' } }),
    ];
    const rows = medianRows([ok(80), broken, ok(90)]);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.ours).toBe(85);
    expect(rows[0]!.note).toContain('1 run(s) left out');
  });

  it('returns a single run as it is', () => {
    const only = [row(1, 2, { note: 'as measured' })];
    expect(medianRows([only])).toEqual(only);
  });
});
