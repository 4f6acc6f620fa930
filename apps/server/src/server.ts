import { loadConfig } from './config';
import { build } from './app';
import { runWorker } from './modules/transcoding/worker-main';
import { DEMO_STAFF } from '@lectern/contract';

/** HTTP entry: `node dist/server.js` starts the console on the configured port. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(`Lectern cannot start: ${(error as Error).message}`);
    process.exit(1);
  }
  if (process.argv[2] === 'worker') {
    await runWorker(config).catch((error: unknown) => {
      console.error(`The Lectern worker cannot start: ${(error as Error).message}`);
      process.exit(1);
    });
    return;
  }
  let app;
  try {
    app = await build({ config });
  } catch (error) {
    // A start that cannot finish says why and stops, rather than serving 503s forever.
    console.error(`Lectern cannot start: ${(error as Error).message}`);
    process.exit(1);
  }
  if (!config.demoMode && !config.smsWebhookUrl) {
    app.log.warn('demo mode is off and SMS_WEBHOOK_URL is not set: sign-in codes cannot be delivered');
  }
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  const address = `http://localhost:${config.port}`;
  const lines = [
    '',
    `  Lectern is running at ${address}`,
    `  Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}/db`}`,
    `  Transcoding: ${config.transcoding.driver}${config.transcoding.driver === 'off' ? '' : config.transcoding.inlineWorker ? ' (a worker runs in this process)' : ' (run workers with `npm run worker`)'}`,
  ];
  if (config.demoMode) {
    lines.push('  Demo mode: sign in with one of these numbers; the code is shown on the sign-in screen.');
    for (const user of DEMO_STAFF)
      lines.push(`    ${user.role.padEnd(18)} ${user.phone}  (${user.firstName} ${user.lastName})`);
  }
  console.log(`${lines.join('\n')}\n`);
}

void main();
