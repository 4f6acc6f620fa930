import {
  computeTotals,
  type Subtopic,
  type SubjectDetail,
  type SubjectListItem,
  type SubjectState,
  type Topic,
  type Unit,
  type VideoFile,
} from '@lectern/contract';
import type { ErrorStatus } from '../../../test/mock-api';

// Fixtures for the subject screens' tests: shapes exactly as the contract's schemas give them.

export const ME = 'u-1';

export function subtopic(id: string, name: string, seconds = 0, extra: Partial<Subtopic> = {}): Subtopic {
  return {
    subtopicId: id,
    subTopicName: name,
    description: '',
    numberOfVideos: seconds > 0 ? 1 : 0,
    videoDuration: seconds,
    active: true,
    status: 'ACTIVE',
    trial: false,
    video:
      seconds > 0 ? { videoId: `v-${id}`, videoName: `${id}.mp4`, videoDurationInSecond: seconds, size: 1000 } : null,
    ...extra,
  };
}

export function topic(id: string, name: string, subtopics: Subtopic[], extra: Partial<Topic> = {}): Topic {
  return {
    topicId: id,
    topicName: name,
    active: true,
    status: 'ACTIVE',
    trial: false,
    contents: subtopics.map((subTopic) => ({ contentType: 'VIDEO' as const, locked: false, quiz: null, subTopic })),
    ...extra,
  };
}

export function unit(id: string, name: string, topics: Topic[], extra: Partial<Omit<Unit, 'totals'>> = {}): Unit {
  const base = { unitId: id, unitName: name, active: true, status: 'ACTIVE', trial: false, completion: 50, topics };
  const merged = { ...base, ...extra };
  return { ...merged, totals: computeTotals([merged]) };
}

export function subjectDetail(
  options: {
    state?: SubjectState;
    role?: 'developer' | 'uploader' | 'admin' | 'none';
    units?: Unit[];
    version?: number;
    lastReview?: SubjectDetail['lastReview'];
  } = {},
): SubjectDetail {
  const units = options.units ?? [
    unit(
      'unit-1',
      'Hydrocarbons',
      [topic('topic-1', 'Alkanes', [subtopic('sub-1', 'Nomenclature', 3725), subtopic('sub-2', 'Conformations')])],
      { trial: true },
    ),
    unit('unit-2', 'Reaction Mechanisms', [topic('topic-2', 'Elimination', [subtopic('sub-3', 'E1 and E2', 600)])]),
  ];
  const me = { userId: ME, userName: 'Asha Rani Verma', image: null };
  const other = { userId: 'u-9', userName: 'Rohan Iyer', image: null };
  const role = options.role ?? 'developer';
  return {
    subjectId: 'subj-1',
    subjectName: 'Organic Chemistry',
    description: 'Hydrocarbons and reactions.',
    subjectState: options.state ?? 'IN_PROGRESS',
    status: options.state ?? 'IN_PROGRESS',
    subjectInfo: '',
    locked: false,
    imagePath: null,
    imageName: null,
    videoPath: null,
    comingSoon: false,
    activityMessage: 'Rohan Iyer created unit Hydrocarbons',
    activityAt: '2026-01-05T09:30:00.000Z',
    role: null,
    version: options.version ?? 7,
    lastReview: options.lastReview ?? null,
    updatedAt: '2026-01-05T09:30:00.000Z',
    units,
    instructors: [
      { instructorFirstName: 'Meera', instructorLastName: 'Nair', qualification: 'M.Sc.', imageLink: null },
    ],
    assignees: {
      subjectId: 'subj-1',
      contentAdminId: role === 'admin' ? ME : 'u-2',
      contentAdmin: role === 'admin' ? me : { userId: 'u-2', userName: 'Priya Raghavan', image: null },
      contentDevelopers: role === 'developer' ? [me] : [other],
      contentUploaders: role === 'uploader' ? [me] : [],
    },
    totals: computeTotals(units),
  };
}

export function listItem(
  id: string,
  name: string,
  state: SubjectState,
  status: SubjectListItem['status'],
  extra: Partial<SubjectListItem> = {},
): SubjectListItem {
  return {
    subjectId: id,
    subjectName: name,
    description: '',
    subjectState: state,
    status,
    subjectInfo: '',
    locked: false,
    imagePath: null,
    imageName: null,
    videoPath: null,
    comingSoon: false,
    activityMessage: `Priya Raghavan created the subject`,
    activityAt: '2026-01-05T09:30:00.000Z',
    role: 'CONTENT_ADMIN',
    version: 3,
    lastReview: null,
    updatedAt: '2026-01-05T09:30:00.000Z',
    unitCount: 2,
    topicCount: 4,
    subTopicCount: 8,
    duration: 3725,
    contentAdmin: { userId: 'u-2', userName: 'Priya Raghavan', image: null },
    contentDevelopers: [{ userId: 'u-3', userName: 'Rohan Iyer', image: null }],
    ...extra,
  };
}

export function videoFile(id: string, name: string, status: VideoFile['transcodingStatus']): VideoFile {
  return {
    Name: name,
    Id: `subjects/subj-1/${id}-${name}`,
    Length: 40_000_000,
    endpoints: [],
    videoDurationInSecond: status === 'COMPLETE' ? 600 : 0,
    transcodingStatus: status,
    catalogueId: null,
    videoId: id,
    subjectId: 'subj-1',
    jobId: null,
    uploadedBy: 'Sneha Kulkarni',
    uploadedAt: '2026-01-05T09:30:00.000Z',
  };
}

export const ok = <T>(data: T, message?: string) => ({ body: { data, ...(message ? { message } : {}) } });
export const fail = (status: ErrorStatus, message: string) => ({ status, body: { error: true as const, message } });
