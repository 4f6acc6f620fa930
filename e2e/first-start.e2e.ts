import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { ProcessGroup, freePort, serverEntry, sleep, waitFor } from './processes';

// A first start killed at any moment is simply done again on the next start (DESIGN §1): the embedded
// database is initialised beside its folder and moved into place only when complete. The first start
// is killed the moment it is seen in each of its phases, not after a guessed time: making the cluster
// (its scratch folder exists), migrating (the cluster is in place), and early and late in the demo seed
// (the seed's own log lines).
interface Moment {
  name: string;
  /** true once the first start is in the phase: given its data folder and what it logged so far */
  reached: (dataDir: string, output: string) => boolean;
}
const MOMENTS: Moment[] = [
  {
    name: 'while the cluster is made',
    reached: (dataDir) => fs.readdirSync(dataDir).some((entry) => entry.startsWith('db.initialising-')),
  },
  { name: 'as migrations begin', reached: (dataDir) => fs.existsSync(path.join(dataDir, 'db', 'PG_VERSION')) },
  { name: 'early in the demo seed', reached: (_, output) => output.includes('demo staff seeded') },
  { name: 'late in the demo seed', reached: (_, output) => output.includes('demo batches, branches') },
];

const group = new ProcessGroup();
const dataDirs: string[] = [];

afterAll(async () => {
  await group.stopAll();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

function embeddedEnv(dataDir: string, port: number): Record<string, string> {
  return {
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    DEMO_MODE: 'true',
    DEMO_MEDIA: 'false',
    TRANSCODER: 'off',
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
  };
}

describe('a first start killed part-way', () => {
  it.each(MOMENTS)(
    'is done again on the next start (killed $name)',
    async ({ name, reached }) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-first-start-'));
      dataDirs.push(dataDir);
      const first = spawn(process.execPath, [serverEntry], {
        env: { ...process.env, ...embeddedEnv(dataDir, await freePort()) },
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      let output = '';
      first.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<void>((resolve) => first.once('exit', () => resolve()));
      // looked at every 10 ms: each phase lasts a few hundred milliseconds at least
      await waitFor(`the first start ${name}`, () => first.exitCode === null && reached(dataDir, output), 60_000, 10);
      first.kill('SIGKILL');
      await exited;

      const second = await group.startServer(`restart after a kill ${name}`, embeddedEnv(dataDir, await freePort()));
      // Healthy, and it stays healthy (a wedged database answered 200 once, then 503 every second).
      for (let i = 0; i < 3; i++) {
        const health = await fetch(`${second.baseUrl}/api/health`);
        expect(health.status, second.output()).toBe(200);
        await sleep(300);
      }
      // The demo seed is whole: every demo staff member can ask for a code.
      const config = await waitFor('runtime config', async () => {
        const response = await fetch(`${second.baseUrl}/api/config`);
        return response.ok ? ((await response.json()) as { data: { environment: string } }) : null;
      });
      expect(config.data.environment).toBe('local');
      await group.kill(second, 'SIGTERM');
      // the second start migrates and seeds the whole demo (its 600 orders through the orders service)
    },
    180_000,
  );

  it('names the folder and what to do when the embedded database cannot be opened', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-first-start-'));
    dataDirs.push(dataDir);
    // A database folder that is not a PostgreSQL cluster (say, restored half-way from a backup).
    fs.mkdirSync(path.join(dataDir, 'db'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'db', 'PG_VERSION'), 'not a cluster\n');
    const result = spawnSync(process.execPath, [serverEntry], {
      env: { ...process.env, ...embeddedEnv(dataDir, await freePort()) },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(path.join(dataDir, 'db'));
    expect(result.stderr).toMatch(/cannot be opened/);
  });
});
