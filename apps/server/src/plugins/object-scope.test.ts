import { DEMO_STAFF, allRoutes, hasPermission, type Role, type RouteDef } from '@lectern/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';

/**
 * The object-scope walk (DESIGN §5): a scoped role may hold a route's area and still be refused an
 * object outside its scope. For every scoped role and every route that takes an object (a subject,
 * a unit, topic or subtopic, a video, a transcoding job, an upload, a storage key), the same call with
 * an object of a subject the caller is not assigned to must be refused with 403 or 404, and refused
 * before any state check: the foreign objects here are in states that would otherwise answer 409
 * (a stale version, a job already running), so a 409 means the scope check came too late and told
 * the caller the object exists. Lists must leave foreign objects out.
 *
 * Every route the contract marks `scoped` needs a case below; a new spec-2 domain adds its objects
 * (catalogues, students, batches, classes) and its scoped roles (INSTRUCTOR) here.
 */

const SCOPED_ROLES = ['CONTENT_DEVELOPER', 'CONTENT_UPLOADER'] as const satisfies readonly Role[];

/** The demo subject both demo scoped users are assigned to. */
const OWN_SUBJECT = 'subj-organic-chemistry';

interface Tree {
  subjectId: string;
  version: number;
  unitId: string;
  topicId: string;
  subtopicId: string;
}

interface Objects {
  own: Tree;
  foreign: Tree & { videoId: string; videoKey: string; jobId: string; uploadId: string };
  /** the caller's own user id (the send-for-review path carries it) */
  self: string;
  /** a demo student in no batch, and one in a batch (batch staff outside commerce see only the latter) */
  students: { outside: string; inBatch: string };
  /**
   * live classes as the demo INSTRUCTOR sees them: `foreign` is another teacher's held live class (an
   * offline mark there would be a 409 if the scope came too late), inviting `sharedBatch` like `own`,
   * a held class of the instructor's, and `student` is one of that batch; `otherTeachers` are the
   * ids, mobile numbers and e-mails of the other INSTRUCTOR users
   */
  classes: { own: string; foreign: string; sharedBatch: string; student: string; otherTeachers: string[] };
}

interface Call {
  /** path parameters, by name */
  params?: Record<string, string>;
  query?: string;
  body?: unknown;
  /** what the call tries, for the failure message */
  what: string;
  /**
   * another refusal that tells nothing: a reorder of the caller's own subject that names foreign ids
   * is a wrong list (400), answered exactly as for ids that exist nowhere
   */
  orStatus?: number;
  /** a list's own objects outside the caller's scope (beside the foreign subject's), and ones it must show */
  hides?: string[];
  shows?: string[];
}

type Case =
  /** every call must be refused (403 or 404) */
  (
    | { refuse: (o: Objects) => Call[] }
    /** the call succeeds and its answer never mentions the foreign objects */
    | { list: (o: Objects) => Call[] }
  ) & {
    /** the scoped roles of the route, when not the content developer and uploader */
    roles?: readonly Role[];
  };

const stale = (tree: Tree) => tree.version + 7;

/** A 'Load more' token that starts after everything (newest first): the next page is every row. */
const FROM_THE_TOP = `nextToken=${Buffer.from(JSON.stringify({ t: '2999-01-01T00:00:00.000Z', i: '~', n: 0 })).toString(
  'base64url',
)}`;

