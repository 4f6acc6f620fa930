import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { durationKey, longestFirst, readDurations } from './duration-sequencer';

type File = { name: string; project: string; failed?: boolean; seconds?: number };
const order = (files: File[]) =>
  longestFirst(files, (f) => ({
    groupOrder: 0,
    group: f.project,
    failed: f.failed ?? false,
    seconds: f.seconds,
  })).map((f) => f.name);

describe('the order a run starts its files in', () => {
  it('starts the longest files first, so the short ones fill the end', () => {
    expect(
      order([
        { name: 'layout', project: 'e2e', seconds: 72 },
        { name: 'legal', project: 'e2e', seconds: 24 },
        { name: 'first-start', project: 'e2e', seconds: 127 },
        { name: 'crash', project: 'e2e', seconds: 35 },
      ]),
    ).toEqual(['first-start', 'layout', 'crash', 'legal']);
  });

  it('keeps projects one after another, and a file that failed last time goes first in its project', () => {
    expect(
      order([
        { name: 'web-long', project: 'web', seconds: 30 },
        { name: 'server-short', project: 'server', seconds: 1 },
        { name: 'server-failed', project: 'server', seconds: 0.5, failed: true },
        { name: 'server-long', project: 'server', seconds: 70 },
      ]),
    ).toEqual(['server-failed', 'server-long', 'server-short', 'web-long']);
  });

  it('counts a file it has no seconds for as a short one, and keeps ties in their order', () => {
    expect(
      order([
        { name: 'a', project: 'p', seconds: 1 },
        { name: 'new', project: 'p' },
        { name: 'b', project: 'p', seconds: 3 },
        { name: 'c', project: 'p', seconds: 1 },
      ]),
    ).toEqual(['b', 'new', 'a', 'c']);
  });

  it('keys a file by its project and its path from the root, and reads a missing list as empty', () => {
    expect(durationKey('server-pg', '/repo', '/repo/apps/server/src/app.test.ts')).toBe(
      'server-pg:apps/server/src/app.test.ts',
    );
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'durations-'));
    expect(readDurations(path.join(dir, 'none.json'))).toEqual({});
    fs.writeFileSync(path.join(dir, 'list.json'), '{"e2e:e2e/crash.e2e.ts": 35}');
    expect(readDurations(path.join(dir, 'list.json'))).toEqual({ 'e2e:e2e/crash.e2e.ts': 35 });
  });
});
