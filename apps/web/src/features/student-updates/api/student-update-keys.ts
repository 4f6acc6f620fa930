import type { StudentUpdateState, StudentUpdateType } from '@lectern/contract';

/** The student updates' queries: each type's list (by state), the pickers' choices, the home-page video. */
export const studentUpdateKeys = {
  all: ['student-updates'] as const,
  lists: ['student-updates', 'list'] as const,
  list: (updateType: StudentUpdateType, state: StudentUpdateState | null) =>
    ['student-updates', 'list', updateType, state] as const,
  audiences: ['student-updates', 'audiences'] as const,
  videos: (q: string) => ['student-updates', 'videos', q] as const,
  homeVideo: ['student-updates', 'home-video'] as const,
};
