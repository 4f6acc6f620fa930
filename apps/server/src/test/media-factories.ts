// Factories for the media and live-class suites (issue 32): each inserts exactly the rows a test
// reads, with sensible defaults, names and ids unique per call (two calls never clash), and answers
// what the test needs of them. Plain SQL on the suite's own database, as the demo seed writes them.
import crypto from 'node:crypto';
import type { TestContext } from './test-app';

type Ctx = Pick<TestContext, 'database'>;

let made = 0;
/** A short tag unique to this call (in this process, and across processes sharing a database). */
const unique = () => `${++made}${crypto.randomBytes(3).toString('hex')}`;
/** A ten-digit mobile number no other call gives. */
const mobile = () => `7${String(crypto.randomInt(0, 1_000_000_000)).padStart(9, '0')}`;

// ---- staff (students, batches and groups: factories.ts)

export interface MadeInstructor {
  id: string;
  name: string;
  phone: string;
}

/** A staff user with the INSTRUCTOR role (or `roles`). */
export async function createInstructor(
  t: Ctx,
  over: { firstName?: string; lastName?: string; phone?: string; roles?: string[] } = {},
): Promise<MadeInstructor> {
  const id = crypto.randomUUID();
  const firstName = over.firstName ?? 'Arjun';
  const lastName = over.lastName ?? `Menon ${unique()}`;
  const phone = over.phone ?? mobile();
  await t.database.query(`INSERT INTO users (id, first_name, last_name, email, phone) VALUES ($1, $2, $3, $4, $5)`, [
    id,
    firstName,
    lastName,
    `instructor-${unique()}@lectern.example`,
    phone,
  ]);
  await t.database.query(`INSERT INTO user_roles (user_id, role_id) SELECT $1, id FROM roles WHERE name = ANY($2)`, [
    id,
    over.roles ?? ['INSTRUCTOR'],
  ]);
  return { id, name: `${firstName} ${lastName}`.trim(), phone };
}

// ---- live classes

export interface MadeMeetingAccount {
  id: string;
  name: string;
  provider: 'JITSI' | 'LINK' | 'ZOOM';
  hostOrBase: string;
}

/** A meeting account: JITSI on meet.jit.si by default; a LINK has no base; ZOOM names its host's e-mail. */
export async function createMeetingAccount(
  t: Ctx,
  over: Partial<Omit<MadeMeetingAccount, 'id'>> = {},
): Promise<MadeMeetingAccount> {
  const provider = over.provider ?? 'JITSI';
  const tag = unique();
  const account: MadeMeetingAccount = {
    id: `macc-f-${tag}`,
    provider,
    name: over.name ?? `${provider} account ${tag}`,
    hostOrBase:
      over.hostOrBase ?? { JITSI: 'https://meet.jit.si', LINK: '', ZOOM: `host-${tag}@lectern.example` }[provider],
  };
  await t.database.query('INSERT INTO meeting_accounts (id, provider, name, host_or_base) VALUES ($1, $2, $3, $4)', [
    account.id,
    account.provider,
    account.name,
    account.hostOrBase,
  ]);
  return account;
}

export interface MadeBatchSubject {
  id: string;
  name: string;
  chapters: { id: string; name: string }[];
}

/** A batch subject (what classes are taught in) with its chapters. */
export async function createBatchSubject(
  t: Ctx,
  over: { name?: string; chapters?: string[] } = {},
): Promise<MadeBatchSubject> {
  const tag = unique();
  const subject = { id: `bsub-f-${tag}`, name: over.name ?? `Subject ${tag}` };
  await t.database.query('INSERT INTO batch_subjects (id, name) VALUES ($1, $2)', [subject.id, subject.name]);
  const chapters = (over.chapters ?? ['Chapter 1']).map((name, i) => ({ id: `bchap-f-${tag}-${i}`, name }));
  for (const chapter of chapters) {
    await t.database.query('INSERT INTO batch_chapters (id, subject_id, name) VALUES ($1, $2, $3)', [
      chapter.id,
      subject.id,
      chapter.name,
    ]);
  }
  return { ...subject, chapters };
}

export interface MadeLiveClass {
  id: string;
  title: string;
  startTime: Date;
  joinUrl: string | null;
}

