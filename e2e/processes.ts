import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

/**
 * Helpers for journeys that run Lectern as real processes on PostgreSQL: a throw-away database,
 * servers and workers started from the build, a signing API client (DESIGN §3, node:crypto only),
 * uploads through the API, and test clips made with the ffmpeg shipped in node_modules.
 */

export const root = path.resolve(import.meta.dirname, '..');
export const serverEntry = path.join(root, 'apps/server/dist/server.js');
export const ffmpegPath = process.env.FFMPEG_PATH || path.join(root, 'node_modules/@ffmpeg-installer/linux-x64/ffmpeg');

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls until `check` gives a truthy value; fails with `what` (and the last value's description) after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  timeoutMs = 60_000,
  everyMs = 250,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

// ---- database

export interface ScratchDatabase {
  name: string;
  url: string;
  /** runs one query on the scratch database (a client per call; fine for checks) */
  query<T extends object = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>;
  /** drops the database WITH (FORCE) */
  drop(): Promise<void>;
}

/** The maintenance database of the server DATABASE_URL points at (`postgres`). */
function adminUrl(): string {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('DATABASE_URL is not set: this journey runs on PostgreSQL only');
  const url = new URL(base);
  url.pathname = '/postgres';
  return url.toString();
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Creates `lectern_scale_<random>` on the PostgreSQL server of DATABASE_URL. */
export async function createScratchDatabase(prefix = 'lectern_scale'): Promise<ScratchDatabase> {
  const admin = adminUrl();
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  await withClient(admin, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    query: <T extends object>(text: string, values?: unknown[]) =>
      withClient(url.toString(), async (client) => (await client.query(text, values)).rows as T[]),
    drop: () =>
      withClient(admin, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

// ---- processes

export interface LecternProcess {
  label: string;
  child: ChildProcess;
  pid: number;
  /** servers only */
  baseUrl: string;
  output(): string;
  exited(): boolean;
}

/** Every process a test file starts, so that all of them can be ended in afterAll whatever happened. */
export class ProcessGroup {
  readonly processes: LecternProcess[] = [];
  /** other processes the test must make sure are gone, e.g. an orphaned ffmpeg: pid and command name */
  readonly strays = new Map<number, string>();

  private spawnLectern(label: string, args: string[], env: Record<string, string>): LecternProcess {
    if (!fs.existsSync(serverEntry)) {
      throw new Error(`${serverEntry} is missing: run 'npm run build -w @lectern/server' first (npm test does)`);
    }
    const child = spawn(process.execPath, [serverEntry, ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-256 * 1024);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const entry: LecternProcess = {
      label,
      child,
      pid: child.pid!,
      baseUrl: env.PORT ? `http://127.0.0.1:${env.PORT}` : '',
      output: () => output,
      exited: () => child.exitCode !== null || child.signalCode !== null,
    };
    this.processes.push(entry);
    return entry;
  }

  /** `node dist/server.js` on a free port; resolves once /api/health answers 200. */
  async startServer(label: string, env: Record<string, string>): Promise<LecternProcess> {
    const port = await freePort();
    const server = this.spawnLectern(label, [], { HOST: '127.0.0.1', PORT: String(port), ...env });
    await waitFor(
      `${label} to answer /api/health`,
      async () => {
        if (server.exited()) throw new Error(`${label} exited early:\n${server.output()}`);
        return fetch(`${server.baseUrl}/api/health`).then(
          (r) => r.status === 200,
          () => false,
        );
      },
      // a first start migrates and seeds the demo (about 15 s alone; three times that beside the journeys)
      120_000,
      200,
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n${server.output()}`);
    });
    return server;
  }

  /** `node dist/server.js worker` (logging at info); resolves once it logs that it started. */
  async startWorker(label: string, env: Record<string, string>): Promise<LecternProcess> {
    const worker = this.spawnLectern(label, ['worker'], { ...env, LOG_LEVEL: 'info' });
    await waitFor(
      `${label} to start`,
      () => {
        if (worker.exited()) throw new Error(`${label} exited early:\n${worker.output()}`);
        return worker.output().includes('transcoding worker started');
      },
      60_000,
      100,
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n${worker.output()}`);
    });
    return worker;
  }

  /** SIGKILL, and wait until the process is reaped. */
  async kill(proc: LecternProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    if (proc.exited()) return;
    const gone = new Promise<void>((resolve) => proc.child.once('exit', () => resolve()));
    proc.child.kill(signal);
    await Promise.race([gone, sleep(10_000)]);
  }

  /** Ends every process of the group (SIGTERM, then SIGKILL after 3 s) and every recorded stray. */
  async stopAll(): Promise<void> {
    await Promise.all(
      this.processes.map(async (proc) => {
        if (proc.exited()) return;
        const gone = new Promise<void>((resolve) => proc.child.once('exit', () => resolve()));
        proc.child.kill('SIGTERM');
        await Promise.race([gone, sleep(3000)]);
        if (!proc.exited()) {
          proc.child.kill('SIGKILL');
          await Promise.race([gone, sleep(3000)]);
        }
      }),
    );
    for (const [pid, command] of this.strays) {
      // by id, and only while the pid still names the same program
      if (isRunning(pid) && commandOf(pid) === command) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          /* gone meanwhile */
        }
      }
    }
  }

  /** The output of every process (its last `chars` characters each), for a failure message. */
  dump(chars = 8000): string {
    return this.processes.map((p) => `----- ${p.label} (pid ${p.pid})\n${p.output().slice(-chars)}`).join('\n');
  }
}

/** Direct children of a process: pid and command name (`ps --ppid`). */
export function childrenOf(pid: number): { pid: number; command: string }[] {
  let out = '';
  try {
    out = execFileSync('ps', ['--ppid', String(pid), '-o', 'pid=,comm='], { encoding: 'utf8' });
  } catch {
    return []; // ps exits 1 when there are none
  }
  return out
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [id, ...command] = line.split(/\s+/);
      return { pid: Number(id), command: command.join(' ') };
    });
}

