import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import helmet from '@fastify/helmet';
import compress from '@fastify/compress';
import { MESSAGES } from '@lectern/contract';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { migrate } from './db/migrate';
import { AppError } from './lib/app-error';
import type { AppDeps } from './lib/deps';
import { loadKeys } from './lib/keys';
import { loggerOptions, registerRequestLog } from './lib/logging';
import { registerWebApp } from './lib/web-app';
import {
  DevOutboxDelivery,
  UnconfiguredDelivery,
  WebhookDelivery,
  type CodeDelivery,
} from './modules/auth/code-delivery';
import { SessionService } from './modules/auth/session.service';
import { ApiKeysService } from './modules/users/api-keys.service';
import { JobQueue, JobRegistry } from './jobs';
import { MODULES, moduleServices, type ModuleContext } from './modules';
import type { VideosRegisteredHook } from './modules/files';
import { createTranscoding, createWorker, type TranscodeWorker, type TranscodingService } from './modules/transcoding';
import { createStorage, type Storage } from './storage';
import { storageUrlSecret } from './storage/url-token';
import { registerErrorHandler } from './plugins/errors';
import { SignatureVerifier } from './plugins/signature';
import { seedDemoData } from './seed/demo-seed';
import { seedDemoSubjects } from './seed/demo-subjects';
import { seedDemoCatalogues } from './seed/demo-media';
import { seedDemoPublisher } from './seed/demo-publisher';
import { seedDemoStudents } from './seed/demo-students';
import { seedDemoCoupons } from './seed/demo-coupons';
import { seedDemoOrders } from './seed/demo-orders';
import { seedDemoDelivery } from './seed/demo-delivery';
import { seedDemoBatches } from './seed/demo-batches';
import { seedDemoLiveClasses } from './seed/demo-live-classes';
import { seedDemoAttendance } from './seed/demo-attendance';
import { seedDemoTerms } from './seed/demo-terms';
import { seedDemoStudentUpdates } from './seed/demo-student-updates';
import { createMailer, type Mailer } from './mail/mailer';
import { seedDemoCategories } from './seed/demo-categories';
import { seedLargeDemo } from './seed/large-demo';
import { seedDemoMedia } from './seed/demo-playable';

export interface BuildOptions {
  config: Config;
  /** an open database (tests); otherwise one is opened from the configuration */
  database?: Database;
  /** run the demo seeder on an empty database (default: when demo mode is on) */
  seed?: boolean;
  /** replace code delivery (tests) */
  delivery?: CodeDelivery;
  /** replace e-mail (tests) */
  mailer?: Mailer;
  logger?: boolean | object;
  /** where the default logger writes (tests read the log lines); default: standard output */
  logStream?: NodeJS.WritableStream;
  /** registers extra routes before the app boots (tests) */
  configure?: (app: FastifyInstance) => void;
  /** called with the ids of registered, copied and moved videos (default: submit them for transcoding) */
  onVideosRegistered?: VideosRegisteredHook;
  /** run a transcoding worker in this process (default: TRANSCODE_INLINE_WORKER, on) */
  worker?: boolean;
  /** make the demo videos playable in the background after start (default: with the demo seed) */
  demoMedia?: boolean;
}

/** Updates the planner's statistics; a failure is logged, never fatal (the answers stay right, only slower). */
async function analyze(database: Database, log: FastifyBaseLogger): Promise<void> {
  await database.exec('ANALYZE').catch((error: unknown) => log.warn({ err: error }, 'could not analyze the database'));
}

/** A hop count as Fastify's proxy check: the first `hops` addresses from this server's side are proxies. */
function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

