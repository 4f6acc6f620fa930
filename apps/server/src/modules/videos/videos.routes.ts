import type { FastifyInstance } from 'fastify';
import { contract } from '@lectern/contract';
import type { AppDeps } from '../../lib/deps';
import { registerDomain } from '../../lib/routing';
import type { SubjectsService } from '../subjects';
import { toVideoFile } from './video-file';

export function videosRoutes(app: FastifyInstance, deps: AppDeps, subjects: SubjectsService): void {
  registerDomain(app, deps, contract.videos, {
    subjectVideos: async ({ auth, params }) => {
      const rows = await subjects.videosOf(auth, params.subjectid);
      return { data: rows.map(toVideoFile) };
    },
  });
}