/** Tree edits: a foreign subject outright, and an own subject naming a foreign unit, topic or subtopic. */
function treeCases(level: 'unit' | 'topic' | 'subtopic'): Record<string, Case> {
  const own = (o: Objects) => ({ subjectId: o.own.subjectId, version: o.own.version });
  const foreign = (o: Objects) => ({ subjectId: o.foreign.subjectId, version: stale(o.foreign) });
  const name = { unit: 'unitName', topic: 'topicName', subtopic: 'subTopicName' }[level];
  const parent = (tree: Tree) =>
    level === 'unit' ? {} : level === 'topic' ? { unitId: tree.unitId } : { topicId: tree.topicId };
  const child = (tree: Tree) =>
    level === 'unit'
      ? { unitId: tree.unitId }
      : level === 'topic'
        ? { topicId: tree.topicId }
        : { subtopicId: tree.subtopicId };
  const children = (tree: Tree) =>
    level === 'unit'
      ? { unitIds: [tree.unitId] }
      : level === 'topic'
        ? { unitId: tree.unitId, topicIds: [tree.topicId] }
        : { topicId: tree.topicId, subtopicIds: [tree.subtopicId] };
  const cases: Record<string, Case> = {
    create: {
      refuse: (o) => [
        { what: 'add to a foreign subject', body: { ...foreign(o), ...parent(o.foreign), [name]: 'Probe' } },
        ...(level === 'unit'
          ? []
          : [{ what: 'add under a foreign parent', body: { ...own(o), ...parent(o.foreign), [name]: 'Probe' } }]),
      ],
    },
    update: {
      refuse: (o) => [
        { what: 'rename in a foreign subject', body: { ...foreign(o), ...child(o.foreign), [name]: 'Probe' } },
        { what: 'rename a foreign child', body: { ...own(o), ...child(o.foreign), [name]: 'Probe' } },
      ],
    },
    delete: {
      refuse: (o) => [
        { what: 'delete in a foreign subject', body: { ...foreign(o), ...child(o.foreign) } },
        { what: 'delete a foreign child', body: { ...own(o), ...child(o.foreign) } },
      ],
    },
    reorder: {
      refuse: (o) => [
        { what: 'reorder a foreign subject', body: { ...foreign(o), ...children(o.foreign) } },
        { what: 'reorder foreign children', body: { ...own(o), ...children(o.foreign) }, orStatus: 400 },
      ],
    },
  };
  // The contract's keys: createUnit, reorderTopics, updateSubtopic ...
  const noun = { unit: 'Unit', topic: 'Topic', subtopic: 'Subtopic' }[level];
  const key = (verb: string) => `subjects.${verb}${noun}${verb === 'reorder' ? 's' : ''}`;
  return Object.fromEntries(Object.entries(cases).map(([verb, c]) => [key(verb), c]));
}

