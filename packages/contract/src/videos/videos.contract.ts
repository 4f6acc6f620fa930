import { z } from 'zod';
import { route } from '../route';
import { SubjectIdParamSchema } from '../subjects/subjects.schemas';
import { VideoFileSchema } from './videos.schemas';

export const videosContract = {
  subjectVideos: route({
    method: 'GET',
    path: '/file-explorer-service/cloud/subject/{subjectid}',
    summary: 'The video files of a subject, newest first (for attaching to subtopics)',
    access: { kind: 'session', area: 'videoAttach', scoped: true },
    params: SubjectIdParamSchema,
    response: z.array(VideoFileSchema),
  }),
};
