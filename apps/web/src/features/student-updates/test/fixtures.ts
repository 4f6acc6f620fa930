import type {
  HomeVideo,
  PlayableVideo,
  StudentUpdate,
  StudentUpdateState,
  UpdateAudienceChoices,
} from '@lectern/contract';

/** An update as the list answers it: a draft announcement for everyone. */
export function studentUpdate(updateId: string, title: string, extra: Partial<StudentUpdate> = {}): StudentUpdate {
  return {
    updateId,
    updateType: 'announcements',
    title,
    body: '<p>The campus is closed on Friday.</p>',
    imageUrl: null,
    videoId: null,
    videoName: null,
    videoUrl: null,
    videoThumbnail: null,
    audience: { kind: 'EVERYONE', targets: [], studentCount: 1250 },
    state: 'DRAFT',
    publishAt: null,
    publishedAt: null,
    withdrawnAt: null,
    createdBy: 'Priya Raghavan',
    createdAt: '2026-11-20T04:30:00.000Z',
    updatedBy: 'Priya Raghavan',
    updatedAt: '2026-11-20T04:30:00.000Z',
    version: 1,
    ...extra,
  };
}

export const AUDIENCES: UpdateAudienceChoices = {
  catalogues: [{ id: 'cat-jee', name: 'JEE Main 2027' }],
  batches: [
    { id: 'batch-kota-m', name: 'JEE Advanced 2027 Morning' },
    { id: 'batch-kota-e', name: 'JEE Advanced 2027 Evening' },
    { id: 'batch-neet', name: 'NEET 2027 Weekend' },
  ],
  groups: [],
};

export const HOLIDAY = studentUpdate('su-1', 'Diwali holidays');
export const MOCK_TEST = studentUpdate('su-2', 'Mock test on Sunday', {
  state: 'SCHEDULED',
  publishAt: '2026-12-01T04:30:00.000Z', // Tue, 1 Dec, 10:00 AM India
  audience: {
    kind: 'BATCHES',
    targets: [AUDIENCES.batches[0]!, AUDIENCES.batches[1]!, AUDIENCES.batches[2]!],
    studentCount: 93,
  },
  version: 3,
});
export const NEW_APP = studentUpdate('su-3', 'New app version', {
  state: 'PUBLISHED',
  publishedAt: '2026-11-25T06:00:00.000Z', // Wed, 25 Nov, 11:30 AM India
  createdBy: 'Aarav Mehta',
  version: 2,
});
export const OLD_NEWS = studentUpdate('su-4', 'Old news', {
  state: 'WITHDRAWN',
  publishedAt: '2026-10-01T06:00:00.000Z',
  withdrawnAt: '2026-10-05T06:00:00.000Z',
});
export const UPDATES = [HOLIDAY, MOCK_TEST, NEW_APP, OLD_NEWS];

/** The list of one state (null: all). */
export function inState(state: StudentUpdateState | null): StudentUpdate[] {
  return state ? UPDATES.filter((update) => update.state === state) : UPDATES;
}

export function playableVideo(videoId: string, videoName: string, extra: Partial<PlayableVideo> = {}): PlayableVideo {
  return {
    videoId,
    videoName,
    subjectName: 'Physics',
    durationSeconds: 754,
    videoUrl: `http://cdn.test/videos/${videoId}/master.m3u8`,
    thumbnail: `http://cdn.test/videos/${videoId}/thumb.jpg`,
    ...extra,
  };
}

export const VIDEOS = [
  playableVideo('v-1', 'Welcome to Lectern'),
  playableVideo('v-2', 'How to prepare for JEE', { subjectName: null, durationSeconds: 125 }),
];

export const HOME_VIDEO: HomeVideo = {
  video: VIDEOS[0]!,
  updatedBy: 'Aarav Mehta',
  updatedAt: '2026-11-20T04:30:00.000Z',
  version: 4,
};
