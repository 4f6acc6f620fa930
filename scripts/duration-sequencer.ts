import fs from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The committed seconds each test file took in a whole run (`npm run test:durations` writes them):
 * a clean clone has no vitest cache, and without one vitest starts the largest files first, which
 * on CI left the longest journeys (first start, the layout walk) to start last and run alone at the end.
 */
export const DURATIONS_FILE = path.join(import.meta.dirname, 'test-durations.json');

/** Seconds for a file the committed list does not know yet: a new file is usually a small one. */
const UNKNOWN_SECONDS = 2;

export type Durations = Record<string, number>;

export function readDurations(file = DURATIONS_FILE): Durations {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Durations;
  } catch {
    return {};
  }
}

/** The key of a file in the committed list: its project and its path from the repository's root. */
export function durationKey(project: string, root: string, moduleId: string): string {
  return `${project}:${path.relative(root, moduleId).split(path.sep).join('/')}`;
}

/**
 * Orders the files in the order that ends a run soonest on few workers: the longest first (by this
 * machine's vitest cache when it has the file, else by the committed seconds), so the short ones fill
 * the gaps at the end. Projects still run one after another, and files that failed last time first.
 */
export function longestFirst<T>(
  files: readonly T[],
  facts: (file: T) => { groupOrder: number; group: string; failed: boolean; seconds: number | undefined },
): T[] {
  return files
    .map((file, index) => ({ file, index, ...facts(file) }))
    .sort((a, b) => {
      if (a.groupOrder !== b.groupOrder) return a.groupOrder - b.groupOrder;
      if (a.group !== b.group) return a.group < b.group ? -1 : 1;
      if (a.failed !== b.failed) return a.failed ? -1 : 1;
      const bySeconds = (b.seconds ?? UNKNOWN_SECONDS) - (a.seconds ?? UNKNOWN_SECONDS);
      return bySeconds !== 0 ? bySeconds : a.index - b.index;
    })
    .map(({ file }) => file);
}

export default class DurationSequencer extends BaseSequencer {
  override sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const committed = readDurations();
    const root = this.ctx.config.root;
    return Promise.resolve(
      longestFirst(files, (spec) => {
        const { config, name } = spec.project;
        const key = durationKey(name, root, spec.moduleId);
        const cached = this.ctx.cache.getFileTestResults(key);
        return {
          // vitest's own order between projects: group order, then name, isolated files first
          groupOrder: config.sequence.groupOrder,
          group: `${name} ${config.isolate ? 0 : 1}`,
          failed: cached?.failed ?? false,
          seconds: cached ? cached.duration / 1000 : committed[key],
        };
      }),
    );
  }
}
