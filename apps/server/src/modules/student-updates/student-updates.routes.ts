import type { FastifyInstance } from 'fastify';
import { contract, STUDENT_UPDATE_MESSAGES, isStudentUpdateType } from '@lectern/contract';
import type { AppDeps } from '../../lib/deps';
import { AppError, failWith } from '../../lib/app-error';

const fail = failWith(STUDENT_UPDATE_MESSAGES);
import { registerDomain } from '../../lib/routing';

export function studentUpdatesRoutes(app: FastifyInstance, deps: AppDeps): void {
  registerDomain(app, deps, contract.studentUpdates, {
    all: async () => ({ data: [] }),
    byType: async ({ params }) => {
      if (!isStudentUpdateType(params.updateType)) {
        throw fail(404, 'unknownType', { updateType: params.updateType });
      }
      return { data: [] };
    },
    create: async () => {
      throw AppError.of(400, 'generic');
    },
    change: async () => {
      throw AppError.of(400, 'generic');
    },
    remove: async () => {
      throw AppError.of(400, 'generic');
    },
    audiences: async () => ({ data: { catalogues: [], batches: [], groups: [] } }),
    playableVideos: async () => ({ data: [] }),
    homeVideo: async () => ({ data: { video: null, updatedBy: null, updatedAt: null, version: 0 } }),
    setHomeVideo: async () => {
      throw AppError.of(400, 'generic');
    },
  });
}
