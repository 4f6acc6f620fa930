import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

/**
 * CPU placement: on a machine with two or more cores the server under test runs on core 0
 * (`taskset -c 0` for its process) and this process, the load generator, on core 1; the in-process
 * SQL baselines run on core 0, as the server did. With one core nothing is pinned.
 */
export const CPUS = os.availableParallelism();
export const CAN_PIN = CPUS >= 2;
export const SERVER_CPU = CAN_PIN ? '0' : undefined;
export const LOAD_CPU = CAN_PIN ? '1' : undefined;
export const ALL_CPUS = `0-${CPUS - 1}`;

/** Moves every thread of this process to `cpus` (a taskset list); no-op on one core. */
export function pinSelf(cpus: string | undefined): void {
  if (!CAN_PIN || !cpus) return;
  execFileSync('taskset', ['-a', '-p', '-c', cpus, String(process.pid)], { stdio: 'ignore' });
}

/** Runs `fn` with this process on `cpus`, then gives it every core again. */
export async function onCpus<T>(cpus: string | undefined, fn: () => Promise<T>): Promise<T> {
  pinSelf(cpus);
  try {
    return await fn();
  } finally {
    pinSelf(ALL_CPUS);
  }
}

/** CPU seconds (user + system) a process has used so far (Linux /proc), its children not included. */
export function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