const CASES: Record<string, Case> = {
  // ---- subjects (spec 1): the subject, its tree, its workflow
  'subjects.all': { list: () => [{ what: 'the listing' }] },
  'subjects.mine': { list: () => [{ what: 'my subjects' }] },
  'subjects.inProgress': { list: () => [{ what: 'subjects in progress' }] },
  'subjects.finished': { list: () => [{ what: 'finished subjects' }] },
  'subjects.byStatus': { list: () => [{ what: 'subjects by status', params: { status: 'IN_PROGRESS' } }] },
  'subjects.byId': { refuse: (o) => [{ what: 'read', params: { subjectid: o.foreign.subjectId } }] },
  'subjects.assignees': { refuse: (o) => [{ what: 'read people', params: { subjectid: o.foreign.subjectId } }] },
  'subjects.units': { refuse: (o) => [{ what: 'read units', params: { subjectId: o.foreign.subjectId } }] },
  'subjects.sendForReview': {
    refuse: (o) => [
      {
        what: 'send for review',
        params: { userId: o.self },
        body: { subjectId: o.foreign.subjectId, version: stale(o.foreign) },
      },
    ],
  },
  'subjects.attachVideo': {
    refuse: (o) => [
      {
        what: 'attach in a foreign subject',
        body: {
          subjectId: o.foreign.subjectId,
          version: stale(o.foreign),
          unitId: o.foreign.unitId,
          topicId: o.foreign.topicId,
          subTopicId: o.foreign.subtopicId,
          videoDetails: { videoId: o.foreign.videoId },
        },
      },
      {
        what: 'attach a foreign video',
        body: {
          subjectId: o.own.subjectId,
          version: o.own.version,
          unitId: o.own.unitId,
          topicId: o.own.topicId,
          subTopicId: o.own.subtopicId,
          videoDetails: { videoId: o.foreign.videoId },
        },
      },
    ],
  },
  'subjects.createUnitPost': {
    refuse: (o) => [
      { what: 'add a unit', body: { subjectId: o.foreign.subjectId, version: stale(o.foreign), unitName: 'Probe' } },
    ],
  },
  ...treeCases('unit'),
  ...treeCases('topic'),
  ...treeCases('subtopic'),

  // ---- the file explorer, videos and uploads
  'videos.subjectVideos': { refuse: (o) => [{ what: 'list videos', params: { subjectid: o.foreign.subjectId } }] },
  'files.subjects': { list: () => [{ what: "the explorer's subjects" }] },
  'files.getVideos': { refuse: (o) => [{ what: 'list videos', body: { subjectId: o.foreign.subjectId } }] },
  'files.registerSubjectVideos': {
    refuse: (o) => [
      {
        what: 'register into a foreign subject',
        body: {
          subjectId: o.foreign.subjectId,
          unitId: o.foreign.unitId,
          topicId: o.foreign.topicId,
          uploadFilesDtoList: [{ file: 'probe.mp4', size: 10, awsKey: o.foreign.videoKey, videoDurationInSecond: 1 }],
        },
      },
    ],
  },
  'files.copyFiles': {
    refuse: (o) => [
      {
        what: 'copy a foreign video',
        body: { videoIds: [o.foreign.videoId], destination: { subjectId: o.own.subjectId } },
      },
      {
        what: 'copy by a foreign key',
        body: { awsKeys: [o.foreign.videoKey], destination: { subjectId: o.own.subjectId } },
      },
    ],
  },
  'files.moveFiles': {
    refuse: (o) => [
      {
        what: 'move a foreign video',
        body: { videoIds: [o.foreign.videoId], destination: { subjectId: o.own.subjectId } },
      },
    ],
  },
  'files.deleteFiles': {
    refuse: (o) => [
      { what: 'delete a foreign video', body: { videoIds: [o.foreign.videoId] } },
      { what: 'delete by a foreign key', body: { awsKeys: [o.foreign.videoKey] } },
    ],
  },
  'files.videoUrl': { refuse: (o) => [{ what: 'read a foreign video', params: { videoId: o.foreign.videoId } }] },
  'uploads.start': {
    refuse: (o) => [
      {
        what: 'upload into a foreign subject',
        body: { target: { type: 'subject', subjectId: o.foreign.subjectId }, fileName: 'probe.mp4', size: 10 },
      },
    ],
  },
  'uploads.signParts': {
    refuse: (o) => [
      { what: "sign parts of another's upload", params: { uploadId: o.foreign.uploadId }, body: { partNumbers: [1] } },
    ],
  },
  'uploads.complete': {
    refuse: (o) => [{ what: "complete another's upload", params: { uploadId: o.foreign.uploadId }, body: {} }],
  },
  'uploads.abort': { refuse: (o) => [{ what: "abort another's upload", params: { uploadId: o.foreign.uploadId } }] },

  // ---- transcoding: uploaders see and act on jobs of their subjects only
  'transcoding.toBeTranscoded': { list: () => [{ what: 'videos without a job' }] },
  'transcoding.videosToBeTranscoded': {
    list: () => [
      { what: 'new videos', params: { videoType: 'new' } },
      { what: 'videos to re-transcode', params: { videoType: 're-transcode' } },
    ],
  },
  'transcoding.videosToBeTranscodedNext': {
    list: () => [{ what: 'new videos, next page', params: { videoType: 'new' }, query: FROM_THE_TOP }],
  },
  'transcoding.jobs': { list: () => [{ what: 'submitted jobs', params: { list: 'submitted' } }] },
  'transcoding.jobsNext': {
    list: () => [{ what: 'submitted jobs, next page', params: { list: 'submitted' }, query: FROM_THE_TOP }],
  },
  'transcoding.counts': { list: () => [{ what: 'the tab counts' }] },
  'transcoding.submit': {
    refuse: (o) => [
      { what: 'submit a foreign video (already running)', body: { videoIds: [o.foreign.videoId], queue: 'reserved' } },
    ],
  },
  'transcoding.cancel': { refuse: (o) => [{ what: 'cancel a foreign job', body: { jobIds: [o.foreign.jobId] } }] },

  // ---- students: batch staff outside commerce (a content admin) read students of batches only
  'students.byIds': {
    roles: ['CONTENT_ADMIN'],
    list: (o) => [
      {
        what: 'students by id',
        body: { studentIds: [o.students.outside, o.students.inBatch] },
        hides: [o.students.outside],
        shows: [o.students.inBatch],
      },
    ],
  },

  // ---- attendance: an INSTRUCTOR reaches only the classes they teach
  'liveClasses.attendance': {
    roles: ['INSTRUCTOR'],
    refuse: (o) => [
      { what: "another teacher's class", params: { classRoomType: 'live', liveClassId: o.classes.foreign } },
    ],
  },
  'liveClasses.studentAttendance': {
    roles: ['INSTRUCTOR'],
    refuse: (o) => [
      {
        what: "another teacher's students",
        params: { classRoomType: 'live', liveClassId: o.classes.foreign },
        query: 'page=0&size=10&present=true',
      },
    ],
  },
  'liveClasses.unmatched': {
    roles: ['INSTRUCTOR'],
    refuse: (o) => [{ what: "another teacher's participants", params: { liveClassId: o.classes.foreign } }],
  },
  'liveClasses.markOffline': {
    roles: ['INSTRUCTOR'],
    refuse: (o) => [
      {
        what: "marks in another teacher's (live) class",
        params: { liveClassId: o.classes.foreign },
        body: { marks: [{ studentId: o.classes.student, present: true }] },
      },
    ],
  },
  'liveClasses.batchAttendance': {
    roles: ['INSTRUCTOR'],
    list: (o) => [
      {
        what: "a batch's classes",
        params: { batchId: o.classes.sharedBatch },
        hides: [o.classes.foreign],
        shows: [o.classes.own],
      },
    ],
  },

  // ---- live classes: an INSTRUCTOR's schedule holds their own classes, and only their own start
  'liveClasses.schedule': {
    roles: ['INSTRUCTOR'],
    list: (o) => [
      { what: 'my schedule', params: { instructorId: 'me' }, hides: [o.classes.foreign], shows: [o.classes.own] },
      {
        what: 'my schedule by id',
        params: { instructorId: o.self },
        hides: [o.classes.foreign],
        shows: [o.classes.own],
      },
    ],
  },
  'liveClasses.start': {
    roles: ['INSTRUCTOR'],
    // the foreign class has ended: a scope check after the state check would answer 409
    refuse: (o) => [{ what: "start another teacher's class", params: { liveClassId: o.classes.foreign } }],
  },
  // lists with no object of another teacher in them
  'liveClasses.meetingAccounts': { roles: ['INSTRUCTOR'], list: () => [{ what: 'meeting accounts' }] },
  'liveClasses.subjects': { roles: ['INSTRUCTOR'], list: () => [{ what: 'batch subjects' }] },
  'liveClasses.chapters': { roles: ['INSTRUCTOR'], list: () => [{ what: 'chapters' }] },
  // an INSTRUCTOR schedules nothing: the teachers list is their own row, never another's contact details
  'liveClasses.teachers': {
    roles: ['INSTRUCTOR'],
    list: (o) => [{ what: 'teachers', hides: o.classes.otherTeachers, shows: [o.self] }],
  },
};

