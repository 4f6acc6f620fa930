import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ProcessGroup, freePort, signIn, sleep } from './processes';

// A kill under write load loses no acknowledged write (the probe that found the issue-22 faults ran
// this six times on each database; this keeps it as a regression test on the embedded one). Writers
// create subjects as fast as the server answers; the server is killed with SIGKILL mid-stream and
// started again on the same data folder; every create it acknowledged must be there.

const WRITERS = 4;
const RUN_MS = 2_500;

const group = new ProcessGroup();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-crash-'));

afterAll(async () => {
  await group.stopAll();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function embedded(): Promise<Record<string, string>> {
  return {
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    DEMO_MODE: 'true',
    DEMO_MEDIA: 'false',
    TRANSCODER: 'off',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    OTP_RESEND_COOLDOWN_SECONDS: '0',
  };
}

describe('SIGKILL under write load', () => {
  it('keeps every write it acknowledged, and starts again', async () => {
    const server = await group.startServer('server under load', await embedded());
    const admin = await signIn(server.baseUrl, '9000000001', 'SUPER_ADMIN');
    const acknowledged: string[] = [];
    const attempted: string[] = [];
    let stop = false;
    const writer = async (w: number) => {
      for (let n = 0; !stop; n++) {
        const subjectName = `Crash probe ${w}-${n}`;
        attempted.push(subjectName);
        try {
          const res = await admin.call('POST', '/api/subjects/subject', { subjectName });
          if (res.status === 201) acknowledged.push(subjectName);
        } catch {
          return; // the connection died with the server
        }
      }
    };
    const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
    await sleep(RUN_MS);
    await group.kill(server, 'SIGKILL');
    stop = true;
    await Promise.all(writers);
    expect(acknowledged.length, 'writes acknowledged before the kill').toBeGreaterThan(5);

    const again = await group.startServer('server restarted', await embedded());
    const client = await signIn(again.baseUrl, '9000000001', 'SUPER_ADMIN');
    const listing = await client.call('GET', '/api/subjects/subject/all');
    expect(listing.status).toBe(200);
    const names = new Set(JSON.stringify(listing.body).match(/Crash probe \d+-\d+/g) ?? []);
    const lost = acknowledged.filter((name) => !names.has(name));
    expect(lost, `acknowledged writes lost after the kill (${acknowledged.length} acknowledged)`).toEqual([]);
    // Nothing appeared that was never asked for, and at most the writes in flight at the kill are extra.
    const strays = [...names].filter((name) => !attempted.includes(name));
    expect(strays).toEqual([]);
    expect(names.size - acknowledged.length).toBeLessThanOrEqual(WRITERS);
    // two first starts seed the whole demo (its 600 orders through the orders service) on a busy machine
  }, 180_000);
});
