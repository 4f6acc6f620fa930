import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../e2e/processes';
import { startConsole } from '../../e2e/start-console';
import { signIn } from '../lib/client';
import { CAN_PIN, LOAD_CPU, SERVER_CPU, cpuSeconds, onCpus } from '../lib/cpu';
import { load } from '../lib/load';
import { fmt, type BenchRow } from '../report';

/**
 * What the transport costs (the speed issue's rows): a static answer as sent, against a bare
 * `node:http` server sending the same bytes from memory on the same core; the CPU an idle console
 * spends; the 10,000-recording answer on the wire against its uncompressed size.
 */

const SECTION = 'transport';
const IDLE_SETTLE_S = 20;
const IDLE_MEASURE_S = 30;
const LOAD_S = 10;
const CONNECTIONS = 10;

/** The bytes a browser that accepts brotli is sent for `url`, with the headers that matter. */
async function asSent(url: string): Promise<{ body: Buffer; type: string; encoding: string }> {
  // node:http, not fetch: fetch decodes the body, and the bytes on the wire are what is measured.
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': 'br' } }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () =>
        resolve({
          body: Buffer.concat(chunks),
          type: String(answer.headers['content-type'] ?? ''),
          encoding: String(answer.headers['content-encoding'] ?? 'identity'),
        }),
      );
      answer.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** A bare node:http server (its own process, on `cpus`) answering every request with `file`'s bytes. */
async function bareServer(file: string, type: string, encoding: string, cpus?: string) {
  const port = await freePort();
  const script = `
    const body = require('node:fs').readFileSync(${JSON.stringify(file)});
    require('node:http').createServer((req, res) => {
      res.writeHead(200, { 'content-type': ${JSON.stringify(type)}, 'content-encoding': ${JSON.stringify(encoding)},
        'content-length': body.length });
      res.end(body);
    }).listen(${port}, '127.0.0.1', () => process.stdout.write('ready\\n'));`;
  const command = cpus && CAN_PIN ? ['taskset', '-c', cpus, process.execPath] : [process.execPath];
  const child: ChildProcess = spawn(command[0]!, [...command.slice(1), '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGKILL') };
}

/** Static answers at the default log level against the bare server, and the idle console's CPU. */
export async function transportSection(log: (line: string) => void): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-bench-transport-'));
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-bench-bytes-'));
  // Demo defaults: the inline transcoding worker on, demo data, the default log level.
  const server = await startConsole(dataDir, {
    cpus: SERVER_CPU,
    env: { LOG_LEVEL: 'info', DEMO_MEDIA: 'false' },
  });
  try {
    log(`idle console: settle ${IDLE_SETTLE_S} s, measure ${IDLE_MEASURE_S} s`);
    await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_S * 1000));
    const before = cpuSeconds(server.child.pid!);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MEASURE_S * 1000));
    const idlePercent = ((cpuSeconds(server.child.pid!) - before) / IDLE_MEASURE_S) * 100;
    rows.push({
      section: SECTION,
      figure: 'idle server, demo defaults, inline worker on',
      ours: idlePercent,
      baseline: null,
      unit: '% of a core',
      budget: { max: 1, text: '≤ 1% of a core' },
    });

    const html = await fetch(`${server.baseUrl}/auth/login`).then((r) => r.text());
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    if (!asset) throw new Error('the page names no script asset');
    for (const [label, urlPath] of [
      ['index.html', '/auth/login'],
      ['a hashed asset', asset],
    ] as const) {
      const sent = await asSent(`${server.baseUrl}${urlPath}`);
      const file = path.join(scratch, label.replace(/\W+/g, '-'));
      fs.writeFileSync(file, sent.body);
      const bare = await bareServer(file, sent.type, sent.encoding, SERVER_CPU);
      try {
        const run = (url: string) =>
          onCpus(LOAD_CPU, () =>
            load({
              url,
              connections: CONNECTIONS,
              duration: LOAD_S,
              warmup: 2,
              requests: [{ method: 'GET', path: urlPath, headers: { 'accept-encoding': 'br' } }],
            }),
          );
        const ours = await run(server.baseUrl);
        const baseline = await run(bare.url);
        log(`${label}: ${fmt(ours.rate)} vs ${fmt(baseline.rate)} answers/s`);
        rows.push({
          section: SECTION,
          figure: `${label} as sent (${sent.encoding}, ${fmt(sent.body.length)} B), default log level, vs bare node:http`,
          ours: ours.rate,
          baseline: baseline.rate,
          unit: 'answers/s',
          budget: { min: 0.5, text: '≥ 50% of baseline' },
          note: `server on ${SERVER_CPU ?? 'any core'}, load on ${LOAD_CPU ?? 'any core'}; non-2xx ${ours.non2xx}`,
        });
      } finally {
        bare.stop();
      }
    }
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  return rows;
}

/** The 10,000-recording list as sent (brotli) against its uncompressed size, on a large console. */
export async function wireRows(baseUrl: string): Promise<BenchRow[]> {
  const admin = await signIn(baseUrl, '9000000001', 'SUPER_ADMIN');
  const urlPath = '/api/batch/live-class-recording?page=0&size=10000&sort=ASC';
  const measure = (encoding: string) =>
    new Promise<number>((resolve, reject) => {
      request(
        `${baseUrl}${urlPath}`,
        { headers: { ...admin.headers('GET', urlPath.split('?')[0]!), 'accept-encoding': encoding } },
        (answer) => {
          let bytes = 0;
          answer.on('data', (chunk: Buffer) => (bytes += chunk.length));
          answer.on('end', () =>
            answer.statusCode === 200 ? resolve(bytes) : reject(new Error(`recordings: ${answer.statusCode}`)),
          );
        },
      )
        .on('error', reject)
        .end();
    });
  const plain = await measure('identity');
  const brotli = await measure('br');
  return [
    {
      section: SECTION,
      figure: '10,000-recording answer on the wire (brotli) vs uncompressed',
      ours: brotli,
      baseline: plain,
      unit: 'B',
      budget: { max: 0.15, text: '≤ 15% of uncompressed' },
    },
  ];
}
