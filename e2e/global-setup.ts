import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

const root = path.resolve(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/**
 * Starts the built console (npm test builds it first) on a free port with a throw-away data
 * directory, embedded PGlite and demo data, exactly as `npm start` would.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const entry = path.join(root, 'apps/server/dist/server.js');
  const index = path.join(root, 'apps/web/dist/index.html');
  for (const file of [entry, index]) {
    if (!fs.existsSync(file)) throw new Error(`${file} is missing: run 'npm run build' first (npm test does)`);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-e2e-'));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_MODE: 'true',
      NODE_ENV: 'test',
      OTP_MAX_PER_ADDRESS: '100000',
      OTP_MAX_PER_NUMBER: '100000',
      OTP_RESEND_COOLDOWN_SECONDS: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`The server did not start in 60 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  project.provide('baseUrl', baseUrl);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    if (child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
