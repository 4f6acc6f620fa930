import type { FastifyInstance } from 'fastify';
import { contract, type ParticipantSession } from '@lectern/contract';
import type { JobRegistry } from '../../jobs';
import type { AppDeps } from '../../lib/deps';
import { keepRawBody } from '../../lib/raw-body';
import { registerDomain } from '../../lib/routing';
import { Meetings } from '../../meetings/meetings';
import type { Storage } from '../../storage';
import type { ModuleServices } from '..';
import type { VideosRegisteredHook } from '../files';
import type { RecordingPlayable } from '../transcoding';
import { LiveClassPlayback } from './live-class-playback';
import { LiveClassesRepository } from './live-classes.repository';
import { LiveClassesService } from './live-classes.service';
import { ZoomEvents, type ZoomEventBody } from './zoom-events';

/** The attendance routes of the live-classes contract: the attendance module serves them. */
const ATTENDANCE_ROUTES = [
  'attendance',
  'studentAttendance',
  'unmatched',
  'importAttendance',
  'matchParticipant',
  'markOffline',
  'batchAttendance',
] as const;
type AttendanceRoute = (typeof ATTENDANCE_ROUTES)[number];
type Owned = Omit<typeof contract.liveClasses, AttendanceRoute>;

/** Every live-class route but attendance's. */
export const liveClassRoutes = Object.fromEntries(
  Object.entries(contract.liveClasses).filter(([key]) => !(ATTENDANCE_ROUTES as readonly string[]).includes(key)),
) as Owned;

/** What the live-classes module gives the modules after it (and the media route). */
export interface LiveClassesModule {
  service: LiveClassesService;
  meetings: Meetings;
  zoomEvents: ZoomEvents;
  /** whether a class's recording still plays: the media route asks on every read of a class's address */
  recordingPlayable: RecordingPlayable;
  /** a held class's participant sessions from its meeting provider (for attendance) */
  pastParticipants: (liveClassId: string) => Promise<ParticipantSession[]>;
}

export function liveClassesRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  ctx: {
    storage: Storage;
    jobs: JobRegistry;
    mediaUrlSecret: Buffer;
    onVideosRegistered: VideosRegisteredHook;
    /** the video records recordings are added to (the videos module's) */
    services: Pick<ModuleServices, 'videos'>;
    /** tests hand in the fetch the Zoom driver uses */
    fetchImpl?: typeof fetch;
  },
): LiveClassesModule {
  const repo = new LiveClassesRepository(deps.db);
  const meetings = new Meetings(deps.config.meetings, ctx.fetchImpl);
  const service = new LiveClassesService(
    deps.db,
    repo,
    meetings,
    new LiveClassPlayback(ctx.storage, ctx.mediaUrlSecret),
  );
  const zoomEvents = new ZoomEvents(
    deps.db,
    repo,
    ctx.services.videos,
    meetings,
    ctx.storage,
    ctx.jobs,
    ctx.onVideosRegistered,
    app.log,
  );
  zoomEvents.register();

  // Zoom signs the body as it sent it: the webhook's raw body is kept (that route only) before parsing.
  const rawBody = keepRawBody(app, contract.liveClasses.zoomWebhook.path);

  registerDomain(app, deps, liveClassRoutes, {
    schedule: async ({ auth, params, query }) => ({ data: await service.schedule(auth, params.instructorId, query) }),
    create: async ({ auth, body }) => {
      const { liveClass, message } = await service.create(auth, body);
      return { data: liveClass, message };
    },
    update: async ({ auth, body }) => {
      const { liveClass, message } = await service.update(auth, body);
      return { data: liveClass, message };
    },
    remove: async ({ auth, params }) => {
      const { message } = await service.remove(auth, params.liveClassId);
      return { data: { deleted: true as const }, message };
    },
    setEnabled: async ({ auth, params }) => {
      const { liveClass, message } = await service.setEnabled(auth, params.liveClassId, params.enabled);
      return { data: liveClass, message };
    },
    attachRecording: async ({ auth, params, body }) => {
      const { liveClass, message } = await service.attachRecording(auth, params.liveClassId, body.videoId);
      return { data: liveClass, message };
    },
    removeRecording: async ({ auth, params }) => {
      const { liveClass, message } = await service.removeRecording(auth, params.liveClassId);
      return { data: liveClass, message };
    },
    meetingAccounts: async () => ({ data: await service.meetingAccounts() }),
    start: async ({ auth, params }) => {
      const { startUrl, liveClass, message } = await service.start(auth, params.liveClassId);
      return { data: { startUrl, liveClass }, message };
    },
    subjects: async () => ({ data: await service.subjects() }),
    createSubject: async ({ auth, body }) => {
      const { subject, message } = await service.createSubject(auth, body.subjectName);
      return { data: subject, message };
    },
    chapters: async ({ query }) => ({ data: await service.chapters(query.subjectId) }),
    createChapter: async ({ auth, body }) => {
      const { chapter, message } = await service.createChapter(auth, body);
      return { data: chapter, message };
    },
    teachers: async ({ auth }) => ({ data: await service.teachers(auth) }),
    zoomWebhook: async ({ request, body }) => {
      const header = (name: string) => {
        const value = request.headers[name];
        return Array.isArray(value) ? value[0] : value;
      };
      const data = await zoomEvents.handle(
        { signature: header('x-zm-signature'), timestamp: header('x-zm-request-timestamp') },
        rawBody(request).toString('utf8'),
        body as ZoomEventBody,
      );
      return { data };
    },
  });
  return {
    service,
    meetings,
    zoomEvents,
    recordingPlayable: (lc, v) => repo.recordingPlayable(lc, v),
    pastParticipants: (liveClassId) => service.pastParticipants(liveClassId),
  };
}
