import {
  RESOURCE_TYPES,
  environmentForHost,
  environmentOf,
  type AppConfig,
  type EnvironmentKey,
  type RouteOutput,
  type contract,
} from '@lectern/contract';
import type { Config } from '../../config';
import type { JobRegistry } from '../../jobs';
import { freeBytes } from '../../lib/disk-space';
import type { ServerKeys } from '../../lib/keys';
import type { Storage } from '../../storage';
import { transcodeJob } from '../transcoding';
import { buildOpenApi } from './openapi';
import type { SystemRepository } from './system.repository';

type Health = RouteOutput<typeof contract.system.health>;
type OutboxEntry = RouteOutput<typeof contract.system.outbox>[number];

/** Resource types of spec 2 §7 (their buckets, folders and kinds: docs/storage.md). */
const RESOURCE_TYPE_LIST = RESOURCE_TYPES.map(({ key, label }) => ({ key, label }));

/** A job still waiting this long after its start time means no worker takes it: the queue is stalled. */
export const QUEUE_STALLED_AFTER_MS = 15 * 60_000;

/** How many outbox entries the development screen shows. */
const OUTBOX_LIMIT = 50;

/** The console's configuration, health, API document and the demo SMS outbox. */
export class SystemService {
  private readonly openApi: ReturnType<typeof buildOpenApi>;

  constructor(
    private readonly config: Config,
    private readonly keys: ServerKeys,
    private readonly storage: Storage,
    private readonly repo: SystemRepository,
    private readonly jobs: JobRegistry,
  ) {
    this.openApi = buildOpenApi(config.version);
  }

  /**
   * The environment a request's host name belongs to (docs/environments.md): LECTERN_ENVIRONMENT when
   * it is set, else the first host pattern that matches, else this process's own environment.
   */
  environmentOfHost(host: string): EnvironmentKey {
    if (this.config.environmentPinned) return this.config.environment;
    return environmentForHost(this.config.environmentHosts, host) ?? this.config.environment;
  }

  /** The SPA's configuration for a request to `host`: its environment, and that environment's buckets and addresses. */
  appConfig(host: string): AppConfig {
    const environment = environmentOf(this.environmentOfHost(host));
    const { buckets, cdn } = this.config.environments[environment.key];
    return {
      environment: environment.key,
      environmentLabel: environment.label,
      production: environment.key === 'production',
      storageEnvironment: this.config.environment,
      videos: { bucket: buckets.videos, cdnBase: cdn.videos },
      resources: RESOURCE_TYPES.map(({ key, label }) => ({ key, label, bucket: buckets[key], cdnBase: cdn[key] })),
      transcodingEnvironment: this.config.transcoding.environment,
      demoMode: this.config.demoMode,
      publicKey: this.keys.publicKeyPem,
      fixedString: this.keys.fixedString,
      signingSecret: this.keys.signingSecret,
      cdnBase: this.config.cdnBase,
      resourceTypes: RESOURCE_TYPE_LIST,
      version: this.config.version,
    };
  }

  /**
   * Whether the database and storage can store something now (not only answer), and whether the job
   * queue answers and its jobs are taken in time, each part by name.
   */
  async health(): Promise<Health> {
    // Without a transcoder here (TRANSCODER=off) transcode jobs wait for a worker elsewhere, which a
    // console may not have: they are not counted, and the queue reads 'off' rather than 'ok'.
    const transcoderOff = this.config.transcoding.driver === 'off';
    const [written, storage, embeddedFree, jobs] = await Promise.all([
      this.repo.probe(),
      this.storage.driver.check(),
      // The embedded database shares the data folder's disk: too little room left counts as full.
      this.config.databaseUrl ? Promise.resolve(null) : freeBytes(this.config.dataDir),
      this.jobs.health(QUEUE_STALLED_AFTER_MS, transcoderOff ? [transcodeJob] : []),
    ]);
    const database =
      written === 'ok' && embeddedFree !== null && embeddedFree < this.config.storage.minFreeBytes ? 'full' : written;
    const queue = jobs.state === 'ok' && transcoderOff ? 'off' : jobs.state;
    return {
      status: database === 'ok' && storage === 'ok' && (queue === 'ok' || queue === 'off') ? 'ok' : 'degraded',
      database,
      storage,
      queue,
      overdueJobs: jobs.overdueJobs,
    };
  }

  docs() {
    return this.openApi;
  }

  async outbox(mobileNumber: string | undefined): Promise<OutboxEntry[]> {
    const rows = await this.repo.outbox(mobileNumber, OUTBOX_LIMIT);
    return rows.map((r) => ({ mobileNumber: r.mobileNumber, code: r.code, sentAt: r.sentAt.toISOString() }));
  }
}
