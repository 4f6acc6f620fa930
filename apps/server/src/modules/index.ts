import type { FastifyInstance } from 'fastify';
import type { JobRegistry } from '../jobs';
import type { AppDeps } from '../lib/deps';
import type { Storage } from '../storage';
import { storageRoutes } from '../storage/storage-routes';
import { attendanceReader, type AttendanceReader } from './attendance';
import { attendanceRoutes } from './attendance/attendance.routes';
import { signedInUsers, type SignedInUsers } from './auth';
import { authRoutes } from './auth/auth.routes';
import { batchesRoutes } from './batches/batches.routes';
import { cataloguesReader, type CataloguesReader } from './catalogues';
import { cataloguesRoutes } from './catalogues/catalogues.routes';
import { categoriesRoutes } from './categories/categories.routes';
import { couponsReader, type CouponsReader } from './coupons';
import { couponsRoutes } from './coupons/coupons.routes';
import { uploadTargets, type UploadTargets, type VideosRegisteredHook } from './files';
import { filesRoutes } from './files/files.routes';
import type { LiveClassesModule } from './live-classes';
import { liveClassesRoutes } from './live-classes/live-classes.routes';
import { notificationsReader, type NotificationsReader } from './notifications';
import { notificationsRoutes } from './notifications/notifications.routes';
import { overviewRoutes } from './overview/overview.routes';
import { paymentsRoutes } from './payments/payments.routes';
import { mailRoutes } from './mail/mail.routes';
import { studentsDirectory, type StudentsDirectory } from './students';
import { studentsRoutes } from './students/students.routes';
import { studentUpdatesRoutes } from './student-updates/student-updates.routes';
import { deliveryRoutes } from './delivery/delivery.routes';
import { termsRoutes } from './terms/terms.routes';
import type { SubjectsService } from './subjects';
import { subjectsRoutes } from './subjects/subjects.routes';
import { systemRoutes } from './system/system.routes';
import { storeListingsRoutes } from './store-listings/store-listings.routes';
import { mediaRoutes } from './transcoding/media-routes';
import { transcodingRoutes } from './transcoding/transcoding.routes';
import type { TranscodingService } from './transcoding';
import { uploadsLedger, type UploadsLedger } from './uploads';
import { uploadsRoutes } from './uploads/uploads.routes';
import { usersRoutes } from './users/users.routes';
import { videosStore, type VideosStore } from './videos';
import { videosRoutes } from './videos/videos.routes';

/**
 * What modules use of each other, each through the owner's interface (its `index.ts`), never its
 * repository. The stores are built once, before any module registers (`moduleServices`); a service
 * marked optional is given by its module as it registers, to the modules registered after it.
 */
export interface ModuleServices {
  catalogues: CataloguesReader;
  coupons: CouponsReader;
  videos: VideosStore;
  uploads: UploadsLedger;
  uploadTargets: UploadTargets;
  students: StudentsDirectory;
  notifications: NotificationsReader;
  signedIn: SignedInUsers;
  attendance: AttendanceReader;
  subjects?: SubjectsService;
  liveClasses?: LiveClassesModule;
}

/** The stores modules share, each built once over the app's database. */
export function moduleServices(deps: AppDeps): ModuleServices {
  const { db } = deps;
  return {
    catalogues: cataloguesReader(deps.database),
    coupons: couponsReader(db),
    videos: videosStore(db),
    uploads: uploadsLedger(db),
    uploadTargets: uploadTargets(db),
    students: studentsDirectory(db),
    notifications: notificationsReader(db),
    signedIn: signedInUsers(db),
    attendance: attendanceReader(db),
  };
}

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
  /** what modules use of each other: shared stores, and services a module gives the modules after it */
  services: ModuleServices;
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
  { name: 'system', register: (app, { deps, storage, jobs }) => systemRoutes(app, deps, storage, jobs) },
  { name: 'auth', register: (app, { deps }) => authRoutes(app, deps) },
  { name: 'users', register: (app, { deps }) => usersRoutes(app, deps) },
  { name: 'notifications', register: (app, { deps }) => notificationsRoutes(app, deps) },
  { name: 'overview', register: (app, ctx) => overviewRoutes(app, ctx) },
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
    register: (app, { deps, storage, services }) => {
      uploadsRoutes(app, deps, storage, services.uploadTargets);
    },
  },
  {
    name: 'files',
    register: (app, { deps, storage, onVideosRegistered, mediaUrlSecret, services }) =>
      filesRoutes(app, deps, storage, {
        onVideosRegistered,
        mediaUrlSecret,
        videos: services.videos,
        uploads: services.uploads,
      }),
  },
  { name: 'transcoding', register: (app, { deps, transcoding }) => transcodingRoutes(app, deps, transcoding) },
  // HLS playback addresses under /media (signed by the files module).
  // A live class's recording address is checked on every read (asked of the live-classes module, registered later).
  {
    name: 'media',
    register: (app, ctx) =>
      mediaRoutes(app, ctx.storage, ctx.mediaUrlSecret, () => ctx.services.liveClasses?.recordingPlayable),
  },
  // Publisher I: catalogues with their subscriptions, OTS products and add-ons; store categories.
  {
    name: 'catalogues',
    register: (app, { deps }) => {
      cataloguesRoutes(app, deps);
    },
  },
  { name: 'categories', register: (app, { deps }) => categoriesRoutes(app, deps) },
  // Publisher II: store listings.
  { name: 'store-listings', register: (app, { deps, services }) => storeListingsRoutes(app, deps, services) },
  // Students, their subscriptions, orders and GST invoices.
  { name: 'students', register: (app, { deps }) => studentsRoutes(app, deps) },
  { name: 'terms', register: (app, { deps }) => termsRoutes(app, deps) },
  // Coupons: their redemptions and history (after students, whose orders they are used in).
  { name: 'coupons', register: (app, { deps }) => couponsRoutes(app, deps) },
  // Orders and payments: placed here, paid offline or through the gateway (after students and coupons).
  { name: 'payments', register: (app, { deps, jobs }) => paymentsRoutes(app, deps, jobs) },
  // Delivery packages of printed study material (made from students' paid orders).
  { name: 'delivery', register: (app, { deps }) => deliveryRoutes(app, deps) },
  // Batches, branches, programs and groups; students fill batches from sheets (after students).
  { name: 'batches', register: (app, { deps, services }) => batchesRoutes(app, deps, services.students) },
  // Live classes: schedule, meetings, going live, recordings (after batches, whose batches they teach).
  {
    name: 'live-classes',
    register: (app, ctx) => {
      ctx.services.liveClasses = liveClassesRoutes(app, ctx.deps, ctx);
    },
  },
  // Attendance of live and offline classes: participants, matches to students, offline marks (after live classes).
  { name: 'attendance', register: (app, { deps }) => attendanceRoutes(app, deps) },
  // Student updates and the students' home-page video (after batches, catalogues and videos, which they reach).
  {
    name: 'student-updates',
    register: (app, ctx) => {
      studentUpdatesRoutes(app, ctx.deps, ctx);
    },
  },
  // Demo mode's e-mail outbox.
  { name: 'mail', register: (app, { deps }) => mailRoutes(app, deps) },
];
