import type { FastifyInstance } from 'fastify';
import { TRANSCODING_MESSAGES, contract, fillMessage } from '@lectern/contract';
import type { AppDeps } from '../../lib/deps';
import { registerDomain } from '../../lib/routing';
import type { TranscodingService } from './transcoding.service';

/** The transcoding calls of spec 2 §7. */
export function transcodingRoutes(app: FastifyInstance, deps: AppDeps, service: TranscodingService): void {
  registerDomain(app, deps, contract.transcoding, {
    toBeTranscoded: async ({ auth, query }) => ({ data: await service.toBeTranscoded(auth, query) }),
    videosToBeTranscoded: async ({ auth, params, query }) => ({
      data: await service.videosToBeTranscoded(auth, params.videoType, query),
    }),
    videosToBeTranscodedNext: async ({ auth, params, query }) => ({
      data: await service.videosToBeTranscoded(auth, params.videoType, query),
    }),
    jobs: async ({ auth, params, query }) => ({ data: await service.jobs(auth, params.list, query) }),
    jobsNext: async ({ auth, params, query }) => ({ data: await service.jobs(auth, params.list, query) }),
    counts: async ({ auth, query }) => ({ data: await service.counts(auth, query.environment) }),
    submit: async ({ auth, body }) => {
      const jobs = await service.submit(body.videoIds, body.queue, auth);
      return {
        data: { jobs },
        message: fillMessage(TRANSCODING_MESSAGES.submitted, { count: jobs.length, queue: body.queue }),
      };
    },
    cancel: async ({ auth, body }) => {
      const jobs = await service.cancel(body.jobIds, auth);
      return { data: { jobs }, message: fillMessage(TRANSCODING_MESSAGES.cancelled, { count: jobs.length }) };
    },
  });
}