/** Builds the whole app: infrastructure, then the domains' routes, then the SPA. Tests use it through `inject`. */
export async function build(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? {
      ...loggerOptions(config.logLevel),
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names (off by default): a forged
    // header would otherwise choose the address that rate limits and sessions record.
    trustProxy: typeof config.http.trustProxy === 'number' ? trustHops(config.http.trustProxy) : config.http.trustProxy,
    // A socket that sends nothing is closed, so idle or slow connections cannot pile up; keep-alive
    // and whole-request limits are set here on purpose rather than left to Node's defaults.
    connectionTimeout: config.http.idleTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    requestTimeout: config.http.requestTimeoutMs,
    bodyLimit: 1024 * 1024,
    // One line per request, after the answer, by the policy of registerRequestLog below.
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { maxParamLength: 500 },
    // Router-level failures (over-long parameters, bad URLs) answer with the envelope too.
    frameworkErrors: (error, request, reply) => {
      request.log.info({ code: error.code }, 'request refused by the router');
      void (reply as unknown as FastifyReply)
        .status(error.statusCode && error.statusCode < 500 ? error.statusCode : 400)
        .send({ error: true, message: MESSAGES.validation.replace('[details]', 'the address is not valid') });
    },
  });

  // Infrastructure: database (migrated), keys, security headers, error envelope.
  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'db'),
      onConnectionError: (error) =>
        app.log.warn({ err: error }, 'lost a database connection; the next query takes a new one'),
    }));
  let changed = (await migrate(database)).length > 0;
  const keys = await loadKeys(database.db, config);
  if (options.seed ?? config.demoMode) {
    const seeded = (done: boolean, what: string) => {
      if (done) app.log.info(`${what} seeded`);
      changed ||= done;
    };
    seeded(await seedDemoData(database.db), 'demo staff');
    seeded(await seedDemoSubjects(database.db), 'demo subjects');
    seeded(await seedDemoCategories(database.db), 'demo store categories');
    seeded(await seedDemoCatalogues(database.db), 'demo catalogues and live classes');
    seeded(await seedDemoPublisher(database.db), 'demo catalogues, subscriptions and store listings');
    seeded(await seedDemoStudents(database.db), 'demo students and scholarships');
    seeded(await seedDemoCoupons(database.db), 'demo coupons');
    seeded(await seedDemoOrders(database.db, config), 'demo orders, payments, invoices and refunds');
    seeded(await seedDemoDelivery(database.db), 'demo delivery packages');
    seeded(await seedDemoBatches(database.db), 'demo batches, branches, programs and groups');
    seeded(await seedDemoLiveClasses(database.db, config.meetings), 'demo live classes, subjects and meeting accounts');
    seeded(await seedDemoAttendance(database.db), 'demo attendance of held live classes');
    seeded(await seedDemoTerms(database.db, config.invoicing), 'demo legal terms and acceptances');
    seeded(await seedDemoStudentUpdates(database.db), 'demo student updates and the home-page video');
    seeded(await seedLargeDemo(database, process.env.DEMO_SEED, config.invoicing), 'large demo data');
  }
  // Fresh tables have no statistics, and the planner then guesses (a one-subject read once planned a
  // hash join over every video: 17 ms instead of 0.07). PGlite never analyzes by itself: see the sweeper.
  if (changed) await analyze(database, app.log);
  const delivery =
    options.delivery ??
    (config.demoMode
      ? new DevOutboxDelivery(database.db, app.log)
      : config.smsWebhookUrl
        ? new WebhookDelivery(config.smsWebhookUrl, app.log)
        : new UnconfiguredDelivery(app.log));
  const storage = createStorage(config.storage, { pepper: keys.pepper, cdnBase: config.cdnBase });
  const deps: AppDeps = {
    config,
    database,
    db: database.db,
    keys,
    signatures: new SignatureVerifier(database.db, keys),
    sessions: new SessionService(database.db, keys, config.sessionTtlMs),
    // failed key calls get the allowance of sign-in codes per address (OTP_MAX_PER_ADDRESS in 15 minutes)
    apiKeys: new ApiKeysService(database.db, { maxFailures: config.otp.maxPerAddress, windowMs: config.otp.windowMs }),
    delivery,
    mailer: options.mailer ?? createMailer(config, database.db, app.log),
  };

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        connectSrc: ["'self'", 'https:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        // Off: the console also runs on plain http (a laptop, an intranet); upgrading would break
        // redirects to storage reads there. Behind TLS, HSTS does this job.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // API answers above 1 KiB go compressed (the 10,000-recording list is 4.9 MB of JSON); brotli at a
  // quality that costs little CPU per answer. Built assets are compressed ahead of time (lib/web-app.ts).
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  registerErrorHandler(app);
  registerRequestLog(app, config.requestLog);

  // Every call sends content-type: application/json, with or without a body.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError(400, MESSAGES.validation.replace('[details]', 'the body is not valid JSON')), undefined);
    }
  });

  // Background jobs on this database. A process that works them (the inline worker) has a handler
  // for every registered job type: a missing one fails here, at start-up, not at the first job.
  const jobs = new JobRegistry(new JobQueue(database, app.log), app.log);
  // What modules share of each other, built once (modules/index.ts); transcoding writes the video records too.
  const services = moduleServices(deps);
  const transcoding = createTranscoding(database, config, jobs, app.log, services.videos);
  const works = options.worker ?? config.transcoding.inlineWorker;
  const worker: TranscodeWorker | null = works ? await createWorker(transcoding, jobs, config, storage, app.log) : null;
  if (works) {
    jobs.assertHandled();
    app.addHook('onReady', async () => {
      worker?.start();
      jobs.start();
    });
  }

  // Domains, in the order of the module list.
  const submitRegistered: VideosRegisteredHook = (ids) => transcoding.submitRegistered(ids);
  const ctx: ModuleContext = {
    deps,
    storage,
    jobs,
    transcoding,
    onVideosRegistered:
      options.onVideosRegistered ?? (config.transcoding.submitOnRegister ? submitRegistered : async () => undefined),
    mediaUrlSecret: storageUrlSecret(keys.pepper),
    services,
  };
  for (const module of MODULES) await module.register(app, ctx);
  if (options.demoMedia ?? ((options.seed ?? config.demoMode) && process.env.DEMO_MEDIA !== 'false')) {
    app.addHook('onReady', async () => {
      seedDemoMedia({ database, storage, config, log: app.log }).catch((error: unknown) =>
        app.log.warn({ err: error }, 'could not make the demo videos playable'),
      );
    });
  }
  options.configure?.(app);

  // The SPA, with a history fallback; unknown API paths answer with the envelope.
  const webDist = config.webDist ?? path.resolve(import.meta.dirname, '../../web/dist');
  const indexPage = fs.existsSync(path.join(webDist, 'index.html')) ? await registerWebApp(app, webDist) : null;
  app.setNotFoundHandler((request, reply) => {
    const page = request.method === 'GET' || request.method === 'HEAD';
    if (request.url.startsWith('/api/') || request.url === '/api' || !indexPage || !page) {
      return reply.status(404).send({ error: true, message: MESSAGES.generic });
    }
    return indexPage(request, reply);
  });

  const sweeper = setInterval(() => {
    deps.sessions.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'session sweep failed'));
    // PostgreSQL's autovacuum keeps statistics current; the embedded database has none.
    if (database.driver === 'pglite') void analyze(database, app.log);
  }, 10 * 60_000);
  sweeper.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    // Running jobs are stopped and given back to their queues before the queue stops.
    worker?.stop();
    await jobs.stop();
    await storage.driver.close();
    if (!options.database) await database.close();
  });

  app.decorate('deps', deps);
  app.decorate('storage', storage);
  app.decorate('jobs', jobs);
  app.decorate('transcoding', { service: transcoding, worker });
  return app;
}
export type LecternApp = FastifyInstance;

declare module 'fastify' {
  interface FastifyInstance {
    /** the app's shared services (tests reach the database and sessions through it) */
    deps: AppDeps;
    /** object storage: the driver and its buckets (docs/storage.md) */
    storage: Storage;
    /** background jobs: their types, queues and this process's workers */
    jobs: JobRegistry;
    /** the transcoding service, and this process's transcoding worker if it runs one */
    transcoding: { service: TranscodingService; worker: TranscodeWorker | null };
  }
}
