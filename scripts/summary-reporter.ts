import type { Reporter, TestModule } from 'vitest/node';

/** How many of the slowest files the closing lines name. */
const SLOWEST = 12;

/**
 * Prints the plain closing line 'N passed, N failed' (with skipped) after the run, preceded by the
 * slowest files (project, file, seconds from setting up its environment to its last hook), so a suite that
 * grows slow is seen in every run's log.
 */
export default class SummaryReporter implements Reporter {
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
          seconds:
            (diagnostic.environmentSetupDuration +
              diagnostic.prepareDuration +
              diagnostic.setupDuration +
              diagnostic.collectDuration +
              diagnostic.duration) /
            1000,
        };
      })
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, SLOWEST);
    if (timed.length > 1) {
      process.stdout.write(`\nslowest files:\n`);
      for (const { name, seconds } of timed) process.stdout.write(`${seconds.toFixed(1).padStart(7)} s  ${name}\n`);
    }
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
