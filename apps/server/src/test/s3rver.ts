import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface S3rverHandle {
  endpoint: string;
  /** what s3rver wrote to stderr (crashes, with S3RVER_LOGS=1 its log) */
  stderr: () => string;
  stop: () => Promise<void>;
}

/** Starts a real S3-protocol server (s3rver) on loopback, port 0, with the given buckets. */
export async function startS3rver(buckets: string[]): Promise<S3rverHandle> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-s3rver-'));
  const script = path.join(import.meta.dirname, 's3rver-child.mjs');
  const child = spawn(process.execPath, ['--openssl-legacy-provider', script, directory, buckets.join(',')], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`s3rver did not start: ${stderr}`)), 20_000);
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) {
        clearTimeout(timer);
        resolve((JSON.parse(line) as { port: number }).port);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`s3rver exited with ${code}: ${stderr}`));
    });
  });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stderr: () => stderr,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
