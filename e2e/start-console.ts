import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

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

/**
 * Starts the built console as `npm start` would (embedded PGlite, demo data, local storage) on a free
 * port with the given throw-away data directory, and waits for /api/health. Used by the browser
 * journeys and the benchmarks.
 */
export async function startConsole(
  dataDir: string,
): Promise<{ baseUrl: string; child: ChildProcess; output: () => string }> {
  const entry = path.join(root, 'apps/server/dist/server.js');
  const index = path.join(root, 'apps/web/dist/index.html');
  for (const file of [entry, index]) {
    if (!fs.existsSync(file)) throw new Error(`${file} is missing: run 'npm run build' first (npm test does)`);
  }
  const port = await freePort();
  const child = spawn(process.execPath, [entry], {
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
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { baseUrl, child, output: () => output };
    if (Date.now() > deadline) throw new Error(`The server did not start in 60 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
