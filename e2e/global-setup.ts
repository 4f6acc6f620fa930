import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startConsole, stopConsole } from './start-console';

declare module 'vitest' {
  export interface ProvidedContext {
    /** one console per worker (journeys run three at a time, each worker on its own console and data) */
    baseUrls: string[];
    /** a stopped console's data directory holding the demo seed: copy it to start a console without seeding */
    seededDataDir: string;
    /** where checkScreen claims the screens checked once in the whole run (accessibility.ts) */
    checkedDir: string;
  }
}

/**
 * Seeds the demo data once (npm test builds the console first), keeps that data directory stopped
 * for journeys that start consoles of their own, and starts one console per worker on a copy of it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-e2e-'));
  const seeded = path.join(scratch, 'seeded');
  // the demo seed of a fresh data directory takes minutes when the machine is busy
  const seeding = await startConsole(seeded, { timeoutMs: 600_000, env: { LOG_LEVEL: 'info' } });
  // The demo videos are made playable (ffmpeg) in the background after start-up: let it finish here,
  // once, so the copies below have it done instead of each console transcoding beside the journeys.
  await demoMediaDone(seeding.output, 600_000);
  await stopConsole(seeding.child);
  // one console per worker: journeys in different workers never see each other's writes
  const consoles = project.config.maxWorkers;
  // started together: each start mostly waits (its database opening, its port), not computes
  const started = await Promise.allSettled(
    Array.from({ length: consoles }, (_, i) => {
      const dataDir = path.join(scratch, `console-${i + 1}`);
      fs.cpSync(seeded, dataDir, { recursive: true });
      return startConsole(dataDir, { timeoutMs: 120_000 });
    }),
  );
  const children = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value.child] : []));
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await Promise.all(children.map((child) => stopConsole(child)));
    throw failed.reason;
  }
  const baseUrls = started.map((result) => (result.status === 'fulfilled' ? result.value.baseUrl : ''));
  project.provide('baseUrls', baseUrls);
  project.provide('seededDataDir', seeded);
  const checkedDir = path.join(scratch, 'checked');
  fs.mkdirSync(checkedDir);
  project.provide('checkedDir', checkedDir);
  return async () => {
    await Promise.all(children.map((child) => stopConsole(child)));
    fs.rmSync(scratch, { recursive: true, force: true });
  };
}

/** Waits for the console's log to say the demo videos are playable (or that making them failed). */
async function demoMediaDone(output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const log = output();
    if (log.includes('demo videos made playable')) return;
    if (log.includes('could not make the demo videos playable')) throw new Error(`The demo videos failed:\n${log}`);
    if (Date.now() > deadline) throw new Error(`The demo videos were not playable in ${timeoutMs / 1000} s:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