/** A process's command name (/proc/{pid}/comm), or null when it is gone. */
export function commandOf(pid: number): string | null {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return null;
  }
}

/** Whether a process exists and is not a zombie (a zombie has stopped running; it only waits to be reaped). */
export function isRunning(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

// ---- the API, as a third-party client would call it (DESIGN §3)

interface ServerConfig {
  publicKey: string;
  fixedString: string;
  signingSecret: string;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const randomId = () => Array.from(crypto.randomBytes(22), (b) => ALPHABET[b % 62]).join('');

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: any;
}

export interface ApiClient {
  baseUrl: string;
  call(method: string, pathAndQuery: string, body?: unknown): Promise<ApiResponse>;
  /** the same session, against another server */
  on(baseUrl: string): ApiClient;
  /** the session token, the role sent with each call, and the signed-in user as the login gave it */
  session: { token?: string; role?: string; user?: unknown };
}

export async function serverConfig(baseUrl: string): Promise<ServerConfig> {
  return ((await (await fetch(`${baseUrl}/api/config`)).json()) as { data: ServerConfig }).data;
}

function apiClient(baseUrl: string, config: ServerConfig, session: ApiClient['session'] = {}): ApiClient {
  const key = crypto
    .publicEncrypt(
      { key: config.publicKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(config.fixedString),
    )
    .toString('base64url');
  return {
    baseUrl,
    session,
    on: (other) => apiClient(other, config, session),
    async call(method, pathAndQuery, body) {
      const urlPath = pathAndQuery.split('?')[0]!;
      const id = randomId();
      const timestamp = Date.now();
      const mac = crypto
        .createHmac('sha256', config.signingSecret)
        .update(`${method}\n${timestamp}\n${id}\n${urlPath}`)
        .digest('hex');
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'x-signature': `v1.${id}.${timestamp}.${key}.${mac}`,
      };
      if (session.token) headers.authorization = session.token;
      if (session.role) headers['x-user-info'] = session.role;
      const res = await fetch(`${baseUrl}${pathAndQuery}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      return { status: res.status, headers: res.headers, body: parsed };
    },
  };
}

/**
 * Signs in through the demo outbox: the code is requested from `baseUrl`, read from the outbox of
 * `outboxUrl` (another server on the same database may answer it), and the login made at `baseUrl`.
 */
export async function signIn(
  baseUrl: string,
  mobileNumber: string,
  role: string,
  outboxUrl: string = baseUrl,
): Promise<ApiClient> {
  const config = await serverConfig(baseUrl);
  const client = apiClient(baseUrl, config);
  const sent = await client.call('POST', '/api/auth/internal/send/otp', { mobileNumber });
  if (sent.status !== 200) throw new Error(`send otp: ${sent.status} ${JSON.stringify(sent.body)}`);
  const outbox = client.on(outboxUrl);
  const code = await waitFor(
    `the sign-in code of ${mobileNumber}`,
    async () => (await outbox.call('GET', `/api/dev/outbox?mobileNumber=${mobileNumber}`)).body.data[0]?.code as string,
    10_000,
    50,
  );
  const otp = crypto
    .publicEncrypt(
      { key: config.publicKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(code),
    )
    .toString('base64');
  const login = await client.call('POST', '/api/auth/login', { mobileNumber, otp });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.body)}`);
  client.session.token = login.headers.get('authorization')!;
  client.session.role = role;
  client.session.user = (login.body as { data: { user: unknown } }).data.user;
  return client;
}

// ---- uploads

export const UPLOADS = '/api/file-explorer-service/cloud/uploads';
export const REGISTER = '/api/file-explorer-service/cloud/uploadfiles';

export interface Placement {
  subjectId: string;
  unitId: string;
  topicId: string;
}

async function putBytes(url: string, data: Buffer, headers: Record<string, string>): Promise<string> {
  const res = await fetch(url, {
    method: 'PUT',
    headers: { 'content-type': 'application/octet-stream', ...headers },
    body: new Uint8Array(data),
  });
  if (res.status !== 200) throw new Error(`PUT ${url.split('?')[0]}: ${res.status} ${await res.text()}`);
  return res.headers.get('etag') ?? '';
}

/**
 * Uploads a local video through the upload API (start, PUT the bytes or every part, complete) and
 * registers it in a topic; registration submits its transcode. Returns the registered video.
 */
export async function uploadAndRegister(
  client: ApiClient,
  file: string,
  fileName: string,
  place: Placement,
  durationSeconds: number,
): Promise<{ videoId: string; key: string; jobId: string | null }> {
  const data = fs.readFileSync(file);
  const absolute = (url: string) => (url.startsWith('/') ? `${client.baseUrl}${url}` : url);
  const start = await client.call('POST', UPLOADS, {
    target: { type: 'subject', ...place },
    fileName,
    size: data.length,
    contentType: 'video/mp4',
  });
  if (start.status !== 200) throw new Error(`start ${fileName}: ${start.status} ${JSON.stringify(start.body)}`);
  const upload = start.body.data;
  let parts: { partNumber: number; etag: string }[] | undefined;
  if (upload.mode === 'single') {
    await putBytes(absolute(upload.url), data, upload.headers);
  } else {
    parts = [];
    const numbers = Array.from({ length: upload.partCount as number }, (_, i) => i + 1);
    for (let i = 0; i < numbers.length; i += 50) {
      const signed = await client.call('POST', `${UPLOADS}/${upload.uploadId}/parts`, {
        partNumbers: numbers.slice(i, i + 50),
      });
      if (signed.status !== 200) throw new Error(`sign parts: ${signed.status} ${JSON.stringify(signed.body)}`);
      for (const part of signed.body.data.parts as { partNumber: number; url: string; size: number }[]) {
        const from = (part.partNumber - 1) * upload.partSize;
        const etag = await putBytes(
          absolute(part.url),
          data.subarray(from, from + part.size),
          signed.body.data.headers,
        );
        parts.push({ partNumber: part.partNumber, etag });
      }
    }
  }
  const complete = await client.call('POST', `${UPLOADS}/${upload.uploadId}/complete`, parts ? { parts } : {});
  if (complete.status !== 200)
    throw new Error(`complete ${fileName}: ${complete.status} ${JSON.stringify(complete.body)}`);
  const register = await client.call('PUT', REGISTER, {
    ...place,
    uploadFilesDtoList: [
      { file: fileName, size: data.length, awsKey: upload.key, videoDurationInSecond: durationSeconds },
    ],
  });
  if (register.status !== 200)
    throw new Error(`register ${fileName}: ${register.status} ${JSON.stringify(register.body)}`);
  const video = register.body.data.videos[0] as { videoId: string; Id: string; jobId: string | null };
  return { videoId: video.videoId, key: video.Id, jobId: video.jobId };
}

// ---- clips

function ffmpeg(args: string[]): void {
  const result = spawnSync(ffmpegPath, ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
  if (result.status !== 0) throw new Error(`ffmpeg ${args.join(' ')} failed: ${result.stderr?.toString()}`);
}

/** A test clip: colour bars with a counter (testsrc) and a tone (sine). */
export function generateClip(file: string, options: { seconds: number; width: number; height: number }): string {
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${options.width}x${options.height}:rate=25`,
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=48000',
    '-t',
    String(options.seconds),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    file,
  ]);
  return file;
}

/** `clip` played `times` over, without re-encoding. */
export function loopClip(clip: string, times: number, file: string): string {
  ffmpeg(['-stream_loop', String(times - 1), '-i', clip, '-c', 'copy', file]);
  return file;
}
