import fs from 'node:fs';
import { DEMO_STAFF, type Role } from '@lectern/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogue, createStudent, createStudentSubscription } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';

const PUBLISHED = 'subj-quant-aptitude';
const NOT_PUBLISHED = 'subj-organic-chemistry';
const LISTED = 'cat-jee-main-2027';
const UNLISTED = 'cat-bank-po-english';

describe('catalogues API', () => {
  let t: TestContext;
  const tokens = new Map<Role, string>();
  beforeAll(async () => {
    t = await createTestApp();
    for (const role of ['SUPER_ADMIN', 'CONTENT_ADMIN', 'FINANCE', 'CONTENT_DEVELOPER'] as const) {
      tokens.set(role, await t.sessionFor(role));
    }
  });
  afterAll(async () => t?.close());

  const as = (role: Role, method: string, path: string, body?: unknown) =>
    t.call(method, `/api${path}`, { token: tokens.get(role), role, body });
  const admin = (method: string, path: string, body?: unknown) => as('CONTENT_ADMIN', method, path, body);

  const activity = async (entityId: string) =>
    t.database.query<{ action: string; summary: string }>(
      'SELECT action, summary FROM activity_log WHERE entity_id = $1 ORDER BY created_at, action',
      [entityId],
    );

  const newCatalogue = (code: string) => ({
    catalogueInfo: {
      catalogueName: 'Class 12 Physics Booster',
      catalogueCode: code,
      description: 'Mechanics to modern physics.',
    },
    cataloguePublisher: { publisherName: 'Lectern Learning', publisherLogoLink: null },
    catalogueTheme: { colour: '#fff7ed', cardBackgroundColor: '#FFFFFF', activeStateColor: '#5850EC' },
    subjectIds: [PUBLISHED],
    resources: [{ name: 'Syllabus.pdf', type: 'CATALOGUE_SYLLABUS', resourceUrl: '/files/syllabus.pdf', size: 1024 }],
    instructors: [{ instructorName: 'Arjun Menon', role: 'Physics faculty' }],
    subscriptions: [
      {
        subscriptionLabel: '12 months',
        subscriptionType: 'DURATION',
        price: 499_900,
        numberOfMonths: 12,
        featured: true,
      },
      {
        subscriptionLabel: 'Till boards 2027',
        subscriptionType: 'FIXED',
        price: 299_900,
        listPrice: 399_900,
        subscriptionEndDate: '2027-03-31',
      },
    ],
    addOns: [{ addOnName: 'Printed notes', price: 149_900, automationType: 'DELIVERY' }],
    publishingInfo: { publishState: true, tags: ['CBSE', 'Class 12'] },
  });

  it('lists the demo catalogues with derived durations, store links and prices', async () => {
    const res = await admin('GET', '/publisher/cataloguemanager/all');
    expect(res.status).toBe(200);
    const list = res.body.data as Record<string, unknown>[];
    expect(list.length).toBeGreaterThanOrEqual(10);
    const jee = list.find((c) => c.catalogueId === LISTED);
    expect(jee).toMatchObject({
      catalogueName: 'JEE Main 2027 Complete Course',
      catalogueCode: 'JEE-MAIN-2027',
      storeListed: true,
      storeListingName: 'JEE Main 2027 Complete Course',
      storeListingUrl: '/store/jee-main-2027-complete-course',
      featuredOnLeadPage: true,
      subscriptionCount: 2,
      lowestPrice: 1_999_900,
      archived: false,
    });
    expect((jee?.subjects as unknown[]).length).toBe(2);
    // derived, never typed: the subjects' active video time
    const subjects = await admin('GET', `/publisher/catalogue/catalogueid/${LISTED}/subjects`);
    const total = (subjects.body.data as { duration: number }[]).reduce((sum, s) => sum + s.duration, 0);
    expect(total).toBeGreaterThan(0);
    expect(jee?.duration).toBeCloseTo(total, 3);
    const archived = await admin('GET', '/publisher/cataloguemanager/all?archived=true');
    expect((archived.body.data as { catalogueCode: string }[]).map((c) => c.catalogueCode).sort()).toEqual([
      'JEE-ADV-2026',
      'SSC-CGL-2025',
    ]);
  });

  it('lists only PUBLISHED subjects as publishable', async () => {
    const res = await admin('GET', '/publisher/publisher/subject/all');
    const ids = (res.body.data as { subjectId: string }[]).map((s) => s.subjectId);
    expect(ids).toContain(PUBLISHED);
    expect(ids).not.toContain(NOT_PUBLISHED);
  });

  it('creates a catalogue with every section, reads it back and records who did it', async () => {
    const res = await admin('POST', '/publisher/cataloguemanager/create', newCatalogue('PHY-12-BOOST'));
    expect(res.status).toBe(201);
    expect(res.body.message).toBe("Catalogue 'Class 12 Physics Booster' was created.");
    const c = res.body.data;
    expect(c).toMatchObject({
      version: 0,
      archived: false,
      storeListed: false,
      catalogueInfo: { catalogueName: 'Class 12 Physics Booster', catalogueCode: 'PHY-12-BOOST' },
      catalogueTheme: { colour: '#fff7ed', backgroundColor: '#ffffff', activeStateColor: '#5850EC' },
      subjects: [{ subjectId: PUBLISHED, subjectState: 'PUBLISHED' }],
      instructors: [{ instructorName: 'Arjun Menon', role: 'Physics faculty', description: '', photo: null }],
      addOns: [{ addOnName: 'Printed notes', price: 149_900, automationType: 'DELIVERY' }],
      publishingInfo: { publishState: true, featured: false, tags: ['CBSE', 'Class 12'] },
      createdBy: { name: 'Priya Raghavan' },
    });
    expect(c.subscriptions).toMatchObject([
      {
        subscriptionLabel: '12 months',
        subscriptionType: 'DURATION',
        price: 499_900,
        numberOfMonths: 12,
        subscriptionEndDate: null,
      },
      {
        subscriptionLabel: 'Till boards 2027',
        subscriptionType: 'FIXED',
        price: 299_900,
        listPrice: 399_900,
        numberOfMonths: null,
        subscriptionEndDate: '2027-03-31',
      },
    ]);
    expect(c.duration).toBe(c.subjects[0].duration);
    expect(c.resources[0].resourceId).toEqual(expect.any(String));
    expect(await activity(c.catalogueId)).toEqual([
      { action: 'catalogue.create', summary: "Priya Raghavan created catalogue 'Class 12 Physics Booster'" },
    ]);
  });

  it('refuses bad input with a clear message naming the field, writing nothing', async () => {
    const before = (await admin('GET', '/publisher/cataloguemanager/all')).body.data.length;
    const cases: { body: unknown; status: number; message: RegExp }[] = [
      {
        body: newCatalogue('JEE-main-2027'),
        status: 409,
        message: /A catalogue with code 'JEE-main-2027' already exists/,
      },
      {
        body: { ...newCatalogue('X-1'), subjectIds: [NOT_PUBLISHED] },
        status: 400,
        message: /'Organic Chemistry' is not published yet/,
      },
      {
        body: {
          ...newCatalogue('X-2'),
          subscriptions: [{ subscriptionLabel: 'x', subscriptionType: 'DURATION', price: -100, numberOfMonths: 3 }],
        },
        status: 400,
        message: /subscriptions\.0\.price/,
      },
      {
        body: {
          ...newCatalogue('X-3'),
          subscriptions: [{ subscriptionLabel: 'x', subscriptionType: 'DURATION', price: 10.5, numberOfMonths: 3 }],
        },
        status: 400,
        message: /subscriptions\.0\.price/,
      },
      {
        body: {
          ...newCatalogue('X-4'),
          subscriptions: [{ subscriptionLabel: 'x', subscriptionType: 'FIXED', price: 100 }],
        },
        status: 400,
        message: /a FIXED subscription needs an end date/,
      },
      {
        body: {
          ...newCatalogue('X-5'),
          subscriptions: [{ subscriptionLabel: 'x', subscriptionType: 'DURATION', price: 100 }],
        },
        status: 400,
        message: /a DURATION subscription needs a number of months/,
      },
      {
        body: {
          ...newCatalogue('X-6'),
          subscriptions: [
            { subscriptionLabel: 'Old', subscriptionType: 'FIXED', price: 100, subscriptionEndDate: '2020-01-31' },
          ],
        },
        status: 400,
        message: /The end date of subscription 'Old' \(2020-01-31\) is in the past/,
      },
      {
        body: { ...newCatalogue('X-7'), catalogueTheme: { colour: 'red' } },
        status: 400,
        message: /catalogueTheme\.colour.*must be a colour like #5850EC/,
      },
      { body: { ...newCatalogue('X 8'), subjectIds: [] }, status: 400, message: /letters, digits and hyphens/ },
    ];
    for (const { body, status, message } of cases) {
      const res = await admin('POST', '/publisher/cataloguemanager/create', body);
      expect({ status: res.status, message: res.body.message }).toEqual({
        status,
        message: expect.stringMatching(message),
      });
    }
    expect((await admin('GET', '/publisher/cataloguemanager/all')).body.data.length).toBe(before);
  });

  it('updates a section, archives and unarchives through update, and refuses a stale version', async () => {
    const created = (await admin('POST', '/publisher/cataloguemanager/create', newCatalogue('ARCH-TEST'))).body.data;
    const renamed = await admin('PUT', '/publisher/cataloguemanager/update', {
      catalogueId: created.catalogueId,
      version: 0,
      catalogueInfo: { catalogueName: 'Class 12 Physics Booster 2027', catalogueCode: 'ARCH-TEST', description: '' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({
      version: 1,
      catalogueInfo: { catalogueName: 'Class 12 Physics Booster 2027' },
    });
    // untouched sections stay as they were
    expect(renamed.body.data.subscriptions).toHaveLength(2);
    const archived = await admin('PUT', '/publisher/cataloguemanager/update', {
      catalogueId: created.catalogueId,
      version: 1,
      archived: true,
    });
    expect(archived.body.message).toBe("Catalogue 'Class 12 Physics Booster 2027' was archived.");
    const stale = await admin('PUT', '/publisher/cataloguemanager/update', {
      catalogueId: created.catalogueId,
      version: 1,
      archived: false,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/Someone else changed this catalogue/);
    const back = await admin('PUT', '/publisher/cataloguemanager/update', {
      catalogueId: created.catalogueId,
      version: 2,
      archived: false,
    });
    expect(back.body.message).toBe("Catalogue 'Class 12 Physics Booster 2027' was unarchived.");
    expect((await activity(created.catalogueId)).map((a) => a.action)).toEqual([
      'catalogue.create',
      'catalogue.update',
      'catalogue.archive',
      'catalogue.unarchive',
    ]);
  });

  it('keeps subscription ids on update, changes prices in place, and refuses another catalogue’s subscription', async () => {
    const c = (await admin('POST', '/publisher/cataloguemanager/create', newCatalogue('SUB-KEEP'))).body.data;
    const [first] = c.subscriptions;
    const res = await admin('PUT', '/publisher/cataloguemanager/update', {
      catalogueId: c.catalogueId,
      version: c.version,
      subscriptions: [{ ...first, otsList: undefined, version: undefined, price: 549_900 }],
    });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.subscriptions).toMatchObject([
      { subscriptionId: first.subscriptionId, price: 549_900, version: 1 },
    ]);
    const foreign = await admin('PUT', '/publisher/cataloguemanager/update', {
      catalogueId: c.catalogueId,
      version: res.body.data.version,
      subscriptions: [
        {
          subscriptionId: `${LISTED}-sub-1`,
          subscriptionLabel: 'x',
          subscriptionType: 'DURATION',
          price: 1,
          numberOfMonths: 1,
        },
      ],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(`Subscription ${LISTED}-sub-1 does not belong to 'Class 12 Physics Booster'.`);
  });

  it('lets FINANCE change prices, subscriptions and add-on prices, and nothing else', async () => {
    const c = (await admin('GET', `/publisher/cataloguemanager/catalogue/${UNLISTED}`)).body.data;
    const finance = (body: unknown) => as('FINANCE', 'PUT', '/publisher/cataloguemanager/update', body);
    const sub = c.subscriptions[0];
    const priced = await finance({
      catalogueId: UNLISTED,
      version: c.version,
      subscriptions: [
        {
          subscriptionId: sub.subscriptionId,
          subscriptionLabel: sub.subscriptionLabel,
          subscriptionType: sub.subscriptionType,
          price: 249_900,
          numberOfMonths: sub.numberOfMonths,
        },
      ],
      // the whole form may come back unchanged: only real changes count
      catalogueInfo: c.catalogueInfo,
      publishingInfo: c.publishingInfo,
    });
    expect(priced.status, priced.body.message).toBe(200);
    expect(priced.body.data.subscriptions[0].price).toBe(249_900);
    const renamed = await finance({
      catalogueId: UNLISTED,
      version: priced.body.data.version,
      catalogueInfo: { ...c.catalogueInfo, catalogueName: 'Renamed by finance' },
      archived: true,
    });
    expect(renamed.status).toBe(403);
    expect(renamed.body.message).toBe(
      'Finance staff may change only prices, subscriptions and OTS products. These fields are read-only for you: archived, catalogueInfo.',
    );
    const jee = (await admin('GET', `/publisher/cataloguemanager/catalogue/${LISTED}`)).body.data;
    const addOns = jee.addOns.map((a: Record<string, unknown>) => ({ ...a, price: 99_900 }));
    const addOnPrices = await finance({ catalogueId: LISTED, version: jee.version, addOns });
    expect(addOnPrices.status, addOnPrices.body.message).toBe(200);
    expect(addOnPrices.body.data.addOns.map((a: { price: number }) => a.price)).toEqual([99_900, 99_900]);
    const addOnNames = await finance({
      catalogueId: LISTED,
      version: addOnPrices.body.data.version,
      addOns: addOns.map((a: Record<string, unknown>) => ({ ...a, addOnName: 'Free pen' })),
    });
    expect(addOnNames.status).toBe(403);
    expect(addOnNames.body.message).toMatch(/read-only for you: addOns\.$/);
    expect((await as('FINANCE', 'POST', '/publisher/cataloguemanager/create', newCatalogue('FIN-1'))).status).toBe(403);
    expect((await as('FINANCE', 'DELETE', `/publisher/cataloguemanager/catalogue/${UNLISTED}`)).status).toBe(403);
    expect((await as('CONTENT_DEVELOPER', 'GET', '/publisher/cataloguemanager/all')).status).toBe(403);
  });

  it('refuses to delete a store-listed catalogue or one with preview videos, and deletes another with its subscriptions', async () => {
    const listed = await admin('DELETE', `/publisher/cataloguemanager/catalogue/${LISTED}`);
    expect(listed.status).toBe(409);
    expect(listed.body.message).toBe(
      "'JEE Main 2027 Complete Course' is listed in the store as 'JEE Main 2027 Complete Course' and cannot be deleted. Remove its store listing first, or archive it.",
    );
    const filed = (await admin('POST', '/publisher/cataloguemanager/create', newCatalogue('HAS-VIDEOS'))).body.data;
    await t.database.query(
      "INSERT INTO videos (id, catalogue_id, name, storage_key) VALUES ('v-demo-1', $1, 'Demo 1.mp4', 'preview-videos/x/x-Demo1.mp4')",
      [filed.catalogueId],
    );
    const videos = await admin('DELETE', `/publisher/cataloguemanager/catalogue/${filed.catalogueId}`);
    expect(videos.status).toBe(409);
    expect(videos.body.message).toBe(
      "'Class 12 Physics Booster' still has 1 preview video. Move or delete them first, or archive the catalogue.",
    );
    // an unlisted catalogue two students are subscribed to now
    const subscribedCatalogue = await createCatalogue(t);
    for (const student of [await createStudent(t), await createStudent(t)]) {
      await createStudentSubscription(t, { student, catalogue: subscribedCatalogue });
    }
    const taken = { catalogue_id: subscribedCatalogue.id, name: subscribedCatalogue.name };
    const subscribed = await admin('DELETE', `/publisher/cataloguemanager/catalogue/${taken.catalogue_id}`);
    expect(subscribed.status).toBe(409);
    expect(subscribed.body.message).toMatch(
      new RegExp(`^'${taken.name}' has 2 student subscriptions and cannot be deleted\\. Archive it instead\\.$`),
    );
    const c = (await admin('POST', '/publisher/cataloguemanager/create', newCatalogue('DEL-ME'))).body.data;
    const gone = await admin('DELETE', `/publisher/cataloguemanager/catalogue/${c.catalogueId}`);
    expect(gone.status).toBe(200);
    expect(gone.body.message).toBe("Catalogue 'Class 12 Physics Booster' was deleted.");
    expect((await admin('GET', `/publisher/cataloguemanager/catalogue/${c.catalogueId}`)).status).toBe(404);
    const [left] = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM subscriptions WHERE catalogue_id = $1',
      [c.catalogueId],
    );
    expect(left?.n).toBe(0);
    expect((await activity(c.catalogueId)).map((a) => a.action)).toEqual(['catalogue.create', 'catalogue.delete']);
  });

  it('shows the storefront view: category, prices with discount and GST, instructors, totals', async () => {
    const res = await admin('GET', `/publisher/catalogue/catalogueid/cat-cat-quant-2026`);
    expect(res.status).toBe(200);
    const s = res.body.data;
    expect(s).toMatchObject({
      catalogueName: 'CAT 2026 Quantitative Aptitude',
      category: { categoryName: 'Management', subCategory: { subCategoryName: 'CAT' } },
      instructors: [{ instructorName: 'Arjun Menon' }],
      coupons: [],
      tags: ['CAT', 'MBA'],
    });
    expect(s.prices[1]).toEqual({
      subscriptionId: 'cat-cat-quant-2026-sub-2',
      subscriptionLabel: '12 months',
      actualPrice: 1_899_900,
      finalPrice: 1_499_900,
      discount: 400_000,
      discountName: 'Offer price',
      gst: 228_798,
      expire: null,
      fixed: false,
      numberOfMonths: 12,
    });
    expect(s.totalVideos).toBeGreaterThan(0);
    // a banner file the console serves, not a data URL (the contract refuses data: links)
    expect(s.imagePath).toBe('/demo/banners/cat-quant-2026.svg');
    expect(fs.existsSync(new URL(`../../../../web/public${s.imagePath}`, import.meta.url))).toBe(true);
  });

  it('answers 404 for a catalogue that does not exist', async () => {
    for (const path of [
      '/publisher/cataloguemanager/catalogue/nope',
      '/publisher/catalogue/catalogueid/nope',
      '/publisher/catalogue/catalogueid/nope/subjects',
      '/publisher/otsmanager/subscription/catalogueid/nope',
    ]) {
      expect((await admin('GET', path)).status, path).toBe(404);
    }
  });
});

describe('OTS manager API', () => {
  let t: TestContext;
  let finance: string;
  beforeAll(async () => {
    t = await createTestApp();
    finance = await t.sessionFor('FINANCE');
  });
  afterAll(async () => t?.close());
  const as = (method: string, path: string, body?: unknown) =>
    t.call(method, `/api${path}`, { token: finance, role: 'FINANCE', body });

  it('lists catalogues with their subscription and OTS counts', async () => {
    const res = await as('GET', '/publisher/otsmanager/catalogue/all');
    expect(res.status).toBe(200);
    expect(res.body.data.find((c: { catalogueId: string }) => c.catalogueId === 'cat-jee-main-2027')).toEqual({
      catalogueId: 'cat-jee-main-2027',
      catalogueName: 'JEE Main 2027 Complete Course',
      catalogueCode: 'JEE-MAIN-2027',
      archived: false,
      subscriptionCount: 2,
      otsCount: 3,
    });
  });

  it('applies CREATED, UPDATED and DELETED rows in one change, and refuses a stale version', async () => {
    const [sub] = (await as('GET', '/publisher/otsmanager/subscription/catalogueid/cat-jee-main-2027')).body.data;
    expect(sub.otsList.map((o: { productLabel: string }) => o.productLabel)).toEqual([
      'JEE Main 2027 Kit',
      'JEE Main 2027 Mock Pack',
    ]);
    const [kit, mock] = sub.otsList;
    const res = await as('PUT', '/publisher/otsmanager/update', {
      subscriptionId: sub.subscriptionId,
      version: sub.version,
      otsList: [
        { ...kit, productLabel: 'JEE Main 2027 Kit (revised)', status: 'UPDATED' },
        { ...mock, status: 'DELETED' },
        { productLabel: 'JEE Main 2027 Formula Book', packageCode: 'JM27-FB', groupCode: 'JM27', status: 'CREATED' },
      ],
    });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.message).toBe("One-time-sale products of '12 months' were saved.");
    expect(res.body.data.version).toBe(sub.version + 1);
    expect(
      res.body.data.otsList.map((o: { productLabel: string; status: string }) => [o.productLabel, o.status]),
    ).toEqual([
      ['JEE Main 2027 Kit (revised)', 'UPDATED'],
      ['JEE Main 2027 Formula Book', 'CREATED'],
    ]);
    const stale = await as('PUT', '/publisher/otsmanager/update', {
      subscriptionId: sub.subscriptionId,
      version: sub.version,
      otsList: [],
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/Someone else changed this subscription/);
    const [row] = await t.database.query<{ action: string }>(
      "SELECT action FROM activity_log WHERE entity_id = $1 AND action = 'catalogue.ots.update'",
      [sub.subscriptionId],
    );
    expect(row?.action).toBe('catalogue.ots.update');
  });

  it('refuses an OTS row id of another subscription and writes nothing', async () => {
    const subs = (await as('GET', '/publisher/otsmanager/subscription/catalogueid/cat-upsc-prelims-2026')).body.data;
    const other = (await as('GET', '/publisher/otsmanager/subscription/catalogueid/cat-neet-ug-2027')).body.data[0]
      .otsList[0];
    const target = subs[0];
    const res = await as('PUT', '/publisher/otsmanager/update', {
      subscriptionId: target.subscriptionId,
      version: target.version,
      otsList: [
        { productLabel: 'New row', packageCode: 'N1', groupCode: 'G', status: 'CREATED' },
        { ...other, status: 'UPDATED' },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      `Please check the one-time-sale products: otsList.1.otsId: ${other.otsId} is not a product of this subscription.`,
    );
    const after = (await as('GET', '/publisher/otsmanager/subscription/catalogueid/cat-upsc-prelims-2026')).body
      .data[0];
    expect(after.otsList).toEqual(target.otsList);
    expect(after.version).toBe(target.version);
  });

  it("an OTS save leaves the catalogue's version: its editor saves what they opened without a 409", async () => {
    const opened = (await as('GET', '/publisher/cataloguemanager/catalogue/cat-jee-main-2027')).body.data;
    const sub = opened.subscriptions[1];
    // meanwhile the OTS manager adds a product to that subscription
    const ots = await as('PUT', '/publisher/otsmanager/update', {
      subscriptionId: sub.subscriptionId,
      version: sub.version,
      otsList: [
        ...sub.otsList.map((o: object) => ({ ...o, status: 'UPDATED' })),
        { productLabel: 'JEE Main 2027 PYQ Book', packageCode: 'JM27-PYQ', groupCode: 'JM27', status: 'CREATED' },
      ],
    });
    expect(ots.status, ots.body.message).toBe(200);
    // the catalogue's editor changes a price at the version they opened
    const saved = await as('PUT', '/publisher/cataloguemanager/update', {
      catalogueId: 'cat-jee-main-2027',
      version: opened.version,
      subscriptions: opened.subscriptions.map(
        (s: {
          subscriptionId: string;
          subscriptionLabel: string;
          subscriptionType: string;
          price: number;
          numberOfMonths: number | null;
          subscriptionEndDate: string | null;
        }) => ({
          ...(s.subscriptionEndDate ? { subscriptionEndDate: s.subscriptionEndDate } : {}),
          subscriptionId: s.subscriptionId,
          subscriptionLabel: s.subscriptionLabel,
          subscriptionType: s.subscriptionType,
          price: s.subscriptionId === sub.subscriptionId ? 119_900 : s.price,
          numberOfMonths: s.numberOfMonths,
        }),
      ),
    });
    expect(saved.status, saved.body.message).toBe(200);
    const after = saved.body.data.subscriptions.find(
      (s: { subscriptionId: string }) => s.subscriptionId === sub.subscriptionId,
    );
    expect(after.price).toBe(119_900);
    // and the OTS product stays
    expect(after.otsList.map((o: { productLabel: string }) => o.productLabel)).toContain('JEE Main 2027 PYQ Book');
    // the OTS manager's own check is the subscription's version: a stale OTS save is still refused
    const stale = await as('PUT', '/publisher/otsmanager/update', {
      subscriptionId: sub.subscriptionId,
      version: sub.version,
      otsList: [],
    });
    expect(stale.status).toBe(409);
  });

  it('is closed to roles without the publisher pricing area', async () => {
    const dev = await t.sessionFor('CONTENT_DEVELOPER');
    const res = await t.call('GET', '/api/publisher/otsmanager/catalogue/all', {
      token: dev,
      role: 'CONTENT_DEVELOPER',
    });
    expect(res.status).toBe(403);
    expect(DEMO_STAFF.some((s) => s.role === 'FINANCE')).toBe(true);
  });
});
