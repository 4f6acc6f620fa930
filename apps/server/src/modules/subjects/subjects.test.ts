import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';

const ORGANIC = 'subj-organic-chemistry';

describe('subject management API', () => {
  let t: TestContext;
  let tokens: Record<string, string>;
  let ids: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    tokens = {};
    ids = {};
    for (const role of ['SUPER_ADMIN', 'CONTENT_ADMIN', 'CONTENT_DEVELOPER', 'CONTENT_UPLOADER', 'FINANCE'] as const) {
      tokens[role] = await t.sessionFor(role);
    }
    for (const [role, phone] of Object.entries({
      SUPER_ADMIN: '9000000001',
      CONTENT_ADMIN: '9000000002',
      CONTENT_DEVELOPER: '9000000003',
      CONTENT_UPLOADER: '9000000004',
      FINANCE: '9000000005',
    })) {
      ids[role] = await t.userIdByPhone(phone);
    }
  });
  afterAll(async () => t?.close());

  const as = (role: string, method: string, path: string, body?: unknown) =>
    t.call(method, path, { token: tokens[role], role, body });
  const detail = async (id = ORGANIC) =>
    (await as('SUPER_ADMIN', 'GET', `/api/subjects/subject/subjectid/${id}`)).body.data;

  /** A fresh subject assigned to the demo developer and uploader, for tests that change things. */
  async function freshSubject(name: string) {
    const created = await as('CONTENT_ADMIN', 'POST', '/api/subjects/subject', {
      subjectName: name,
      description: 'Test subject',
    });
    expect(created.status).toBe(201);
    let version = created.body.data.version;
    for (const [userId, role] of [
      [ids.CONTENT_DEVELOPER, 'CONTENT_DEVELOPER'],
      [ids.CONTENT_UPLOADER, 'CONTENT_UPLOADER'],
    ]) {
      const res = await as('CONTENT_ADMIN', 'PUT', '/api/subjects/subject/assignee', {
        subjectId: created.body.data.subjectId,
        version,
        userId,
        role,
        operation: 'ADD',
      });
      expect(res.status).toBe(200);
      version++;
    }
    return { subjectId: created.body.data.subjectId as string, version };
  }

  it('lists every subject for admins, grouped as DESIGN §6 says, with counts and duration', async () => {
    const res = await as('CONTENT_ADMIN', 'GET', '/api/subjects/subject/all');
    expect(res.status).toBe(200);
    const byId = Object.fromEntries(res.body.data.map((s: { subjectId: string }) => [s.subjectId, s]));
    expect(byId['subj-physical-geography'].status).toBe('UNASSIGNED');
    expect(byId['subj-cell-biology'].status).toBe('NEWLY_ASSIGNED');
    expect(byId[ORGANIC].status).toBe('IN_PROGRESS');
    expect(byId['subj-indian-polity'].status).toBe('FINISHED');
    expect(byId['subj-modern-history'].status).toBe('READY_TO_BE_PUBLISHED');
    expect(byId['subj-quant-aptitude'].status).toBe('PUBLISHED');
    expect(byId[ORGANIC]).toMatchObject({ unitCount: 3, topicCount: 5, subTopicCount: 9, role: 'CONTENT_ADMIN' });
    const tree = await detail();
    expect(byId[ORGANIC].duration).toBe(tree.totals.totalVideoTime);
    expect(byId[ORGANIC].duration).toBeGreaterThan(0);
  });

  it('shows developers and uploaders only the subjects they are assigned to', async () => {
    const dev = await as('CONTENT_DEVELOPER', 'GET', '/api/subjects/subject/all');
    const names = dev.body.data.map((s: { subjectName: string }) => s.subjectName);
    expect(names).toContain('Organic Chemistry');
    expect(names).not.toContain('Physical Geography');
    expect(dev.body.data.find((s: { subjectId: string }) => s.subjectId === ORGANIC).role).toBe('CONTENT_DEVELOPER');
    const hidden = await as('CONTENT_DEVELOPER', 'GET', '/api/subjects/subject/subjectid/subj-physical-geography');
    expect(hidden.status).toBe(403);
    expect((await as('FINANCE', 'GET', '/api/subjects/subject/all')).status).toBe(403);
  });

  it('filters by state, group and assignee', async () => {
    const finished = await as('CONTENT_ADMIN', 'GET', '/api/subjects/subjects/finished');
    expect(finished.body.data.map((s: { subjectId: string }) => s.subjectId)).toEqual(['subj-indian-polity']);
    const newly = await as('CONTENT_ADMIN', 'GET', '/api/subjects/subject/status/NEWLY_ASSIGNED');
    expect(newly.body.data.map((s: { subjectId: string }) => s.subjectId)).toEqual(['subj-cell-biology']);
    const published = await as('CONTENT_ADMIN', 'GET', '/api/subjects/subject/status/PUBLISHED');
    expect(published.body.data).toHaveLength(2);
    const byUser = await as('CONTENT_ADMIN', 'GET', `/api/subjects/subjects/${ids.CONTENT_UPLOADER}`);
    expect(byUser.body.data.map((s: { subjectId: string }) => s.subjectId)).not.toContain('subj-physical-geography');
    expect((await as('CONTENT_ADMIN', 'GET', '/api/subjects/subject/status/NOPE')).status).toBe(400);
  });

  it('returns one subject with its tree, derived totals and people in one request', async () => {
    const s = await detail();
    expect(s.units.map((u: { unitName: string }) => u.unitName)).toEqual([
      'Hydrocarbons',
      'Reaction Mechanisms',
      'Aromatic Compounds',
    ]);
    expect(s.totals).toMatchObject({ units: 3, activeUnits: 3, topics: 5, subTopics: 9 });
    // the first unit is free trial in the demo data: its attached video time is the free-trial time
    expect(s.totals.freeTrialSubTopics).toBe(4);
    expect(s.totals.freeTrialVideoTime).toBe(s.units[0].totals.activeVideoTime);
    expect(s.assignees.contentAdmin.userName).toBe('Priya Raghavan');
    expect(s.assignees.contentDevelopers.map((p: { userName: string }) => p.userName)).toEqual(['Rohan Iyer']);
    expect(s.instructors[0].instructorFirstName).toBe('Meera');
    const assignees = await as('CONTENT_UPLOADER', 'GET', `/api/subjects/assignee/subjectid/${ORGANIC}`);
    expect(assignees.body.data.contentUploaders.map((p: { userName: string }) => p.userName)).toEqual([
      'Sneha Kulkarni',
    ]);
    const unitsRes = await as('CONTENT_DEVELOPER', 'GET', `/api/subjects/units/subjectid/${ORGANIC}`);
    expect(unitsRes.body.data).toHaveLength(3);
  });

  it('creates a subject whose creator is its content admin, and logs it', async () => {
    const res = await as('CONTENT_ADMIN', 'POST', '/api/subjects/subject', {
      subjectName: 'Inorganic Chemistry',
      description: 'Periodic table',
      comingSoon: true,
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe("Subject 'Inorganic Chemistry' was created.");
    expect(res.body.data).toMatchObject({
      subjectState: 'IN_PROGRESS',
      status: 'UNASSIGNED',
      comingSoon: true,
      role: 'CONTENT_ADMIN',
    });
    expect(res.body.data.assignees.contentAdmin.userName).toBe('Priya Raghavan');
    expect(res.body.data.activityMessage).toBe('Priya Raghavan created the subject');
    expect((await as('CONTENT_DEVELOPER', 'POST', '/api/subjects/subject', { subjectName: 'X' })).status).toBe(403);
  });

  it("lets only the subject's content admin or a SUPER_ADMIN rename it", async () => {
    const other = await as('SUPER_ADMIN', 'POST', '/api/users/user', {
      firstName: 'Farah',
      lastName: 'Khan',
      email: 'farah@lectern.example',
      phone: '9000000012',
      roles: ['CONTENT_ADMIN'],
    });
    const otherToken = await t.app.deps.sessions.create(other.body.data.userId);
    const s = await detail();
    const refused = await t.call('PUT', '/api/subjects/subject', {
      token: otherToken.token,
      role: 'CONTENT_ADMIN',
      body: { subjectId: ORGANIC, version: s.version, subjectName: 'Renamed' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      "You are not content admin for 'Organic Chemistry'. Only a content admin can update name of the subject.",
    );
    // another content admin may still change the description
    const described = await t.call('PUT', '/api/subjects/subject', {
      token: otherToken.token,
      role: 'CONTENT_ADMIN',
      body: { subjectId: ORGANIC, version: s.version, description: 'New words' },
    });
    expect(described.status).toBe(200);
    const renamed = await as('CONTENT_ADMIN', 'PUT', '/api/subjects/subject', {
      subjectId: ORGANIC,
      version: described.body.data.version,
      subjectName: 'Organic Chemistry I',
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.activityMessage).toBe(
      "Priya Raghavan renamed the subject from 'Organic Chemistry' to 'Organic Chemistry I'",
    );
    const back = await as('SUPER_ADMIN', 'PUT', '/api/subjects/subject', {
      subjectId: ORGANIC,
      version: renamed.body.data.version,
      subjectName: 'Organic Chemistry',
    });
    expect(back.status).toBe(200);
  });

  it('refuses an edit made against an old version with 409, and loses nothing', async () => {
    const { subjectId, version } = await freshSubject('Thermodynamics');
    const first = await as('CONTENT_DEVELOPER', 'PUT', '/api/subjects/unit/create', {
      subjectId,
      version,
      unitName: 'Laws',
    });
    expect(first.status).toBe(200);
    const stale = await as('CONTENT_ADMIN', 'PUT', '/api/subjects/unit/create', {
      subjectId,
      version,
      unitName: 'Entropy',
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(
      'Someone else changed this subject while you were working on it. Reload to see their changes, then try again.',
    );
    const now = await detail(subjectId);
    expect(now.units.map((u: { unitName: string }) => u.unitName)).toEqual(['Laws']);
  });

  it('builds, edits, reorders and deletes the tree, with totals following', async () => {
    const fresh = await freshSubject('Electrostatics');
    const subjectId = fresh.subjectId;
    let version = fresh.version;
    const step = async (path: string, body: Record<string, unknown>, method = 'PUT') => {
      const res = await as('CONTENT_DEVELOPER', method, path, { subjectId, version, ...body });
      expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(200);
      version = res.body.data.version;
      return res.body.data;
    };
    let s = await step('/api/subjects/unit/create', { unitName: 'Charges' }, 'POST');
    s = await step('/api/subjects/unit/create', { unitName: 'Fields' });
    const [u1, u2] = s.units.map((u: { unitId: string }) => u.unitId);
    s = await step('/api/subjects/topic/create', { unitId: u1, topicName: 'Coulomb law' });
    s = await step('/api/subjects/topic/create', { unitId: u1, topicName: 'Superposition' });
    const [t1, t2] = s.units[0].topics.map((x: { topicId: string }) => x.topicId);
    s = await step('/api/subjects/subtopic/create', { topicId: t1, subTopicName: 'Point charges' });
    s = await step('/api/subjects/subtopic/create', { topicId: t1, subTopicName: 'Units of charge' });
    expect(s.totals).toMatchObject({ units: 2, topics: 2, subTopics: 2, freeTrialSubTopics: 0 });
    const sub1 = s.units[0].topics[0].contents[0].subTopic.subtopicId;
    s = await step('/api/subjects/subtopic/update', { subtopicId: sub1, trial: true });
    expect(s.totals.freeTrialSubTopics).toBe(1);
    s = await step('/api/subjects/topic/update', { topicId: t1, active: false });
    expect(s.totals).toMatchObject({ activeTopics: 1, activeSubTopics: 0, freeTrialSubTopics: 0 });
    s = await step('/api/subjects/unit/reorder', { unitIds: [u2, u1] });
    expect(s.units.map((u: { unitName: string }) => u.unitName)).toEqual(['Fields', 'Charges']);
    s = await step('/api/subjects/topic/reorder', { unitId: u1, topicIds: [t2, t1] });
    expect(s.units[1].topics.map((x: { topicName: string }) => x.topicName)).toEqual(['Superposition', 'Coulomb law']);
    const subs = s.units[1].topics[1].contents.map((c: { subTopic: { subtopicId: string } }) => c.subTopic.subtopicId);
    s = await step('/api/subjects/subtopic/reorder', { topicId: t1, subtopicIds: [...subs].reverse() });
    expect(
      s.units[1].topics[1].contents.map((c: { subTopic: { subTopicName: string } }) => c.subTopic.subTopicName),
    ).toEqual(['Units of charge', 'Point charges']);
    s = await step('/api/subjects/unit/update', { unitId: u1, unitName: 'Electric charges' });
    expect(s.activityMessage).toBe("Rohan Iyer renamed it to 'Electric charges' (unit 'Charges')");
    const bad = await as('CONTENT_DEVELOPER', 'PUT', '/api/subjects/unit/reorder', {
      subjectId,
      version,
      unitIds: [u1],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(
      'Please check what you entered: the new order must list every unit of it exactly once.',
    );
    s = await step('/api/subjects/unit/delete', { unitId: u1 });
    expect(s.totals).toMatchObject({ units: 1, topics: 0, subTopics: 0 });
    const orphans = await t.database.query('SELECT id FROM subtopics WHERE subject_id = $1', [subjectId]);
    expect(orphans).toHaveLength(0);
    const actions = await t.database.query<{ action: string }>(
      'SELECT action FROM activity_log WHERE subject_id = $1 ORDER BY id',
      [subjectId],
    );
    expect(actions.map((a) => a.action)).toContain('unit.delete');
    expect(actions.length).toBeGreaterThanOrEqual(14);
  });

  it('runs the review workflow: send for review locks, approve, publish, revert with a reason', async () => {
    const fresh = await freshSubject('Optics');
    const subjectId = fresh.subjectId;
    let version = fresh.version;
    const empty = await as('CONTENT_DEVELOPER', 'POST', `/api/subjects/subject/send/review/${ids.CONTENT_DEVELOPER}`, {
      subjectId,
      version,
    });
    expect(empty.status).toBe(409);
    expect(empty.body.message).toBe("Send for review failed for 'Optics'. Add at least one unit first.");
    version = (
      await as('CONTENT_DEVELOPER', 'PUT', '/api/subjects/unit/create', { subjectId, version, unitName: 'Reflection' })
    ).body.data.version;
    const notMe = await as('CONTENT_DEVELOPER', 'POST', `/api/subjects/subject/send/review/${ids.CONTENT_ADMIN}`, {
      subjectId,
      version,
    });
    expect(notMe.status).toBe(403);
    const sent = await as('CONTENT_DEVELOPER', 'POST', `/api/subjects/subject/send/review/${ids.CONTENT_DEVELOPER}`, {
      subjectId,
      version,
    });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ subjectState: 'FINISHED', status: 'FINISHED' });
    expect(sent.body.message).toBe("'Optics' was sent for review.");
    version = sent.body.data.version;
    const locked = await as('CONTENT_DEVELOPER', 'PUT', '/api/subjects/unit/create', {
      subjectId,
      version,
      unitName: 'Refraction',
    });
    expect(locked.status).toBe(409);
    expect(locked.body.message).toBe("'Optics' is under review and cannot be edited until it is reverted.");
    expect(
      (
        await as('CONTENT_DEVELOPER', 'POST', `/api/subjects/subject/send/approve/${ids.CONTENT_DEVELOPER}`, {
          subjectId,
          version,
        })
      ).status,
    ).toBe(403);
    const adminNotes = await as('CONTENT_ADMIN', 'GET', '/api/notifications/staff');
    expect(adminNotes.body.data.notifications[0].title).toBe("'Optics' was sent for review");
    const reverted = await as('CONTENT_ADMIN', 'PUT', `/api/subjects/revert/subjectid/${subjectId}`, {
      version,
      reason: 'Add a unit on refraction.',
    });
    expect(reverted.status).toBe(200);
    expect(reverted.body.data.subjectState).toBe('IN_PROGRESS');
    expect(reverted.body.data.lastReview).toMatchObject({
      action: 'REVERTED',
      reason: 'Add a unit on refraction.',
      by: 'Priya Raghavan',
    });
    const devView = await as('CONTENT_DEVELOPER', 'GET', `/api/subjects/subject/subjectid/${subjectId}`);
    expect(devView.body.data.lastReview.reason).toBe('Add a unit on refraction.');
    const devNotes = await as('CONTENT_DEVELOPER', 'GET', '/api/notifications/staff');
    expect(devNotes.body.data.notifications[0]).toMatchObject({
      title: "'Optics' was reverted",
      body: 'Add a unit on refraction.',
    });
    version = reverted.body.data.version;
    version = (
      await as('CONTENT_DEVELOPER', 'POST', `/api/subjects/subject/send/review/${ids.CONTENT_DEVELOPER}`, {
        subjectId,
        version,
      })
    ).body.data.version;
    const approved = await as('CONTENT_ADMIN', 'POST', `/api/subjects/subject/send/approve/${ids.CONTENT_ADMIN}`, {
      subjectId,
      version,
    });
    expect(approved.body.data.subjectState).toBe('READY_TO_BE_PUBLISHED');
    const published = await as('CONTENT_ADMIN', 'POST', `/api/subjects/subject/send/approve/${ids.CONTENT_ADMIN}`, {
      subjectId,
      version: approved.body.data.version,
    });
    expect(published.body.data.subjectState).toBe('PUBLISHED');
    expect(published.body.message).toBe("'Optics' was published.");
    const again = await as('CONTENT_ADMIN', 'POST', `/api/subjects/subject/send/approve/${ids.CONTENT_ADMIN}`, {
      subjectId,
      version: published.body.data.version,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("'Optics' is published and cannot be approved.");
  });

  it('attaches only COMPLETE videos of the same subject, by developers and uploaders', async () => {
    const s = await detail();
    const videos = (await as('CONTENT_UPLOADER', 'GET', `/api/file-explorer-service/cloud/subject/${ORGANIC}`)).body
      .data;
    const statuses = new Set(videos.map((v: { transcodingStatus: string }) => v.transcodingStatus));
    expect(statuses).toEqual(new Set(['COMPLETE', 'PROGRESSING', 'ERROR', 'NOT_STARTED', 'SUBMITTED']));
    const unit = s.units[0];
    const topic = unit.topics[0];
    const sub = topic.contents[0].subTopic;
    const target = { subjectId: ORGANIC, unitId: unit.unitId, topicId: topic.topicId, subTopicId: sub.subtopicId };
    const progressing = videos.find((v: { transcodingStatus: string }) => v.transcodingStatus === 'PROGRESSING');
    const refused = await as('CONTENT_UPLOADER', 'PUT', '/api/subjects/subject/attachvideo', {
      ...target,
      version: s.version,
      videoDetails: { videoId: progressing.videoId },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`Only transcoded videos can be attached to ${sub.subTopicName}.`);
    const polity = (await as('CONTENT_ADMIN', 'GET', '/api/file-explorer-service/cloud/subject/subj-indian-polity'))
      .body.data[0];
    const foreign = await as('CONTENT_UPLOADER', 'PUT', '/api/subjects/subject/attachvideo', {
      ...target,
      version: s.version,
      videoDetails: { videoId: polity.videoId },
    });
    expect(foreign.status).toBe(409);
    const complete = videos.find(
      (v: { transcodingStatus: string; Name: string }) =>
        v.transcodingStatus === 'COMPLETE' && v.Name.startsWith('ozonolysis'),
    );
    const ok = await as('CONTENT_UPLOADER', 'PUT', '/api/subjects/subject/attachvideo', {
      ...target,
      version: s.version,
      videoDetails: { videoId: complete.videoId },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe(`Video attached to ${sub.subTopicName}.`);
    expect(ok.body.data.units[0].topics[0].contents[0].subTopic.video.videoName).toBe(complete.Name);
    const removed = await as('CONTENT_DEVELOPER', 'PUT', '/api/subjects/subject/attachvideo', {
      ...target,
      version: ok.body.data.version,
      videoDetails: null,
    });
    expect(removed.body.data.units[0].topics[0].contents[0].subTopic.video).toBeNull();
    expect(
      (
        await as('CONTENT_UPLOADER', 'PUT', '/api/subjects/unit/create', {
          subjectId: ORGANIC,
          version: removed.body.data.version,
          unitName: 'No',
        })
      ).status,
    ).toBe(403);
  });

  it('adds and removes people, who must hold the role', async () => {
    const s = await detail('subj-physical-geography');
    const wrong = await as('CONTENT_ADMIN', 'PUT', '/api/subjects/subject/assignee', {
      subjectId: s.subjectId,
      version: s.version,
      userId: ids.FINANCE,
      role: 'CONTENT_DEVELOPER',
      operation: 'ADD',
    });
    expect(wrong.status).toBe(409);
    expect(wrong.body.message).toBe('Vikram Sethi is not an active content developer and cannot be assigned.');
    const added = await as('CONTENT_ADMIN', 'PUT', '/api/subjects/subject/assignee', {
      subjectId: s.subjectId,
      version: s.version,
      userId: ids.CONTENT_DEVELOPER,
      userName: 'Rohan Iyer',
      role: 'CONTENT_DEVELOPER',
      operation: 'ADD',
      image: null,
    });
    expect(added.status).toBe(200);
    expect(added.body.data.contentDevelopers.map((p: { userId: string }) => p.userId)).toEqual([ids.CONTENT_DEVELOPER]);
    expect((await detail('subj-physical-geography')).status).toBe('NEWLY_ASSIGNED');
    const removed = await as('CONTENT_ADMIN', 'PUT', '/api/subjects/subject/assignee', {
      subjectId: s.subjectId,
      version: s.version + 1,
      userId: ids.CONTENT_DEVELOPER,
      role: 'CONTENT_DEVELOPER',
      operation: 'REMOVE',
    });
    expect(removed.body.data.contentDevelopers).toEqual([]);
  });

  it('refuses attaching for someone without access before saying whether the subtopic exists', async () => {
    const s = await detail('subj-physical-geography');
    const res = await as('CONTENT_UPLOADER', 'PUT', '/api/subjects/subject/attachvideo', {
      subjectId: s.subjectId,
      version: s.version,
      unitId: 'x',
      topicId: 'y',
      subTopicId: 'z',
      videoDetails: null,
    });
    expect(res.status).toBe(403);
  });

  it('answers deleting subjects that do not exist with 404', async () => {
    const res = await as('CONTENT_ADMIN', 'DELETE', '/api/subjects/subject', { subjectIds: ['no-such-subject'] });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('We could not find that subject. It may have been deleted.');
  });

  it('answers an update of an unknown subject with 1029', async () => {
    const res = await as('CONTENT_ADMIN', 'PUT', '/api/subjects/subject', {
      subjectId: 'no-such-subject',
      version: 0,
      description: 'x',
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      error: true,
      errorCode: 1029,
      message: 'Subject update failed for invalid subjectId. Please try again later.',
    });
  });

  it('deletes subjects with everything in them; developers may not', async () => {
    const { subjectId } = await freshSubject('To be deleted');
    expect((await as('CONTENT_DEVELOPER', 'DELETE', '/api/subjects/subject', { subjectIds: [subjectId] })).status).toBe(
      403,
    );
    const res = await as('CONTENT_ADMIN', 'DELETE', '/api/subjects/subject', { subjectIds: [subjectId] });
    expect(res.body).toEqual({ data: { deleted: [subjectId] }, message: '1 subject deleted.' });
    expect((await as('CONTENT_ADMIN', 'GET', `/api/subjects/subject/subjectid/${subjectId}`)).status).toBe(404);
  });
});

// Same-version races (kept from the issue-22 probe): of many editors who saw one version, exactly one
// wins and the rest are told someone else changed it; nothing is half-applied.
describe('same-version races', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('lets exactly one of ten renames made at the same version win; the others answer 409', async () => {
    const token = await t.sessionFor('SUPER_ADMIN');
    const [unit] = await t.database.query<{ id: string; subjectId: string; version: number }>(
      `SELECT u.id, s.id AS "subjectId", s.version FROM units u JOIN subjects s ON s.id = u.subject_id
        WHERE s.id = $1 ORDER BY u.position LIMIT 1`,
      [ORGANIC],
    );
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.call('PUT', '/api/subjects/unit/update', {
          token,
          role: 'SUPER_ADMIN',
          body: { subjectId: unit!.subjectId, version: unit!.version, unitId: unit!.id, unitName: `Race ${i}` },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, ...Array<number>(9).fill(409)]);
    const winner = answers.findIndex((answer) => answer.status === 200);
    const [after] = await t.database.query<{ name: string; version: number }>(
      'SELECT u.name, s.version FROM units u JOIN subjects s ON s.id = u.subject_id WHERE u.id = $1',
      [unit!.id],
    );
    expect(after).toEqual({ name: `Race ${winner}`, version: unit!.version + 1 });
    const activity = await t.database.query(
      "SELECT 1 FROM activity_log WHERE entity_id = $1 AND action LIKE 'unit.%' AND summary LIKE '%Race %'",
      [unit!.id],
    );
    expect(activity).toHaveLength(1);
  });
});