function pathOf(def: RouteDef, call: Call): string {
  const path = def.path.replace(/\{([A-Za-z0-9_]+)\}/g, (_w, key: string) => {
    const value = call.params?.[key];
    if (value === undefined) throw new Error(`${def.path}: the case gives no '${key}'`);
    return encodeURIComponent(value);
  });
  return `/api${path}${call.query ? `?${call.query}` : ''}`;
}

describe('object scope: scoped roles are refused objects outside their scope', () => {
  let t: TestContext;
  let objects: Objects;
  const tokens = new Map<Role, string>();
  const selves = new Map<Role, string>();
  /** strings that must never appear in a scoped caller's list */
  let foreignMarks: string[];

  const treeOf = async (subjectId: string): Promise<Tree> => {
    const [row] = await t.database.query<Tree>(
      `SELECT s.id AS "subjectId", s.version, u.id AS "unitId", tp.id AS "topicId", st.id AS "subtopicId"
         FROM subjects s JOIN units u ON u.subject_id = s.id JOIN topics tp ON tp.unit_id = u.id
         JOIN subtopics st ON st.topic_id = tp.id
        WHERE s.id = $1 ORDER BY u.position, tp.position, st.position LIMIT 1`,
      [subjectId],
    );
    if (!row) throw new Error(`subject ${subjectId} has no subtopic`);
    return row;
  };

  const studentsOf = async () => {
    const [row] = await t.database.query<{ outside: string; inBatch: string }>(
      `SELECT (SELECT id FROM students s WHERE NOT EXISTS (SELECT 1 FROM batch_students b WHERE b.student_id = s.id)
                ORDER BY id LIMIT 1) AS outside,
              (SELECT student_id FROM batch_students ORDER BY student_id LIMIT 1) AS "inBatch"`,
    );
    if (!row?.outside || !row.inBatch) throw new Error('the demo data needs a student in no batch and one in a batch');
    return row;
  };

  /** A held class of the demo instructor and its batch, and another teacher's class for that batch. */
  const classesOf = async (): Promise<Objects['classes']> => {
    const instructor = selves.get('INSTRUCTOR')!;
    const [own] = await t.database.query<{ id: string; batchId: string; student: string }>(
      `SELECT c.id, b.batch_id AS "batchId",
              (SELECT student_id FROM batch_students s WHERE s.batch_id = b.batch_id ORDER BY student_id LIMIT 1) AS student
         FROM live_classes c
         JOIN (SELECT live_class_id, batch_id FROM live_class_batches
               UNION SELECT lg.live_class_id, gb.batch_id FROM live_class_groups lg
                       JOIN group_batches gb ON gb.group_id = lg.group_id) b ON b.live_class_id = c.id
        WHERE c.teacher_id = $1 AND c.status = 'ENDED'
          AND EXISTS (SELECT 1 FROM batch_students s WHERE s.batch_id = b.batch_id)
        ORDER BY c.start_time, c.id, b.batch_id LIMIT 1`,
      [instructor],
    );
    if (!own) throw new Error('the demo data needs a held class of the demo instructor with students');
    await t.database.query(
      `INSERT INTO live_classes (id, title, class_date, start_time, duration_minutes, teacher_id, status, ended_at)
       VALUES ('lc-scope-probe', 'Scope probe', now() - interval '2 days', now() - interval '2 days', 60, $1, 'ENDED',
               now() - interval '2 days' + interval '1 hour')`,
      [selves.get('CONTENT_ADMIN')],
    );
    await t.database.query(`INSERT INTO live_class_batches (live_class_id, batch_id) VALUES ('lc-scope-probe', $1)`, [
      own.batchId,
    ]);
    const others = await t.database.query<{ id: string; phone: string; email: string | null }>(
      `SELECT u.id, u.phone, u.email FROM users u JOIN user_roles ur ON ur.user_id = u.id
         JOIN roles r ON r.id = ur.role_id
        WHERE r.name = 'INSTRUCTOR' AND u.active AND u.id <> $1`,
      [instructor],
    );
    if (others.length === 0) throw new Error('the demo data needs another active INSTRUCTOR');
    return {
      own: own.id,
      foreign: 'lc-scope-probe',
      sharedBatch: own.batchId,
      student: own.student,
      otherTeachers: others.flatMap((u) => [u.id, u.phone, ...(u.email ? [u.email] : [])]),
    };
  };

  beforeAll(async () => {
    t = await createTestApp();
    for (const role of [...SCOPED_ROLES, 'CONTENT_ADMIN', 'INSTRUCTOR'] as const) {
      tokens.set(role, await t.sessionFor(role));
      selves.set(role, await t.userIdByPhone(DEMO_STAFF.find((staff) => staff.role === role)!.phone));
    }
    // A subject with a tree, in progress, that no scoped demo user is assigned to (any assignment
    // of theirs the demo gave it is taken away).
    const [foreignSubject] = await t.database.query<{ id: string }>(
      `SELECT s.id FROM subjects s
        WHERE s.subject_state = 'IN_PROGRESS' AND s.id <> $1
          AND EXISTS (SELECT 1 FROM units u JOIN topics tp ON tp.unit_id = u.id JOIN subtopics st ON st.topic_id = tp.id
                       WHERE u.subject_id = s.id)
        ORDER BY s.id LIMIT 1`,
      [OWN_SUBJECT],
    );
    if (!foreignSubject) throw new Error('the demo data has no other subject in progress with a tree');
    await t.database.query('DELETE FROM subject_assignees WHERE subject_id = $1 AND user_id = ANY($2::text[])', [
      foreignSubject.id,
      [...selves.values()],
    ]);
    const foreign = await treeOf(foreignSubject.id);
    // A video of that subject, with a running job (so a second submit would be a 409).
    const videoKey = `subjects/${foreign.subjectId}/0b7c2f4e-1d2a-4c3b-9e8f-aabbccddeeff-scope-probe.mp4`;
    const [video] = await t.database.query<{ id: string }>(
      `INSERT INTO videos (id, subject_id, name, storage_key, transcoding_status)
       VALUES ('video-scope-probe', $1, 'scope-probe.mp4', $2, 'NOT_STARTED') RETURNING id`,
      [foreign.subjectId, videoKey],
    );
    // And one waiting for its first transcode, for the to-be-transcoded lists.
    await t.database.query(
      `INSERT INTO videos (id, subject_id, name, storage_key, transcoding_status)
       VALUES ('video-scope-probe-new', $1, 'scope-probe-new.mp4', $2, 'NOT_STARTED')`,
      [foreign.subjectId, videoKey.replace('scope-probe', 'scope-probe-new')],
    );
    const admin = await t.sessionFor('SUPER_ADMIN');
    const submitted = await t.call('POST', '/api/transcoding/jobs/submit', {
      token: admin,
      role: 'SUPER_ADMIN',
      body: { videoIds: [video!.id], queue: 'default' },
    });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const jobId = submitted.body.data.jobs[0].id as string;
    // An upload the super admin started in that subject.
    const started = await t.call('POST', '/api/file-explorer-service/cloud/uploads', {
      token: admin,
      role: 'SUPER_ADMIN',
      body: { target: { type: 'subject', subjectId: foreign.subjectId }, fileName: 'admin-upload.mp4', size: 10 },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    objects = {
      own: await treeOf(OWN_SUBJECT),
      foreign: { ...foreign, videoId: video!.id, videoKey, jobId, uploadId: started.body.data.uploadId as string },
      self: '',
      students: await studentsOf(),
      classes: await classesOf(),
    };
    foreignMarks = [foreign.subjectId, video!.id, videoKey, jobId, 'video-scope-probe-new'];
  });
  afterAll(async () => t?.close());

  const scopedRoutes = allRoutes().filter(({ def }) => def.access.kind === 'session' && def.access.scoped === true);

  it('has a case for every scoped route, and every case names a scoped route', () => {
    const keys = new Set(scopedRoutes.map((r) => r.key));
    expect(
      [...keys].filter((key) => !(key in CASES)),
      'scoped routes without a case',
    ).toEqual([]);
    expect(
      Object.keys(CASES).filter((key) => !keys.has(key)),
      'cases of routes that are not scoped',
    ).toEqual([]);
  });

  for (const { key, def } of scopedRoutes) {
    const c = CASES[key];
    if (!c || def.access.kind !== 'session') continue;
    const area = def.access.area;
    for (const role of c.roles ?? SCOPED_ROLES) {
      if (!hasPermission([role], area)) continue;
      const callsOf = (o: Objects) => ('refuse' in c ? c.refuse(o) : c.list(o));
      it(`${key} (${def.method} ${def.path}) as ${role}`, async () => {
        const o = { ...objects, self: selves.get(role)! };
        for (const call of callsOf(o)) {
          const res = await t.call(def.method, pathOf(def, call), { token: tokens.get(role), role, body: call.body });
          const why = `${role}: ${call.what} -> ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
          if ('refuse' in c) {
            expect([403, 404, ...(call.orStatus ? [call.orStatus] : [])], why).toContain(res.status);
          } else {
            expect(res.status, why).toBe(200);
            const text = JSON.stringify(res.body);
            for (const mark of [...foreignMarks, ...(call.hides ?? [])]) {
              expect(text.includes(mark), `${why}: shows ${mark}`).toBe(false);
            }
            for (const mark of call.shows ?? []) expect(text.includes(mark), `${why}: leaves out ${mark}`).toBe(true);
          }
        }
      });
    }
  }

  // The list checks mean something only if the foreign objects are there to be left out.
  it('shows the foreign objects to a super admin in the same lists', async () => {
    const admin = await t.sessionFor('SUPER_ADMIN');
    const read = async (path: string) =>
      JSON.stringify((await t.call('GET', path, { token: admin, role: 'SUPER_ADMIN' })).body);
    expect(await read('/api/subjects/subject/all')).toContain(objects.foreign.subjectId);
    expect(await read('/api/transcoding/jobs/submitted')).toContain(objects.foreign.jobId);
    expect(await read('/api/transcoding/jobs/to-be-transcoded')).toContain('video-scope-probe-new');
    expect(await read('/api/file-explorer-service/cloud/videos/to-be-transcoded/new')).toContain(
      'video-scope-probe-new',
    );
    const teachers = await read('/api/batch/teacher/all');
    for (const mark of objects.classes.otherTeachers) expect(teachers).toContain(mark);
  });

  it('counts only the jobs of an uploader\u2019s own subjects', async () => {
    const res = await t.call('GET', '/api/transcoding/counts', {
      token: tokens.get('CONTENT_UPLOADER'),
      role: 'CONTENT_UPLOADER',
    });
    expect(res.status).toBe(200);
    const [own] = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM transcode_jobs j JOIN videos v ON v.id = j.video_id
        WHERE j.status = 'SUBMITTED' AND j.environment = $2
          AND v.subject_id IN (SELECT subject_id FROM subject_assignees WHERE user_id = $1)`,
      [selves.get('CONTENT_UPLOADER'), t.config.transcoding.environment],
    );
    expect(res.body.data.submitted).toBe(own!.n);
  });

  it('left the foreign objects as they were', async () => {
    const [job] = await t.database.query<{ status: string; queue: string }>(
      'SELECT status, queue FROM transcode_jobs WHERE id = $1',
      [objects.foreign.jobId],
    );
    expect(job).toEqual({ status: 'SUBMITTED', queue: 'default' });
    const [subject] = await t.database.query<{ version: number }>('SELECT version FROM subjects WHERE id = $1', [
      objects.foreign.subjectId,
    ]);
    expect(subject!.version).toBe(objects.foreign.version);
    const videos = await t.database.query('SELECT id FROM videos WHERE id = $1', [objects.foreign.videoId]);
    expect(videos).toHaveLength(1);
  });
});
