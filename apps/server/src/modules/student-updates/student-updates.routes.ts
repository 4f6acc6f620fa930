import type { FastifyInstance } from 'fastify';
import { contract, STUDENT_UPDATE_MESSAGES, isStudentUpdateType } from '@lectern/contract';
import type { JobRegistry } from '../../jobs';
import { failWith } from '../../lib/app-error';
import type { AppDeps } from '../../lib/deps';
import { registerDomain } from '../../lib/routing';
import type { Storage } from '../../storage';
import { publishUpdateJob, registerPublishJob } from './publish-job';
import { StudentUpdatesRepository } from './student-updates.repository';
import { StudentUpdatesService, type PublishScheduler } from './student-updates.service';
import { UpdatePlayback } from './update-playback';

const fail = failWith(STUDENT_UPDATE_MESSAGES);

/** How long a scheduled update's job may be late before the sweep publishes it itself. */
const SWEEP_GRACE_MS = 2 * 60_000;
/** How often each process looks for scheduled updates whose job was lost or is not being worked. */
const SWEEP_EVERY_MS = 60_000;

/** Scheduled publishes as jobs of the app's job queue, due at their time (they live in the database). */
function jobScheduler(jobs: JobRegistry): PublishScheduler {
  return {
    schedule: (jobId, payload, startAfter) => jobs.send(publishUpdateJob, payload, { id: jobId, startAfter }),
    cancel: (jobId) => jobs.cancel(publishUpdateJob, publishUpdateJob.queues[0]!, jobId),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** student updates' service (tests move its schedule clock and run its publish as the job does) */
    studentUpdates: StudentUpdatesService;
  }
}

/**
 * Student updates and the students' home-page video (spec 2 §7 "Student updates"). Registers the
 * scheduled-publish job with its handler (run by whichever process works the queue) and, in every
 * process, a sweep at start and every minute for scheduled updates whose time passed without their job.
 */
export function studentUpdatesRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  ctx: { storage: Storage; jobs: JobRegistry; mediaUrlSecret: Buffer },
): StudentUpdatesService {
  const service = new StudentUpdatesService(
    deps.db,
    new StudentUpdatesRepository(deps.db),
    new UpdatePlayback(ctx.storage, ctx.mediaUrlSecret),
    jobScheduler(ctx.jobs),
    app.log,
  );
  registerPublishJob(ctx.jobs, service, app.log);

  const sweep = () =>
    service
      .publishOverdue(SWEEP_GRACE_MS)
      .then((count) => {
        if (count > 0) app.log.info({ count }, 'published scheduled student updates whose job had not run');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'student updates: the overdue sweep failed'));
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await sweep();
    timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
  app.decorate('studentUpdates', service);

  registerDomain(app, deps, contract.studentUpdates, {
    all: async ({ query }) => ({ data: await service.list({ state: query.state }) }),
    byType: async ({ params, query }) => {
      if (!isStudentUpdateType(params.updateType)) {
        throw fail(404, 'unknownType', { updateType: params.updateType });
      }
      return { data: await service.list({ type: params.updateType, state: query.state }) };
    },
    create: async ({ auth, body }) => {
      const { update, message } = await service.create(auth, body);
      return { data: update, message };
    },
    change: async ({ auth, body }) => {
      const { update, message } = await service.change(auth, body);
      return { data: update, message };
    },
    remove: async ({ auth, query }) => {
      const { message } = await service.remove(auth, query.updateId);
      return { data: { updateId: query.updateId }, message };
    },
    audiences: async () => ({ data: await service.audiences() }),
    playableVideos: async ({ query }) => ({ data: await service.playableVideos(query.q) }),
    homeVideo: async () => ({ data: await service.homeVideo() }),
    setHomeVideo: async ({ auth, body }) => {
      const { homeVideo, message } = await service.setHomeVideo(auth, body);
      return { data: homeVideo, message };
    },
  });
  return service;
}
