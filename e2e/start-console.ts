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

export interface StartConsoleOptions {
  /** extra environment, over the defaults below (e.g. DATABASE_URL, DEMO_SEED, TRANSCODER) */
  env?: Record<string, string>;
  /** a CPU list for `taskset -c` (e.g. '0'): the server, and any ffmpeg it starts, run on those cores only */
  cpus?: string;
  /** how long to wait for /api/health (default 60 s) */
  timeoutMs?: number;
}

/**
 * Starts the built console as `npm start` would (embedded PGlite, demo data, local storage) on a free
 * port with the given throw-away data directory, and waits for /api/health. Used by the browser
 * journeys and the benchmarks (which add `options`).
 */
export async function startConsole(
  dataDir: string,
  options: StartConsoleOptions = {},
): Promise<{ baseUrl: string; child: ChildProcess; output: () => string }> {
  const entry = path.join(root, 'apps/server/dist/server.js');
  const index = path.join(root, 'apps/web/dist/index.html');
  for (const file of [entry, index]) {
    if (!fs.existsSync(file)) throw new Error(`${file} is missing: run 'npm run build' first (npm test does)`);
  }
  // a console started again on the same address (as after a deploy) is given its PORT
  const port = options.env?.PORT ? Number(options.env.PORT) : await freePort();
  const command = options.cpus ? ['taskset', '-c', options.cpus, process.execPath] : [process.execPath];
  const child = spawn(command[0]!, [...command.slice(1), entry], {
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
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  // a first start seeds the demo (600 orders through the orders service): allow for a busy machine
  const timeoutMs = options.timeoutMs ?? 120_000;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output}`);
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { baseUrl, child, output: () => output };
    if (Date.now() > deadline) throw new Error(`The server did not start in ${timeoutMs / 1000} s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Stops a console: SIGTERM, and SIGKILL if it has not exited within `graceMs`. */
export async function stopConsole(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, graceMs))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}