/**
 * A live class as it stands in the table: SCHEDULED by default (a day ahead); LIVE started ten
 * minutes ago; ENDED a day ago (or at `startTime`). A JITSI account gives it its room as scheduling
 * does; `instructorName` defaults to the teacher's name (null without a teacher, as recorded classes were).
 */
export async function createLiveClass(
  t: Ctx,
  over: {
    title?: string;
    teacherId?: string | null;
    instructorName?: string | null;
    status?: 'SCHEDULED' | 'LIVE' | 'ENDED';
    startTime?: Date;
    durationMinutes?: number;
    enabled?: boolean;
    subjectId?: string | null;
    chapterId?: string | null;
    account?: MadeMeetingAccount | null;
    batchIds?: string[];
    groupIds?: string[];
  } = {},
): Promise<MadeLiveClass> {
  const id = `lc-f-${unique()}`;
  const title = over.title ?? `Class ${id}`;
  const status = over.status ?? 'SCHEDULED';
  const now = Date.now();
  const startTime =
    over.startTime ??
    new Date(status === 'LIVE' ? now - 10 * 60_000 : status === 'ENDED' ? now - 86_400_000 : now + 86_400_000);
  startTime.setUTCSeconds(0, 0);
  const durationMinutes = over.durationMinutes ?? 60;
  const teacherId = over.teacherId ?? null;
  let instructorName = over.instructorName ?? null;
  if (over.instructorName === undefined && teacherId) {
    const [user] = await t.database.query<{ name: string }>(
      `SELECT trim(first_name || ' ' || last_name) AS name FROM users WHERE id = $1`,
      [teacherId],
    );
    instructorName = user?.name ?? null;
  }
  const account = over.account ?? null;
  let meeting: { meetingId: string | null; joinUrl: string | null; startUrl: string | null } = {
    meetingId: null,
    joinUrl: null,
    startUrl: null,
  };
  if (account?.provider === 'JITSI') {
    const room = `LecternFactoryClass${id.replace(/[^A-Za-z0-9]/g, '').slice(0, 12)}`;
    const joinUrl = `${account.hostOrBase.replace(/\/+$/, '')}/${room}`;
    meeting = {
      meetingId: room,
      joinUrl,
      startUrl: `${joinUrl}#config.prejoinConfig.enabled=false&userInfo.displayName=%22Host%22`,
    };
  }
  const started = status === 'SCHEDULED' ? null : startTime;
  const ended = status === 'ENDED' ? new Date(startTime.getTime() + durationMinutes * 60_000) : null;
  await t.database.query(
    `INSERT INTO live_classes (id, title, instructor_name, class_date, start_time, duration_minutes, teacher_id,
       subject_id, chapter_id, meeting_account_id, meeting_id, join_url, start_url, enabled, status, started_at, ended_at)
     VALUES ($1, $2, $3, $4, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
    [
      id,
      title,
      instructorName,
      startTime,
      durationMinutes,
      teacherId,
      over.subjectId ?? null,
      over.chapterId ?? null,
      account?.id ?? null,
      meeting.meetingId,
      meeting.joinUrl,
      meeting.startUrl,
      over.enabled ?? true,
      status,
      started,
      ended,
    ],
  );
  for (const batchId of over.batchIds ?? []) {
    await t.database.query('INSERT INTO live_class_batches (live_class_id, batch_id) VALUES ($1, $2)', [id, batchId]);
  }
  for (const groupId of over.groupIds ?? []) {
    await t.database.query('INSERT INTO live_class_groups (live_class_id, group_id) VALUES ($1, $2)', [id, groupId]);
  }
  return { id, title, startTime, joinUrl: meeting.joinUrl };
}

export interface MadeRecording {
  id: string;
  name: string;
  storageKey: string;
}

/**
 * A recording of a live class (a video of the class): waiting to be transcoded, or COMPLETE;
 * `attached` makes it the class's recording (the API attaches only a COMPLETE one).
 */
export async function createRecording(
  t: Ctx,
  liveClassId: string,
  over: {
    name?: string;
    status?: 'NOT_STARTED' | 'PROGRESSING' | 'COMPLETE';
    seconds?: number;
    attached?: boolean;
  } = {},
): Promise<MadeRecording> {
  const id = crypto.randomUUID();
  const name = over.name ?? `recording-${unique()}.mp4`;
  const storageKey = `recordings/${liveClassId}/${id}-${name}`;
  await t.database.query(
    `INSERT INTO videos (id, live_class_id, name, storage_key, size, duration_seconds, transcoding_status, endpoints)
     VALUES ($1, $2, $3, $4, 1000, $5, $6, '[]'::jsonb)`,
    [id, liveClassId, name, storageKey, over.seconds ?? 3600, over.status ?? 'NOT_STARTED'],
  );
  if (over.attached) {
    await t.database.query('INSERT INTO live_class_recordings (live_class_id, video_id) VALUES ($1, $2)', [
      liveClassId,
      id,
    ]);
  }
  return { id, name, storageKey };
}

// ---- catalogues and subjects

export interface MadeCatalogue {
  id: string;
  name: string;
  code: string;
}

/** A catalogue (a preview-video folder, a course), not archived unless asked. */
export async function createCatalogue(
  t: Ctx,
  over: { name?: string; code?: string; archived?: boolean } = {},
): Promise<MadeCatalogue> {
  const tag = unique();
  const catalogue = { id: `cat-f-${tag}`, name: over.name ?? `Catalogue ${tag}`, code: over.code ?? `CAT-F-${tag}` };
  await t.database.query('INSERT INTO catalogues (id, name, code, archived) VALUES ($1, $2, $3, $4)', [
    catalogue.id,
    catalogue.name,
    catalogue.code,
    over.archived ?? false,
  ]);
  return catalogue;
}

export interface MadeSubject {
  id: string;
  name: string;
  /** `units[u].topics[k]`: the ids of its units and their topics, in order */
  units: { id: string; topics: string[] }[];
  videoIds: string[];
}

/**
 * A file-explorer subject with `units` units of `topics` topics each, `videos` videos (in its first
 * topic's folder) and its assignees (a user in a role: CONTENT_DEVELOPER, CONTENT_UPLOADER).
 */
export async function createSubject(
  t: Ctx,
  over: {
    name?: string;
    state?: string;
    units?: number;
    topics?: number;
    videos?: number;
    assignees?: { userId: string; role: string }[];
  } = {},
): Promise<MadeSubject> {
  const tag = unique();
  const id = `subj-f-${tag}`;
  const name = over.name ?? `Subject ${tag}`;
  await t.database.query('INSERT INTO subjects (id, name, subject_state) VALUES ($1, $2, $3)', [
    id,
    name,
    over.state ?? 'IN_PROGRESS',
  ]);
  for (const a of over.assignees ?? []) {
    await t.database.query('INSERT INTO subject_assignees (subject_id, user_id, role) VALUES ($1, $2, $3)', [
      id,
      a.userId,
      a.role,
    ]);
  }
  const units: MadeSubject['units'] = [];
  for (let u = 0; u < (over.units ?? 1); u++) {
    const unitId = `${id}-u${u + 1}`;
    await t.database.query('INSERT INTO units (id, subject_id, name, position) VALUES ($1, $2, $3, $4)', [
      unitId,
      id,
      `Unit ${u + 1}`,
      u,
    ]);
    const topicIds: string[] = [];
    for (let k = 0; k < (over.topics ?? 1); k++) {
      const topicId = `${unitId}-t${k + 1}`;
      await t.database.query(
        'INSERT INTO topics (id, unit_id, subject_id, name, position) VALUES ($1, $2, $3, $4, $5)',
        [topicId, unitId, id, `Topic ${k + 1}`, k],
      );
      topicIds.push(topicId);
    }
    units.push({ id: unitId, topics: topicIds });
  }
  const videoIds: string[] = [];
  for (let v = 0; v < (over.videos ?? 0); v++) {
    const videoId = crypto.randomUUID();
    await t.database.query(
      `INSERT INTO videos (id, subject_id, name, storage_key, size, duration_seconds, transcoding_status)
       VALUES ($1, $2, $3, $4, 1000, 60, 'COMPLETE')`,
      [videoId, id, `lesson-${v + 1}.mp4`, `subjects/${id}/${videoId}-lesson-${v + 1}.mp4`],
    );
    videoIds.push(videoId);
  }
  return { id, name, units, videoIds };
}

// ---- the store: categories, courses, listings, coupons

export interface MadeCategory {
  id: string;
  name: string;
  subCategories: { id: string; name: string }[];
}

/** A store category with its sub-categories, published. */
export async function createCategory(
  t: Ctx,
  over: { name?: string; subCategories?: string[] } = {},
): Promise<MadeCategory> {
  const tag = unique();
  const category = { id: `category-f-${tag}`, name: over.name ?? `Category ${tag}` };
  await t.database.query(
    `INSERT INTO categories (id, name, publish_state, position)
     VALUES ($1, $2, true, (SELECT coalesce(max(position), -1) + 1 FROM categories))`,
    [category.id, category.name],
  );
  const subCategories = (over.subCategories ?? ['General']).map((name, i) => ({
    id: `subcategory-f-${tag}-${i}`,
    name,
  }));
  for (const [position, sub] of subCategories.entries()) {
    await t.database.query('INSERT INTO sub_categories (id, category_id, name, position) VALUES ($1, $2, $3, $4)', [
      sub.id,
      category.id,
      sub.name,
      position,
    ]);
  }
  return { ...category, subCategories };
}

export interface MadeCourse extends MadeCatalogue {
  /** its plans' ids, in order */
  subscriptionIds: string[];
  /** its add-ons' ids, in order */
  addOnIds: string[];
}

/**
 * A catalogue sold as a course: plans (labels, ₹4,999 each), add-ons, and, with `videoSeconds`, a
 * subject of its own holding one lesson that long (what the catalogue's hours are counted from).
 */
export async function createCourse(
  t: Ctx,
  over: { name?: string; archived?: boolean; plans?: string[]; addOns?: number; videoSeconds?: number } = {},
): Promise<MadeCourse> {
  const catalogue = await createCatalogue(t, { name: over.name, archived: over.archived });
  const subscriptionIds: string[] = [];
  for (const [position, label] of (over.plans ?? ['12 months']).entries()) {
    const id = `${catalogue.id}-sub-${position + 1}`;
    await t.database.query(
      `INSERT INTO subscriptions (id, catalogue_id, position, label, subscription_type, price, number_of_months)
       VALUES ($1, $2, $3, $4, 'DURATION', 499900, 12)`,
      [id, catalogue.id, position, label],
    );
    subscriptionIds.push(id);
  }
  const addOnIds: string[] = [];
  for (let position = 0; position < (over.addOns ?? 0); position++) {
    const id = `${catalogue.id}-addon-${position + 1}`;
    await t.database.query(
      `INSERT INTO add_ons (id, catalogue_id, position, name, price) VALUES ($1, $2, $3, $4, 149900)`,
      [id, catalogue.id, position, `Add-on ${position + 1}`],
    );
    addOnIds.push(id);
  }
  if (over.videoSeconds) {
    const subject = await createSubject(t, { state: 'PUBLISHED' });
    const [unit] = subject.units;
    const videoId = crypto.randomUUID();
    await t.database.query(
      `INSERT INTO videos (id, subject_id, name, storage_key, size, duration_seconds, transcoding_status)
       VALUES ($1, $2, 'lesson.mp4', $3, 1000, $4, 'COMPLETE')`,
      [videoId, subject.id, `subjects/${subject.id}/${videoId}-lesson.mp4`, over.videoSeconds],
    );
    await t.database.query(
      `INSERT INTO subtopics (id, topic_id, unit_id, subject_id, name, video_id, position)
       VALUES ($1, $2, $3, $4, 'Lesson', $5, 0)`,
      [`${unit!.topics[0]}-s1`, unit!.topics[0], unit!.id, subject.id, videoId],
    );
    await t.database.query('INSERT INTO catalogue_subjects (catalogue_id, subject_id, position) VALUES ($1, $2, 0)', [
      catalogue.id,
      subject.id,
    ]);
  }
  return { ...catalogue, subscriptionIds, addOnIds };
}

export interface MadeStoreListing {
  id: string;
  name: string;
  code: string;
  slug: string;
}

/**
 * A course's store listing, a published one named as its catalogue by default; `subscriptions`
 * (the first featured), `recommends` (listing ids) and the content parts as the editor stores them.
 */
export async function createStoreListing(
  t: Ctx,
  course: MadeCourse,
  over: {
    name?: string;
    code?: string;
    slug?: string;
    categoryId?: string | null;
    subCategoryId?: string | null;
    published?: boolean;
    featuredOnHomePage?: boolean;
    featuredOnLeadPage?: boolean;
    description?: string;
    examSyllabus?: string;
    programs?: string[];
    studentTargetYear?: number | null;
    subscriptions?: string[];
    addOnIds?: string[];
    testimonials?: { firstName: string; lastName: string; description: string; title: string }[];
    faqs?: { question: string; answer: string }[];
    questionPapers?: { questionPaperName: string; questionPaperUrl: string }[];
    seo?: { title: string; description: string; keywords: string[] } | null;
    recommends?: string[];
    createdByName?: string;
  } = {},
): Promise<MadeStoreListing> {
  const tag = unique();
  const listing = {
    id: `store-f-${tag}`,
    name: over.name ?? course.name,
    code: over.code ?? course.code,
    slug: over.slug ?? `listing-${tag}`,
  };
  await t.database.query(
    `INSERT INTO store_listings (id, catalogue_id, name, code, slug, category_id, sub_category_id, description,
       same_name_as_catalogue, exam_syllabus, programs, student_target_year, featured_on_home_page,
       featured_on_lead_page, publish_state, add_on_ids, testimonials, faqs, question_papers, seo, created_by_name)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12, $13, $14, $15, $16::jsonb, $17::jsonb,
       $18::jsonb, $19::jsonb, $20::jsonb, $21)`,
    [
      listing.id,
      course.id,
      listing.name,
      listing.code,
      listing.slug,
      over.categoryId ?? null,
      over.subCategoryId ?? null,
      over.description ?? '',
      listing.name === course.name,
      over.examSyllabus ?? '',
      JSON.stringify(over.programs ?? []),
      over.studentTargetYear ?? null,
      over.featuredOnHomePage ?? false,
      over.featuredOnLeadPage ?? false,
      over.published ?? true,
      JSON.stringify(over.addOnIds ?? []),
      JSON.stringify((over.testimonials ?? []).map((x) => ({ ...x, authorImage: null }))),
      JSON.stringify(over.faqs ?? []),
      JSON.stringify(over.questionPapers ?? []),
      JSON.stringify(over.seo ? { ...over.seo, ogImage: null } : {}),
      over.createdByName ?? '',
    ],
  );
  for (const [position, subscriptionId] of (over.subscriptions ?? []).entries()) {
    await t.database.query(
      `INSERT INTO store_listing_subscriptions (store_listing_id, subscription_id, position, featured)
       VALUES ($1, $2, $3, $4)`,
      [listing.id, subscriptionId, position, position === 0],
    );
  }
  for (const [position, recommendedId] of (over.recommends ?? []).entries()) {
    await t.database.query(
      'INSERT INTO store_listing_recommendations (store_listing_id, recommended_id, position) VALUES ($1, $2, $3)',
      [listing.id, recommendedId, position],
    );
  }
  return listing;
}

/** A coupon in force from last month with no end date, for any student: a flat amount (paise) unless `percentage`; naming listings if given. */
export async function createCoupon(
  t: Ctx,
  over: { name?: string; amount?: number; percentage?: boolean; featured?: boolean; storeListingIds?: string[] } = {},
): Promise<{ id: string; name: string }> {
  const coupon = { id: crypto.randomUUID(), name: over.name ?? `COUPON${unique()}`.toUpperCase() };
  await t.database.query(
    `INSERT INTO coupons (id, name, percentage, amount, featured, applicable_for_entire_course, unlimited, applicable_from)
     VALUES ($1, $2, $3, $4, $5, $6, true, (now() - interval '30 days')::date)`,
    [
      coupon.id,
      coupon.name,
      over.percentage ?? false,
      over.amount ?? 50_000,
      over.featured ?? false,
      !over.storeListingIds?.length,
    ],
  );
  for (const storeListingId of over.storeListingIds ?? []) {
    await t.database.query('INSERT INTO coupon_store_listings (coupon_id, store_listing_id) VALUES ($1, $2)', [
      coupon.id,
      storeListingId,
    ]);
  }
  return coupon;
}
