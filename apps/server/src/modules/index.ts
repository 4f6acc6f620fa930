import type { FastifyInstance } from 'fastify';
import type { JobRegistry } from '../jobs';
import type { AppDeps } from '../lib/deps';
import type { Storage } from '../storage';
import { storageRoutes } from '../storage/storage-routes';
import { authRoutes } from './auth/auth.routes';
import { filesRoutes } from './files/files.routes';
import type { VideosRegisteredHook } from './files/video-files';
import { notificationsRoutes } from './notifications/notifications.routes';
import { overviewRoutes } from './overview/overview.routes';
import { subjectsRoutes } from './subjects/subjects.routes';
import type { SubjectsService } from './subjects/subjects.service';
import { systemRoutes } from './system/system.routes';
import { mediaRoutes } from './transcoding/media-routes';
import { transcodingRoutes } from './transcoding/transcoding.routes';
import type { TranscodingService } from './transcoding/transcoding.service';
import { uploadsRoutes } from './uploads/uploads.routes';
import { usersRoutes } from './users/users.routes';
import { videosRoutes } from './videos/videos.routes';

/** What the modules share: built once by app.ts, handed to each module's `register` in turn. */
export interface ModuleContext {
  deps: AppDeps;
  /** object storage: the driver and its buckets */
  storage: Storage;
  /** background jobs: modules register their job types and send jobs through it */
  jobs: JobRegistry;
  transcoding: TranscodingService;
  /** what happens to registered, copied and moved videos (submitted for transcoding, unless turned off) */
  onVideosRegistered: VideosRegisteredHook;
  /** the secret of HLS playback addresses: the files module signs them, the media routes check them */
  mediaUrlSecret: Buffer;
  /** services a module gives the modules registered after it */
  services: { subjects?: SubjectsService };
}

/** A domain of the app: its routes (and what it gives later modules), registered once. */
export interface AppModule {
  name: string;
  register(app: FastifyInstance, ctx: ModuleContext): void | Promise<void>;
}

/** A service an earlier module gave; a clear error when the list puts its user first. */
function service<K extends keyof ModuleContext['services']>(
  ctx: ModuleContext,
  key: K,
): NonNullable<ModuleContext['services'][K]> {
  const found = ctx.services[key];
  if (!found) throw new Error(`the '${key}' module must come before the modules that use its service`);
  return found;
}

/** Every module, in the order app.ts registers them: a module after the modules whose services it uses. */
export const MODULES: readonly AppModule[] = [
  { name: 'system', register: (app, { deps, storage }) => systemRoutes(app, deps, storage) },
  { name: 'auth', register: (app, { deps }) => authRoutes(app, deps) },
  { name: 'users', register: (app, { deps }) => usersRoutes(app, deps) },
  { name: 'notifications', register: (app, { deps }) => notificationsRoutes(app, deps) },
  { name: 'overview', register: (app, { deps }) => overviewRoutes(app, deps) },
  {
    name: 'subjects',
    register: (app, ctx) => {
      ctx.services.subjects = subjectsRoutes(app, ctx.deps);
    },
  },
  { name: 'videos', register: (app, ctx) => videosRoutes(app, ctx.deps, service(ctx, 'subjects')) },
  // Storage URLs under /files (local driver uploads and signed reads; public resource files).
  { name: 'storage', register: (app, { storage }) => storageRoutes(app, storage) },
  {
    name: 'uploads',
    register: (app, { deps, storage }) => {
      uploadsRoutes(app, deps, storage);
    },
  },
  {
    name: 'files',
    register: (app, { deps, storage, onVideosRegistered, mediaUrlSecret }) =>
      filesRoutes(app, deps, storage, { onVideosRegistered, mediaUrlSecret }),
  },
  { name: 'transcoding', register: (app, { deps, transcoding }) => transcodingRoutes(app, deps, transcoding) },
  // HLS playback addresses under /media (signed by the files module).
  { name: 'media', register: (app, { storage, mediaUrlSecret }) => mediaRoutes(app, storage, mediaUrlSecret) },
];
