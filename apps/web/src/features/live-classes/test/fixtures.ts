import type {
  AttendanceSummary,
  BatchInfo,
  LiveClass,
  MeetingAccount,
  Recording,
  StudentAttendance,
  Teacher,
  UnmatchedParticipant,
} from '@lectern/contract';

export const ACCOUNTS: MeetingAccount[] = [
  {
    accountId: 'acc-jitsi',
    accountName: 'Lectern Meet',
    provider: 'JITSI',
    hostOrBase: 'https://meet.lectern.test',
    enabled: true,
  },
  { accountId: 'acc-link', accountName: 'Staff link', provider: 'LINK', hostOrBase: '', enabled: true },
  {
    accountId: 'acc-zoom',
    accountName: 'Zoom Pro 1',
    provider: 'ZOOM',
    hostOrBase: 'classes@lectern.test',
    enabled: true,
  },
];

export const TEACHERS: Teacher[] = [
  { teacherId: 'u-meera', name: 'Meera Nair', mobileNumber: '9000000006', email: 'meera.nair@lectern.example' },
  { teacherId: 'u-arjun', name: 'Arjun Pillai', mobileNumber: '9000000016', email: null },
];

export const BATCHES: BatchInfo[] = [
  {
    batchId: 'b-jee-a',
    batchName: 'JEE 2027 A',
    batchCode: 'JEE27A',
    branchName: 'Kochi',
    programName: 'JEE Main',
    capacity: 60,
    studentCount: 42,
  },
  {
    batchId: 'b-neet-w',
    batchName: 'NEET Weekend',
    batchCode: 'NEETW',
    branchName: 'Chennai',
    programName: 'NEET',
    capacity: 40,
    studentCount: 31,
  },
];

export const SUBJECTS = [
  { subjectId: 'bs-physics', subjectName: 'Physics', chapterCount: 2 },
  { subjectId: 'bs-chem', subjectName: 'Chemistry', chapterCount: 0 },
];
export const CHAPTERS = [
  { chapterId: 'ch-kin', chapterName: 'Kinematics', subjectId: 'bs-physics', subjectName: 'Physics' },
];

/** A scheduled live class of Meera on Lectern Meet. */
export function liveClass(id: string, title: string, extra: Partial<LiveClass> = {}): LiveClass {
  const startTime = extra.startTime ?? '2026-12-01T04:30:00.000Z'; // 10:00 India, Tuesday 1 December
  const durationMinutes = extra.durationMinutes ?? 60;
  return {
    liveClassId: id,
    title,
    description: 'Motion in one dimension.',
    classRoomType: 'live',
    batches: [{ batchId: 'b-jee-a', batchName: 'JEE 2027 A' }],
    groups: [],
    subjectId: 'bs-physics',
    subjectName: 'Physics',
    chapterId: 'ch-kin',
    chapterName: 'Kinematics',
    teacherId: 'u-meera',
    teacherName: 'Meera Nair',
    meetingAccountId: 'acc-jitsi',
    meetingAccountName: 'Lectern Meet',
    provider: 'JITSI',
    meetingId: `lectern-${id}`,
    joinUrl: `https://meet.lectern.test/lectern-${id}`,
    startTime,
    durationMinutes,
    endTime: new Date(Date.parse(startTime) + durationMinutes * 60_000).toISOString(),
    thumbnailUrl: null,
    enabled: true,
    status: 'SCHEDULED',
    startedAt: null,
    endedAt: null,
    presentSharePercent: 75,
    invitedCount: 42,
    recording: null,
    createdBy: 'Priya Raghavan',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    version: 1,
    ...extra,
  };
}

export const SUMMARY: AttendanceSummary = {
  liveClassId: 'lc-held',
  classRoomType: 'live',
  title: 'Kinematics revision',
  startTime: '2026-11-24T04:30:00.000Z',
  durationMinutes: 60,
  presentSharePercent: 75,
  invited: 42,
  joined: 30,
  present: 24,
  averageMinutes: 41.5,
  unmatched: 1,
  timeline: [
    { minute: 0, inClass: 10 },
    { minute: 5, inClass: 28 },
    { minute: 30, inClass: 30 },
    { minute: 60, inClass: 12 },
  ],
};

export function studentRow(id: string, name: string, extra: Partial<StudentAttendance> = {}): StudentAttendance {
  return {
    studentId: id,
    name,
    mobileNumber: '98765' + id.replace(/\D/g, '').padStart(5, '0'),
    batchName: 'JEE 2027 A',
    joinTime: '2026-11-24T04:31:00.000Z',
    leaveTime: '2026-11-24T05:25:00.000Z',
    sessions: [{ joinTime: '2026-11-24T04:31:00.000Z', leaveTime: '2026-11-24T05:25:00.000Z' }],
    minutes: 54,
    present: true,
    explanation: 'present: 54 of 60 minutes (at least 75%)',
    matchedBy: 'EMAIL',
    ...extra,
  };
}

export const ABSENT_ROHAN = studentRow('st-2', 'Rohan Mehta', {
  joinTime: null,
  leaveTime: null,
  sessions: [],
  minutes: 0,
  present: false,
  explanation: 'absent: 0 of 60 minutes, below 75%',
  matchedBy: null,
});

export const UNMATCHED: UnmatchedParticipant[] = [
  {
    participantId: 'p-1',
    name: 'Rohan (phone)',
    email: 'rohan.m@gmail.test',
    minutes: 50,
    joinTime: '2026-11-24T04:35:00.000Z',
    leaveTime: '2026-11-24T05:25:00.000Z',
  },
];

/** Zoom's participants export: the meeting's line, a blank line, then the participants. */
export const ZOOM_CSV = [
  'Meeting ID,Topic,Start Time,End Time,User Email,Duration (Minutes),Participants',
  '812 3456 7890,Kinematics revision,11/24/2026 10:00:00 AM,11/24/2026 11:00:00 AM,classes@lectern.test,60,3',
  '',
  'Name (Original Name),User Email,Join Time,Leave Time,Duration (Minutes),Guest',
  'Ananya Sharma (Ananya S),ananya@example.com,11/24/2026 10:01:00 AM,11/24/2026 10:55:30 AM,55,No',
  '"Rohan, phone",rohan.m@gmail.test,11/24/2026 10:05:00 AM,11/24/2026 10:55:00 AM,50,Yes',
  'Someone,,11/24/2026 10:10:00 AM,,0,Yes',
  '',
].join('\r\n');

/** A recording of the recordings list (GET /batch/live-class-recording). */
export function recording(videoId: string, name: string, transcodingStatus: Recording['transcodingStatus']): Recording {
  return {
    Name: name,
    Id: `recordings/${videoId}.mp4`,
    Length: 1_000_000,
    endpoints: [],
    videoDurationInSecond: 3500,
    transcodingStatus,
    catalogueId: null,
    videoId,
    subjectId: null,
    jobId: null,
    uploadedBy: 'Meera Nair',
    uploadedAt: '2026-11-24T06:00:00.000Z',
    liveClassId: 'lc-held',
    liveClassName: 'Kinematics revision',
    instructorName: 'Meera Nair',
    classDate: '2026-11-24T04:30:00.000Z',
  };
}
