import fs from 'node:fs';
import type { Reporter, TestModule, Vitest } from 'vitest/node';
import { DURATIONS_FILE, durationKey, readDurations, type Durations } from './duration-sequencer';

/** How many of the slowest files the closing lines name. */
const SLOWEST = 12;

/**
 * Prints the plain closing line 'N passed, N failed' (with skipped) after the run, preceded by the
 * slowest files (project, file, seconds from setting up its environment to its last hook), so a suite that
 * grows slow is seen in every run's log. With TEST_DURATIONS=write (`npm run test:durations`) it also
 * merges each file's seconds into scripts/test-durations.json, the order a clean clone runs its files in.
 */
export default class SummaryReporter implements Reporter {
  private root = process.cwd();

  onInit(vitest: Vitest): void {
    this.root = vitest.config.root;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const mod of testModules) {
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
    }
    const timed = testModules
      .map((mod) => {
        const diagnostic = mod.diagnostic();
        return {
          name: `${mod.project.name} ${mod.relativeModuleId}`,
          key: durationKey(mod.project.name, this.root, mod.moduleId),
          seconds:
            (diagnostic.environmentSetupDuration +
              diagnostic.prepareDuration +
              diagnostic.setupDuration +
              diagnostic.collectDuration +
              diagnostic.duration) /
            1000,
        };
      })
      .sort((a, b) => b.seconds - a.seconds);
    if (process.env.TEST_DURATIONS === 'write') writeDurations(timed, this.root);
    if (timed.length > 1) {
      process.stdout.write(`\nslowest files:\n`);
      for (const { name, seconds } of timed.slice(0, SLOWEST)) {
        process.stdout.write(`${seconds.toFixed(1).padStart(7)} s  ${name}\n`);
      }
    }
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}

/** This run's seconds over the committed ones; files gone from the repository are dropped. */
function writeDurations(timed: { key: string; seconds: number }[], root: string): void {
  const merged: Durations = { ...readDurations() };
  for (const { key, seconds } of timed) merged[key] = Math.round(seconds * 10) / 10;
  const kept = Object.entries(merged)
    .filter(([key]) => fs.existsSync(`${root}/${key.slice(key.indexOf(':') + 1)}`))
    .sort(([a], [b]) => (a < b ? -1 : 1));
  fs.writeFileSync(DURATIONS_FILE, `${JSON.stringify(Object.fromEntries(kept), null, 2)}\n`);
}
