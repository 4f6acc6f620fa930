import { MESSAGES, ROLES, STORE_RICH_TEXT_MAX, hasPermission, plural, type Role } from '@lectern/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCategory,
  createCoupon,
  createCourse,
  createStoreListing,
  type MadeCategory,
  type MadeCourse,
  type MadeStoreListing,
} from '../../test/media-factories';
import { createTestApp, type TestContext } from '../../test/test-app';

/** A transcoded preview video in a catalogue's folder, with its generated thumbnails. */
const VIDEO = 'sl-test-preview-1';
const VIDEO_2 = 'sl-test-preview-2';
const FOREIGN_VIDEO = 'sl-test-preview-foreign';

describe('store listings API', () => {
  let t: TestContext;
  const tokens = new Map<Role, string>();
  // the suite's own store: two categories, five listed courses, five others (two archived), a coupon
  let engineering: MadeCategory;
  let medical: MadeCategory;
  let jeeCourse: MadeCourse;
  let class10Course: MadeCourse;
  let jee: MadeStoreListing;
  let catQuantCourse: MadeCourse;
  let catQuant: MadeStoreListing;
  let upsc: MadeStoreListing;
  let JEE: string;
  let NEET: string;
  let CLASS_10: string;
  let UPSC: string;
  let CAT_QUANT: string;
  /** the search term only the Class 10 listing's code holds */
  let class10Search: string;
  let UNLISTED: string;
  let UNLISTED_2: string;
  let ARCHIVED: string;
  let ARCHIVED_2: string;
  let BANK_PO: string;
  let couponName: string;
  const outputs = (id: string) => `preview-videos/${UNLISTED}/transcoded/${id}/job-1/`;
  beforeAll(async () => {
    t = await createTestApp();
    for (const role of ROLES) tokens.set(role, await t.sessionFor(role));
    engineering = await createCategory(t, { subCategories: ['JEE Main'] });
    medical = await createCategory(t, { subCategories: ['NEET UG'] });
    const inMedical = { categoryId: medical.id, subCategoryId: medical.subCategories[0]!.id };
    const neetCourse = await createCourse(t, { plans: ['12 months', 'Till NEET'], addOns: 1 });
    NEET = (
      await createStoreListing(t, neetCourse, {
        ...inMedical,
        featuredOnHomePage: true,
        subscriptions: neetCourse.subscriptionIds,
      })
    ).id;
    class10Course = await createCourse(t, { plans: ['12 months'] });
    class10Search = `cbse-10-${class10Course.code}`.toLowerCase();
    CLASS_10 = (
      await createStoreListing(t, class10Course, { code: class10Search.toUpperCase(), featuredOnHomePage: true })
    ).id;
    upsc = await createStoreListing(t, await createCourse(t), { featuredOnLeadPage: true });
    UPSC = upsc.id;
    catQuantCourse = await createCourse(t);
    catQuant = await createStoreListing(t, catQuantCourse);
    CAT_QUANT = catQuant.id;
    jeeCourse = await createCourse(t, {
      name: 'JEE Main 2027 Complete Course',
      plans: ['12 months', 'Till JEE Main 2027'],
      addOns: 2,
      videoSeconds: 36_000,
    });
    jee = await createStoreListing(t, jeeCourse, {
      categoryId: engineering.id,
      subCategoryId: engineering.subCategories[0]!.id,
      featuredOnHomePage: true,
      featuredOnLeadPage: true,
      description: '<p>A complete course for <strong>JEE Main 2027</strong>.</p>',
      examSyllabus: '<h3>Physics</h3><ul><li>Kinematics</li></ul>',
      programs: ['Class 11', 'Class 12', 'Droppers'],
      studentTargetYear: 2027,
      subscriptions: jeeCourse.subscriptionIds,
      addOnIds: jeeCourse.addOnIds,
      testimonials: [
        { firstName: 'Aarav', lastName: 'Kulkarni', description: 'Weekly tests.', title: '99.2 percentile' },
        { firstName: 'Sneha', lastName: 'Reddy', description: 'Doubt sessions.', title: 'AIR 1,840' },
      ],
      faqs: [
        {
          question: 'Are the live classes recorded?',
          answer: '<p>Yes. Every live class is available as a recording within two hours.</p>',
        },
        { question: 'Is the course in Hindi too?', answer: '<p>English with Hindi explanations.</p>' },
        { question: 'Can I switch plans later?', answer: '<p>Yes, pay the difference.</p>' },
      ],
      questionPapers: [
        { questionPaperName: 'JEE Main 2025 January', questionPaperUrl: '/files/public/question-paper/jm-2025.pdf' },
        { questionPaperName: 'JEE Main 2024 April', questionPaperUrl: '/files/public/question-paper/jm-2024.pdf' },
      ],
      seo: {
        title: 'JEE Main 2027 Complete Course',
        description: 'Live classes and mocks.',
        keywords: ['JEE Main 2027', 'JEE coaching online', 'IIT JEE preparation'],
      },
      recommends: [NEET, CLASS_10],
      createdByName: 'Priya Raghavan',
    });
    JEE = jee.id;
    UNLISTED = (await createCourse(t, { name: 'NEET Biology Crash Course', plans: ['45 days'], addOns: 1 })).id;
    UNLISTED_2 = (await createCourse(t, { name: 'UPSC Prelims GS Foundation', plans: ['12 months'] })).id;
    ARCHIVED = (await createCourse(t, { name: 'JEE Advanced 2026 Rank Booster', archived: true })).id;
    ARCHIVED_2 = (await createCourse(t, { archived: true })).id;
    BANK_PO = (await createCourse(t, { name: 'Bank PO English Mastery' })).id;
    couponName = (await createCoupon(t, { amount: 50_000, featured: true })).name;
    // two coupons name the UPSC listing; one the NEET listing (so no role's delete below takes it, draft or not)
    await createCoupon(t, { storeListingIds: [UPSC] });
    await createCoupon(t, { percentage: true, amount: 15, storeListingIds: [NEET] });
    await createCoupon(t, { percentage: true, amount: 10, storeListingIds: [UPSC] });
    const video = (id: string, catalogueId: string, status = 'COMPLETE') =>
      t.database.query(
        `INSERT INTO videos (id, catalogue_id, name, storage_key, size, duration_seconds, transcoding_status, endpoints)
         VALUES ($1, $2, $3, $4, 1000, 95, $5, $6::jsonb)`,
        [
          id,
          catalogueId,
          `${id}.mp4`,
          `preview-videos/${catalogueId}/${id}.mp4`,
          status,
          JSON.stringify([
            `${outputs(id)}master.m3u8`,
            `${outputs(id)}poster.jpg`,
            `${outputs(id)}thumb-1.jpg`,
            `${outputs(id)}thumb-2.jpg`,
          ]),
        ],
      );
    await video(VIDEO, UNLISTED);
    await video(VIDEO_2, UNLISTED);
    await video('sl-test-preview-progressing', UNLISTED, 'PROGRESSING');
    await video(FOREIGN_VIDEO, UNLISTED_2);
  });
  afterAll(async () => t?.close());

  const as = (role: Role, method: string, path: string, body?: unknown) =>
    t.call(method, `/api${path}`, { token: tokens.get(role), role, body });
  const admin = (method: string, path: string, body?: unknown) => as('CONTENT_ADMIN', method, path, body);

  const counts = async () => {
    const [row] = await t.database.query<{ listings: number; activity: number; links: number; recs: number }>(
      `SELECT (SELECT count(*)::int FROM store_listings) AS listings,
              (SELECT count(*)::int FROM activity_log WHERE entity_type = 'storeListing') AS activity,
              (SELECT count(*)::int FROM store_listing_subscriptions) AS links,
              (SELECT count(*)::int FROM store_listing_recommendations) AS recs`,
    );
    return row!;
  };

  const subscriptionsOf = async (catalogueId: string) =>
    (
      await t.database.query<{ id: string }>('SELECT id FROM subscriptions WHERE catalogue_id = $1 ORDER BY position', [
        catalogueId,
      ])
    ).map((r) => r.id);
  const addOnsOf = async (catalogueId: string) =>
    (
      await t.database.query<{ id: string }>('SELECT id FROM add_ons WHERE catalogue_id = $1 ORDER BY position', [
        catalogueId,
      ])
    ).map((r) => r.id);

  const newListing = async (overrides: Record<string, unknown> = {}) => ({
    catalogueId: UNLISTED,
    storeListingName: 'NEET Biology 45-Day Crash Course',
    storeListingCode: 'NEET-BIO-45',
    storeListingDescription: '<p>Forty-five days of <strong>NCERT Biology</strong>.</p><script>alert(1)</script>',
    sameNameAsCatalogue: false,
    sameAsCatalogueHours: false,
    storeListingHours: 60,
    categoryId: medical.id,
    subCategoryId: medical.subCategories[0]!.id,
    examSyllabus: '<h3>Biology</h3><ul><li onclick="x()">Genetics</li></ul>',
    programs: ['Class 12', 'Droppers'],
    storeIconUrl: '/files/public/store-icon/neet-bio.png',
    examPattern: '<p>180 questions, <a href="javascript:alert(1)">200 minutes</a></p>',
    preparationTips: '<p>Read NCERT twice.</p><img src=x onerror=alert(1)>',
    studentTargetYear: 2027,
    featuredOnHomePage: true,
    featuredOnLeadPage: false,
    publishState: false,
    subscriptions: [{ subscriptionId: (await subscriptionsOf(UNLISTED))[0], featured: true }],
    addons: await addOnsOf(UNLISTED),
    previewVideos: [
      {
        videoId: VIDEO,
        title: 'Cell biology in 10 minutes',
        tag: 'Biology',
        thumbnail: `${outputs(VIDEO)}thumb-2.jpg`,
      },
      { videoId: VIDEO_2, title: 'Genetics made easy', tag: 'Biology', thumbnail: null },
    ],
    testimonials: [
      {
        firstName: 'Ananya',
        lastName: 'Sharma',
        authorImage: '/files/public/testimonial-image/ananya.jpg',
        description: 'Finished the syllabus twice before the exam.',
        title: '640/720, NEET UG 2025',
      },
    ],
    faqs: [
      { question: 'Is it in Hindi?', answer: '<p>English with Hindi explanations.</p>' },
      { question: 'Are mocks included?', answer: '<p>Ten full mocks.</p>' },
    ],
    questionPapers: [
      { questionPaperName: 'NEET UG 2025', questionPaperUrl: '/files/public/question-paper/neet-2025.pdf' },
    ],
    recommendationCourses: [NEET, JEE],
    dynamicMetadataSEOInfo: {
      title: 'NEET Biology Crash Course',
      description: 'NCERT Biology in 45 days.',
      keywords: ['NEET', 'Biology'],
      ogImage: null,
    },
    ...overrides,
  });

  it('lists the listings with their tags, counts and categories, filtered and searched', async () => {
    const res = await admin('GET', '/publisher/storemanager/all');
    expect(res.status).toBe(200);
    const list = res.body.data as Record<string, unknown>[];
    expect(list.map((l) => l.storeListingId)).toEqual(expect.arrayContaining([JEE, NEET, CLASS_10, UPSC, CAT_QUANT]));
    expect(list.find((l) => l.storeListingId === JEE)).toMatchObject({
      storeListingName: 'JEE Main 2027 Complete Course',
      storeListingCode: jeeCourse.code,
      catalogueId: jeeCourse.id,
      catalogueArchived: false,
      category: {
        categoryId: engineering.id,
        subCategory: { subCategoryId: engineering.subCategories[0]!.id },
      },
      storeListingUrl: `/store/${jee.slug}`,
      featuredOnHomePage: true,
      featuredOnLeadPage: true,
      publishState: true,
      counts: { subscriptions: 2, testimonials: 2, faqs: 3, questionPapers: 2, recommendationCourses: 2 },
      hasSyllabus: true,
      hasSeo: true,
    });
    const ids = async (query: string) =>
      ((await admin('GET', `/publisher/storemanager/all?${query}`)).body.data as { storeListingId: string }[]).map(
        (l) => l.storeListingId,
      );
    // the flags, among this suite's listings; its categories and search term are its own
    const own = [JEE, NEET, CLASS_10, UPSC, CAT_QUANT];
    const ownOf = async (query: string) => (await ids(query)).filter((id) => own.includes(id)).sort();
    expect(await ownOf('featuredOnHomePage=true')).toEqual([CLASS_10, JEE, NEET].sort());
    expect(await ownOf('featuredOnLeadPage=true')).toEqual([JEE, UPSC].sort());
    expect(await ids(`categoryId=${medical.id}`)).toEqual([NEET]);
    expect(await ids(`search=${class10Search}`)).toEqual([CLASS_10]);
    expect(await ids('search=100%25')).toEqual([]);
  });

  it('reads one listing with every field of spec 2 §3', async () => {
    const res = await admin('GET', `/publisher/storemanager/store/${JEE}`);
    expect(res.status).toBe(200);
    const l = res.body.data;
    expect(l).toMatchObject({
      storeListingId: JEE,
      storeListingName: 'JEE Main 2027 Complete Course',
      sameNameAsCatalogue: true,
      sameAsCatalogueHours: true,
      catalogueName: 'JEE Main 2027 Complete Course',
      catalogueCode: jeeCourse.code,
      programs: ['Class 11', 'Class 12', 'Droppers'],
      studentTargetYear: 2027,
      dynamicMetadataSEOInfo: {
        slug: jee.slug,
        keywords: ['JEE Main 2027', 'JEE coaching online', 'IIT JEE preparation'],
      },
      createdBy: { name: 'Priya Raghavan' },
    });
    expect(l.examSyllabus).toContain('<h3>Physics</h3>');
    expect(l.storeListingHours).toBeGreaterThan(0);
    expect(l.subscriptions).toHaveLength(2);
    expect(l.subscriptions[0]).toMatchObject({ storeListingId: JEE, featured: true, usageStatus: 'ACTIVE' });
    expect(l.addons.map((a: { addOnId: string }) => a.addOnId)).toEqual(jeeCourse.addOnIds);
    expect(jeeCourse.addOnIds).toHaveLength(2);
    expect(l.testimonials[0]).toMatchObject({ firstName: 'Aarav', lastName: 'Kulkarni', authorImage: null });
    expect(l.faqs[0]).toEqual({
      question: 'Are the live classes recorded?',
      answer: '<p>Yes. Every live class is available as a recording within two hours.</p>',
    });
    expect(l.recommendationCourses.map((r: { storeListingId: string }) => r.storeListingId)).toEqual([NEET, CLASS_10]);
    const missing = await admin('GET', '/publisher/storemanager/store/store-nothing-here');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('We could not find that store listing. It may have been deleted.');
  });

  it('lists the catalogues that can be listed (not archived, not listed), with their plans and transcoded previews', async () => {
    const res = await admin('GET', '/publisher/storemanager/course/all');
    expect(res.status).toBe(200);
    const list = res.body.data as { catalogueId: string; previewVideos: { videoId: string }[] }[];
    const ids = list.map((c) => c.catalogueId);
    expect(ids).toEqual(expect.arrayContaining([UNLISTED, UNLISTED_2, BANK_PO]));
    for (const gone of [ARCHIVED, ARCHIVED_2, jeeCourse.id, class10Course.id]) expect(ids).not.toContain(gone);
    const bio = list.find((c) => c.catalogueId === UNLISTED)!;
    expect(bio).toMatchObject({
      catalogueName: 'NEET Biology Crash Course',
      subscriptions: [{ subscriptionLabel: '45 days' }],
    });
    // only COMPLETE videos can be shown
    expect(bio.previewVideos.map((v) => v.videoId).sort()).toEqual([VIDEO, VIDEO_2]);
    expect(bio.previewVideos[0]).toMatchObject({
      thumbnails: [`${outputs(VIDEO)}thumb-1.jpg`, `${outputs(VIDEO)}thumb-2.jpg`],
      poster: `${outputs(VIDEO)}poster.jpg`,
      videoUrl: `${outputs(VIDEO)}master.m3u8`,
    });
    // editing: the listing's own catalogue is offered too
    const own = await admin('GET', `/publisher/storemanager/course/all?storeListingId=${JEE}`);
    expect((own.body.data as { catalogueId: string }[]).map((c) => c.catalogueId)).toContain(jeeCourse.id);
    expect((await admin('GET', '/publisher/storemanager/course/all?storeListingId=nope')).status).toBe(404);
  });

  it('offers the coupons a listing may show: none expired, featured first', async () => {
    const res = await admin('GET', '/publisher/storemanager/coupon/all');
    expect(res.status).toBe(200);
    const list = res.body.data as { couponId: string; couponName: string; discount: number; percentage: boolean }[];
    const usable = await t.database.query<{ id: string; featured: boolean }>(
      `SELECT id, featured FROM coupons
        WHERE NOT expired AND (applicable_upto IS NULL OR applicable_upto >= (now() AT TIME ZONE 'Asia/Kolkata')::date)
        ORDER BY featured DESC, name`,
    );
    expect(usable.length).toBeGreaterThan(0);
    expect(list.map((c) => c.couponId)).toEqual(usable.map((c) => c.id));
    const diwali = list.find((c) => c.couponName === couponName);
    expect(diwali).toMatchObject({ percentage: false, discount: 50_000 });
  });

  let createdId = '';
  let createdVersion = 0;

  it('creates a listing with every part, sanitised, and records who did it', async () => {
    const res = await admin('POST', '/publisher/storemanager/create', await newListing());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.message).toBe("Store listing 'NEET Biology 45-Day Crash Course' was created.");
    const l = res.body.data;
    createdId = l.storeListingId;
    createdVersion = l.version;
    expect(l).toMatchObject({
      version: 0,
      storeListingName: 'NEET Biology 45-Day Crash Course',
      storeListingCode: 'NEET-BIO-45',
      storeListingHours: 60,
      catalogueId: UNLISTED,
      category: { categoryId: medical.id, subCategory: { subCategoryId: medical.subCategories[0]!.id } },
      publishState: false,
      featuredOnHomePage: true,
      storeListingUrl: '/store/neet-biology-45-day-crash-course',
      dynamicMetadataSEOInfo: { slug: 'neet-biology-45-day-crash-course', title: 'NEET Biology Crash Course' },
      createdBy: { name: 'Priya Raghavan' },
    });
    expect(l.storeListingDescription).toBe('<p>Forty-five days of <strong>NCERT Biology</strong>.</p>');
    expect(l.examSyllabus).toBe('<h3>Biology</h3><ul><li>Genetics</li></ul>');
    expect(l.examPattern).toBe('<p>180 questions, <a>200 minutes</a></p>');
    expect(l.preparationTips).toBe('<p>Read NCERT twice.</p>');
    expect(l.subscriptions).toMatchObject([{ featured: true, subscription: { subscriptionLabel: '45 days' } }]);
    expect(l.addons).toHaveLength(1);
    expect(l.previewVideos).toEqual([
      {
        videoId: VIDEO,
        subjectName: 'NEET Biology Crash Course',
        tag: 'Biology',
        title: 'Cell biology in 10 minutes',
        videoUrl: `${outputs(VIDEO)}master.m3u8`,
        thumbnail: `${outputs(VIDEO)}thumb-2.jpg`,
      },
      expect.objectContaining({ videoId: VIDEO_2, thumbnail: null }),
    ]);
    expect(l.faqs.map((f: { question: string }) => f.question)).toEqual(['Is it in Hindi?', 'Are mocks included?']);
    expect(l.recommendationCourses.map((r: { storeListingId: string }) => r.storeListingId)).toEqual([NEET, JEE]);
    const activity = await t.database.query<{ action: string; summary: string }>(
      'SELECT action, summary FROM activity_log WHERE entity_id = $1',
      [createdId],
    );
    expect(activity).toEqual([
      {
        action: 'storeListing.create',
        summary: "Priya Raghavan listed 'NEET Biology Crash Course' in the store as 'NEET Biology 45-Day Crash Course'",
      },
    ]);
    // the catalogue is listed now: its list row links here, and it can no longer be listed
    const catalogues = await admin('GET', '/publisher/cataloguemanager/all');
    expect((catalogues.body.data as { catalogueId: string }[]).find((c) => c.catalogueId === UNLISTED)).toMatchObject({
      storeListed: true,
      storeListingId: createdId,
      storeListingUrl: '/store/neet-biology-45-day-crash-course',
    });
    const listable = await admin('GET', '/publisher/storemanager/course/all');
    expect((listable.body.data as { catalogueId: string }[]).map((c) => c.catalogueId)).not.toContain(UNLISTED);
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const before = await counts();
    const refused = async (
      body: unknown,
      status: number,
      message: string,
      method = 'POST',
      path = '/publisher/storemanager/create',
    ) => {
      const res = await admin(method, path, body);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.message).toBe(message);
    };
    const other = {
      catalogueId: UNLISTED_2,
      storeListingName: 'UPSC GS Foundation',
      subscriptions: [],
      addons: [],
      previewVideos: [],
      recommendationCourses: [],
    };
    await refused(
      await newListing({ ...other, storeListingCode: jee.code.toLowerCase() }),
      409,
      MESSAGES.storeListingCodeTaken.replace('[storeListingCode]', jee.code.toLowerCase()),
    );
    await refused(
      await newListing({
        ...other,
        storeListingCode: 'UPSC-GS-1',
        dynamicMetadataSEOInfo: { slug: jee.slug },
      }),
      409,
      `The address /store/${jee.slug} is already used by 'JEE Main 2027 Complete Course'. Choose another slug.`,
    );
    await refused(
      await newListing({ storeListingCode: 'NEET-BIO-2' }),
      409,
      "'NEET Biology Crash Course' already has a store listing, 'NEET Biology 45-Day Crash Course'. Edit that listing instead.",
    );
    await refused(
      await newListing({ ...other, catalogueId: ARCHIVED, storeListingCode: 'JEE-ADV-1' }),
      409,
      "'JEE Advanced 2026 Rank Booster' is archived and cannot be listed in the store.",
    );
    await refused(
      await newListing({ ...other, catalogueId: 'cat-nowhere', storeListingCode: 'NOWHERE-1' }),
      400,
      'We could not find catalogue cat-nowhere. It may have been deleted.',
    );
    const jeeSub = (await subscriptionsOf(jeeCourse.id))[0]!;
    await refused(
      await newListing({ ...other, storeListingCode: 'UPSC-GS-1', subscriptions: [{ subscriptionId: jeeSub }] }),
      400,
      `Subscription ${jeeSub} is not a plan of 'UPSC Prelims GS Foundation'.`,
    );
    await refused(
      await newListing({ ...other, storeListingCode: 'UPSC-GS-1', addons: [jeeCourse.addOnIds[0]] }),
      400,
      `Add-on ${jeeCourse.addOnIds[0]} is not an add-on of 'UPSC Prelims GS Foundation'.`,
    );
    await refused(
      await newListing({
        ...other,
        storeListingCode: 'UPSC-GS-1',
        previewVideos: [{ videoId: VIDEO, title: 'Cell biology' }],
      }),
      400,
      `Video ${VIDEO} is not a transcoded preview video of 'UPSC Prelims GS Foundation'.`,
    );
    await refused(
      await newListing({
        ...other,
        storeListingCode: 'UPSC-GS-1',
        previewVideos: [{ videoId: FOREIGN_VIDEO, title: 'Polity', thumbnail: `${outputs(VIDEO)}thumb-1.jpg` }],
      }),
      400,
      "The thumbnail chosen for 'Polity' is not one of that video's generated thumbnails.",
    );
    await refused(
      await newListing({
        ...other,
        storeListingCode: 'UPSC-GS-1',
        previewVideos: [
          { videoId: FOREIGN_VIDEO, title: 'Polity' },
          { videoId: FOREIGN_VIDEO, title: 'Polity again' },
        ],
      }),
      400,
      `Preview video ${FOREIGN_VIDEO} appears twice in the store listing.`,
    );
    await refused(
      await newListing({ ...other, storeListingCode: 'UPSC-GS-1', recommendationCourses: ['store-missing'] }),
      400,
      'Store listing store-missing does not exist, so it cannot be recommended.',
    );
    await refused(
      await newListing({ ...other, storeListingCode: 'UPSC-GS-1', subCategoryId: engineering.subCategories[0]!.id }),
      400,
      `Sub-category ${engineering.subCategories[0]!.id} does not belong to '${medical.name}'.`,
    );
    await refused(
      await newListing({
        ...other,
        storeListingCode: 'UPSC-GS-1',
        faqs: [{ question: 'Safe?', answer: '<script>alert(1)</script>' }],
      }),
      400,
      "The answer to 'Safe?' is empty once unsafe HTML is removed.",
    );
    // oversize rich text: refused by the contract before anything is read
    const oversize = await admin(
      'POST',
      '/publisher/storemanager/create',
      await newListing({ ...other, storeListingCode: 'UPSC-GS-1', examSyllabus: 'x'.repeat(STORE_RICH_TEXT_MAX + 1) }),
    );
    expect(oversize.status).toBe(400);
    expect(oversize.body.message).toContain(`Exam syllabus is too long: at most ${STORE_RICH_TEXT_MAX} characters`);
    const nameless = await admin(
      'POST',
      '/publisher/storemanager/create',
      await newListing({ ...other, storeListingCode: 'UPSC-GS-1', storeListingName: '' }),
    );
    expect(nameless.status).toBe(400);
    expect(nameless.body.message).toContain("Store listing name is required (or choose 'same name as catalogue')");
    expect(await counts()).toEqual(before);
  });

  it('updates the whole listing at its version: itself never recommended, a stale version refused', async () => {
    const current = (await admin('GET', `/publisher/storemanager/store/${createdId}`)).body.data;
    const body = {
      ...(await newListing()),
      catalogueId: undefined,
      storeListingId: createdId,
      version: createdVersion,
      sameNameAsCatalogue: true,
      storeListingName: '',
      sameAsCatalogueHours: true,
      faqs: [...current.faqs].reverse(),
      recommendationCourses: [JEE],
      publishState: true,
      dynamicMetadataSEOInfo: { ...current.dynamicMetadataSEOInfo, slug: 'neet-biology-crash' },
    };
    delete body.catalogueId;
    const before = await counts();
    const self = await admin('PUT', '/publisher/storemanager/update', { ...body, recommendationCourses: [createdId] });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('A store listing cannot recommend itself.');
    expect(await counts()).toEqual(before);

    const res = await admin('PUT', '/publisher/storemanager/update', body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe("Store listing 'NEET Biology Crash Course' was updated.");
    expect(res.body.data).toMatchObject({
      version: createdVersion + 1,
      storeListingName: 'NEET Biology Crash Course',
      sameNameAsCatalogue: true,
      publishState: true,
      storeListingUrl: '/store/neet-biology-crash',
      faqs: [{ question: 'Are mocks included?' }, { question: 'Is it in Hindi?' }],
      recommendationCourses: [{ storeListingId: JEE }],
    });
    // the catalogue's own hours (derived from its subjects) when 'same as catalogue'
    const catalogue = (await admin('GET', `/publisher/cataloguemanager/catalogue/${UNLISTED}`)).body.data;
    expect(res.body.data.storeListingHours).toBe(Math.round(catalogue.duration / 360) / 10);

    const stale = await admin('PUT', '/publisher/storemanager/update', { ...body, storeListingCode: 'NEET-BIO-99' });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(
      'Someone else changed this store listing while you were working on it. Reload to see their changes, then try again.',
    );
    const activity = await t.database.query<{ action: string }>(
      'SELECT action FROM activity_log WHERE entity_id = $1 ORDER BY created_at',
      [createdId],
    );
    expect(activity.map((a) => a.action)).toEqual(['storeListing.create', 'storeListing.update']);

    const missing = await admin('PUT', '/publisher/storemanager/update', { ...body, storeListingId: 'store-gone' });
    expect(missing.status).toBe(404);

    // 'same name as catalogue' follows a renamed catalogue everywhere the listing is named
    await t.database.query("UPDATE catalogues SET name = 'NEET Biology 45-Day Sprint' WHERE id = $1", [UNLISTED]);
    try {
      const listings = (await admin('GET', '/publisher/storemanager/all')).body.data as Record<string, unknown>[];
      expect(listings.find((l) => l.storeListingId === createdId)?.storeListingName).toBe('NEET Biology 45-Day Sprint');
      const catalogues = (await admin('GET', '/publisher/cataloguemanager/all')).body.data as Record<string, unknown>[];
      expect(catalogues.find((c) => c.catalogueId === UNLISTED)?.storeListingName).toBe('NEET Biology 45-Day Sprint');
    } finally {
      await t.database.query("UPDATE catalogues SET name = 'NEET Biology Crash Course' WHERE id = $1", [UNLISTED]);
    }
  });

  it('stores every rich-text field sanitised, whatever is sent', async () => {
    const hostile = [
      '<p onmouseover="steal()">Read <a href="jav&#x09;ascript:alert(1)">this</a></p><script>alert(1)</script>',
      '<svg onload=alert(1)><p>Pattern</p></svg><iframe src="javascript:alert(1)"></iframe>',
      '<p style="background:url(javascript:alert(1))">Tips</p><img src=x onerror=alert(1)>',
      '<a href="https://nta.ac.in" onclick="x()" target="_top">NTA</a><object data="javascript:alert(1)"></object>',
    ];
    const current = (await admin('GET', `/publisher/storemanager/store/${createdId}`)).body.data;
    const res = await admin('PUT', '/publisher/storemanager/update', {
      ...(await newListing()),
      catalogueId: undefined,
      storeListingId: createdId,
      version: current.version,
      storeListingCode: current.storeListingCode,
      recommendationCourses: [],
      dynamicMetadataSEOInfo: { ...current.dynamicMetadataSEOInfo },
      storeListingDescription: hostile[0],
      examSyllabus: hostile[1],
      examPattern: hostile[2],
      preparationTips: hostile[3],
      faqs: hostile.map((answer, i) => ({ question: `Question ${i + 1}?`, answer })),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [stored] = await t.database.query<Record<string, unknown>>(
      'SELECT description, exam_syllabus, exam_pattern, preparation_tips, faqs FROM store_listings WHERE id = $1',
      [createdId],
    );
    const text = JSON.stringify(stored);
    for (const unsafe of [
      /<script/i,
      /<svg/i,
      /<iframe/i,
      /<object/i,
      /<img/i,
      /\son[a-z]+=/i,
      /javascript:/i,
      /style=/i,
    ]) {
      expect(text, String(unsafe)).not.toMatch(unsafe);
    }
    expect(res.body.data).toMatchObject({
      storeListingDescription: '<p>Read <a>this</a></p>',
      examSyllabus: '<p>Pattern</p>',
      examPattern: '<p>Tips</p>',
      preparationTips: '<a href="https://nta.ac.in" target="_blank" rel="noopener noreferrer">NTA</a>',
    });
    expect(res.body.data.faqs[0].answer).toBe('<p>Read <a>this</a></p>');
  });

  it('offers every other listing of a catalogue not archived as a recommendation', async () => {
    await t.database.query('UPDATE catalogues SET archived = true WHERE id = $1', [catQuantCourse.id]);
    try {
      const res = await admin('GET', `/publisher/storemanager/recommendation/storelisting/${JEE}`);
      expect(res.status).toBe(200);
      const ids = (res.body.data as { storeListingId: string }[]).map((r) => r.storeListingId);
      expect(ids).not.toContain(JEE);
      expect(ids).not.toContain(CAT_QUANT);
      expect(ids).toEqual(expect.arrayContaining([NEET, CLASS_10, createdId]));
      expect((await admin('GET', '/publisher/storemanager/recommendation/storelisting/store-gone')).status).toBe(404);
      // a newly chosen recommendation of an archived catalogue is refused
      const current = (await admin('GET', `/publisher/storemanager/store/${CLASS_10}`)).body.data;
      const res2 = await admin('PUT', '/publisher/storemanager/update', {
        storeListingId: CLASS_10,
        version: current.version,
        storeListingCode: current.storeListingCode,
        sameNameAsCatalogue: true,
        recommendationCourses: [CAT_QUANT],
      });
      expect(res2.status).toBe(400);
      expect(res2.body.message).toBe(`'${catQuant.name}' lists an archived catalogue and cannot be recommended.`);
    } finally {
      await t.database.query('UPDATE catalogues SET archived = false WHERE id = $1', [catQuantCourse.id]);
    }
  });

  it('deletes a draft listing no coupon names, and refuses a published one or one a coupon names', async () => {
    const published = await admin('DELETE', `/publisher/storemanager/store/${JEE}`);
    expect(published.status).toBe(409);
    expect(published.body.message).toBe(
      "'JEE Main 2027 Complete Course' is published in the store. Save it as a draft first, then delete it.",
    );
    const [named] = await t.database.query<{ id: string; name: string; coupons: string }>(
      `SELECT sl.id, sl.name, string_agg(c.name, ', ' ORDER BY c.name) AS coupons
         FROM coupon_store_listings csl JOIN store_listings sl ON sl.id = csl.store_listing_id
         JOIN coupons c ON c.id = csl.coupon_id
        WHERE sl.id = $1
        GROUP BY sl.id, sl.name`,
      [UPSC],
    );
    expect(named).toBeDefined();
    await t.database.query('UPDATE store_listings SET publish_state = false WHERE id = $1', [named!.id]);
    try {
      const withCoupons = await admin('DELETE', `/publisher/storemanager/store/${named!.id}`);
      expect(withCoupons.status).toBe(409);
      expect(withCoupons.body.message).toBe(
        `'${named!.name}' is named by ${plural(named!.coupons.split(', ').length, 'coupon')} (${named!.coupons}). Take it out of them first, then delete it.`,
      );
    } finally {
      await t.database.query('UPDATE store_listings SET publish_state = true WHERE id = $1', [named!.id]);
    }
    const draft = await admin('POST', '/publisher/storemanager/create', {
      catalogueId: BANK_PO,
      storeListingCode: 'BANK-PO-DRAFT',
      sameNameAsCatalogue: true,
    });
    expect(draft.status).toBe(201);
    const id = draft.body.data.storeListingId as string;
    const res = await admin('DELETE', `/publisher/storemanager/store/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Store listing 'Bank PO English Mastery' was deleted.");
    expect((await admin('GET', `/publisher/storemanager/store/${id}`)).status).toBe(404);
    expect((await admin('DELETE', `/publisher/storemanager/store/${id}`)).status).toBe(404);
    const listable = await admin('GET', '/publisher/storemanager/course/all');
    expect((listable.body.data as { catalogueId: string }[]).map((c) => c.catalogueId)).toContain(BANK_PO);
    const activity = await t.database.query<{ action: string }>(
      'SELECT action FROM activity_log WHERE entity_id = $1 ORDER BY created_at',
      [id],
    );
    expect(activity.map((a) => a.action)).toEqual(['storeListing.create', 'storeListing.delete']);
  });

  describe('every path for every role', () => {
    const paths = (): { method: string; path: string; body?: () => Promise<unknown> }[] => [
      { method: 'GET', path: '/publisher/storemanager/all' },
      { method: 'GET', path: `/publisher/storemanager/store/${NEET}` },
      { method: 'GET', path: `/publisher/storemanager/recommendation/storelisting/${NEET}` },
      { method: 'GET', path: '/publisher/storemanager/course/all' },
      { method: 'GET', path: '/publisher/storemanager/coupon/all' },
      // published: refused with 409 after the access check, so nothing is deleted
      { method: 'DELETE', path: `/publisher/storemanager/store/${NEET}` },
      {
        method: 'POST',
        path: '/publisher/storemanager/create',
        body: async () => ({
          catalogueId: BANK_PO,
          storeListingCode: 'BANK-PO-ENG',
          sameNameAsCatalogue: true,
        }),
      },
      {
        method: 'PUT',
        path: '/publisher/storemanager/update',
        body: async () => {
          const current = (await admin('GET', `/publisher/storemanager/store/${NEET}`)).body.data;
          return {
            storeListingId: NEET,
            version: current.version,
            storeListingCode: current.storeListingCode,
            storeListingName: current.storeListingName,
            featuredOnHomePage: !current.featuredOnHomePage,
          };
        },
      },
    ];

    for (const role of ROLES) {
      const allowed = hasPermission([role], 'publisher');
      it(`${role}: ${allowed ? 'allowed' : 'refused with 403, nothing written'}`, async () => {
        const before = await counts();
        for (const { method, path, body } of paths()) {
          // a second create of the same catalogue would be a 409, not the point here
          const res = await as(role, method, path, body ? await body() : undefined);
          if (allowed) {
            expect([200, 201, 409], `${role} ${method} ${path}: ${JSON.stringify(res.body)}`).toContain(res.status);
          } else {
            expect(res.status, `${role} ${method} ${path}`).toBe(403);
            expect(res.body.message).toBe(MESSAGES.unauthorized);
          }
        }
        if (!allowed) expect(await counts()).toEqual(before);
      });
    }
  });
});
