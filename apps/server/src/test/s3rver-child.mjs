// Runs s3rver on loopback for the S3 driver's tests, in a process of its own:
// - Node 17+ lacks DES without --openssl-legacy-provider, and s3rver 3.7.1 encrypts ListObjectsV2
//   continuation tokens with DES (every truncated listing answers 500 without it);
// - a CompleteMultipartUpload naming a part never stored crashes s3rver's process (an unhandled
//   stream error), which must not take the test runner with it.
// Usage: node --openssl-legacy-provider s3rver-child.mjs <directory> <bucket,bucket,...>
// Prints one JSON line {"port": n} when listening; stops on SIGTERM or when stdin closes.
import S3rver from 's3rver';

const [directory, buckets = ''] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: process.env.S3RVER_LOGS !== '1',
  directory,
  configureBuckets: buckets
    .split(',')
    .filter(Boolean)
    .map((name) => ({ name })),
});
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
const stop = async () => {
  await server.close().catch(() => undefined);
  process.exit(0);
};
process.on('SIGTERM', stop);
process.stdin.on('end', stop);
process.stdin.resume();
