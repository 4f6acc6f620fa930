import path from 'node:path';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { openDatabase } from '../../db/client';
import { migrate } from '../../db/migrate';
import { JobQueue, JobRegistry } from '../../jobs';
import { loadKeys } from '../../lib/keys';
import { createStorage } from '../../storage';
import { createTranscoding, createWorker } from './index';

/**
 * `node dist/server.js worker` (`npm run worker`): a transcoding worker on its own, for scale. It
 * shares the database (PostgreSQL: PGlite cannot be opened by two processes) and the storage with
 * the servers, and serves nothing.
 */
export async function runWorker(config: Config): Promise<void> {
  const log = pino({ level: config.logLevel }) as unknown as FastifyBaseLogger;
  if (!config.databaseUrl) {
    throw new Error(
      'a separate worker needs DATABASE_URL (PostgreSQL): the embedded database belongs to the server process, whose own worker runs the jobs',
    );
  }
  if (config.transcoding.driver === 'off') throw new Error('TRANSCODER=off: there is nothing for a worker to do');
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'db'),
    onConnectionError: (error) =>
      log.warn({ err: error }, 'lost a database connection; the next query takes a new one'),
  });
  await migrate(database);
  const keys = await loadKeys(database.db, config);
  const storage = createStorage(config.storage, { pepper: keys.pepper, cdnBase: config.cdnBase });
  const jobs = new JobRegistry(new JobQueue(database, log), log);
  const transcoding = createTranscoding(database, config, jobs, log);
  const worker = (await createWorker(transcoding, jobs, config, storage, log))!;
  worker.start();
  jobs.start();
  log.info(
    { workerId: worker.workerId, concurrency: config.transcoding.concurrency, driver: config.transcoding.driver },
    'transcoding worker started',
  );
  const shutdown = async (signal: string) => {
    log.info({ signal }, 'transcoding worker stopping; running jobs go back to their queue');
    worker.stop();
    await jobs.stop();
    await storage.driver.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
