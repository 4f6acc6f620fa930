import type { FastifyInstance } from 'fastify';
import { TranscodingStatusSchema, contract } from '@lectern/contract';
import type { AppDeps } from '../../lib/deps';
import { registerDomain } from '../../lib/routing';
import type { SubjectsService } from '../subjects/subjects.service';

export function videosRoutes(app: FastifyInstance, deps: AppDeps, subjects: SubjectsService): void {
  registerDomain(app, deps, contract.videos, {
    subjectVideos: async ({ auth, params }) => {
      const rows = await subjects.videosOf(auth, params.subjectid);
      return {
        data: rows.map((v) => ({
          Name: v.name,
          Id: v.storageKey,
          Length: v.size,
          endpoints: (v.endpoints as string[]) ?? [],
          videoDurationInSecond: v.durationSeconds,
          transcodingStatus: TranscodingStatusSchema.catch('NOT_STARTED').parse(v.transcodingStatus),
          catalogueId: v.catalogueId,
          videoId: v.id,
          subjectId: v.subjectId,
          jobId: v.jobId,
          uploadedBy: v.uploadedBy,
          uploadedAt: v.uploadedAt.toISOString(),
        })),
      };
    },
  });
}
