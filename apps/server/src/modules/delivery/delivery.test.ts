import { DELIVERY_MESSAGES, MESSAGES, ROLES, allRoutes, hasPermission, indianDate, type Role } from '@lectern/contract';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogue, createDeliveryPackage, type CatalogueFields, type PackageFields } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { parseCsv } from '../../test/csv';

async function pdfText(pdf: Buffer): Promise<{ pages: number; text: string }> {
  const doc = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, useSystemFonts: false }).promise;
  try {
    const parts: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      for (const item of content.items) if ('str' in item) parts.push(item.str);
    }
    return { pages: doc.numPages, text: parts.join(' ') };
  } finally {
    await doc.destroy();
  }
}

describe('delivery API', () => {
  let t: TestContext;
  const tokens = new Map<Role, string>();
  // The suite's own packages, in a catalogue of its own (the delivered and returned ones in a second):
  // four pending courier packages the processing tests take in turn, one pending package for each test
  // that changes one, and processed, delivered, returned and in-hand ones.
  let course: CatalogueFields;
  let pendingFour: string[];
  let forAddress: PackageFields;
  let forCorrection: PackageFields;
  let waiting: PackageFields;
  let racers: PackageFields[];
  let processedOne: PackageFields;
  let deliveredOne: PackageFields;
  let returnedOne: PackageFields;
  let inHand: PackageFields;
  beforeAll(async () => {
    t = await createTestApp();
    for (const role of ROLES) tokens.set(role, await t.sessionFor(role));
    course = await createCatalogue(t, { printedMaterial: true });
    const other = await createCatalogue(t, { printedMaterial: true });
    const make = (overrides: Parameters<typeof createDeliveryPackage>[1] = {}) =>
      createDeliveryPackage(t, { catalogue: course, ...overrides });
    pendingFour = [];
    for (let n = 0; n < 4; n++) pendingFour.push((await make({ daysAgo: 1 })).id);
    forAddress = await make();
    forCorrection = await make();
    waiting = await make();
    racers = [await make(), await make()];
    processedOne = await make({ status: 'PROCESSED', daysAgo: 5 });
    for (let n = 0; n < 2; n++) await make({ status: 'PROCESSED', daysAgo: 6 });
    inHand = await make({ status: 'PROCESSED', mode: 'IN_HAND', daysAgo: 4 });
    deliveredOne = await createDeliveryPackage(t, { catalogue: other, status: 'DELIVERED', daysAgo: 20 });
    returnedOne = await createDeliveryPackage(t, { catalogue: other, status: 'CANCELLED', daysAgo: 10 });
  });
  afterAll(async () => t?.close());

  const as = (role: Role, method: string, path: string, body?: unknown) =>
    t.call(method, `/api${path}`, { token: tokens.get(role), role, body });
  const finance = (method: string, path: string, body?: unknown) => as('FINANCE', method, path, body);
  const one = async (id: string) => (await finance('GET', `/delivery/delivery/id/${id}`)).body.data;

  it('answers every delivery path for SUPER_ADMIN and FINANCE, and refuses every other role', async () => {
    const routes = allRoutes().filter((r) => r.key.startsWith('delivery.'));
    expect(routes).toHaveLength(10);
    for (const role of ROLES) {
      for (const { def } of routes) {
        const path = def.path
          .replace('{status}', 'PENDING')
          .replace('{packageId}', deliveredOne.id)
          .concat(def.path.endsWith('/labels') ? `?packageIds=${processedOne.id}` : '');
        // a stale version: allowed roles reach the service and get 409, never a change
        const body = def.method === 'GET' ? undefined : { deliveryPackageId: deliveredOne.id, version: 999 };
        const res = await as(role, def.method, path, body);
        if (hasPermission([role], 'commerce')) {
          expect([401, 403], `${role} ${def.method} ${path}`).not.toContain(res.status);
          expect(res.status, `${role} ${def.method} ${path}`).toBeLessThan(500);
        } else {
          expect(res.status, `${role} ${def.method} ${path}`).toBe(403);
          expect(res.body.message).toBe(MESSAGES.unauthorized);
        }
      }
    }
  });

  it('lists by status with search and filters, and one package with its history', async () => {
    const pending = (await finance('GET', '/delivery/delivery/all/PENDING')).body.data as {
      deliveryStatus: string;
      deliveryPackageId: string;
    }[];
    const ours = [...pendingFour, forAddress.id, forCorrection.id, waiting.id, ...racers.map((p) => p.id)];
    expect(pending.map((p) => p.deliveryPackageId)).toEqual(expect.arrayContaining(ours));
    expect(new Set(pending.map((p) => p.deliveryStatus))).toEqual(new Set(['PENDING']));
    const inCourse = (await finance('GET', `/delivery/delivery/all/PENDING?catalogueId=${course.id}`)).body.data as {
      deliveryPackageId: string;
    }[];
    expect(inCourse.map((p) => p.deliveryPackageId).sort()).toEqual([...ours].sort());
    const processed = await one(processedOne.id);
    const tracker = processed.deliveryTrackerList[0];
    expect(tracker.state).toBe('ACTIVE');
    expect(tracker.trackerLink).toContain(encodeURIComponent(tracker.trackingId));
    const found = await finance('GET', `/delivery/delivery/all/ALL?search=${tracker.trackingId.toLowerCase()}`);
    expect(found.body.data.map((p: { deliveryPackageId: string }) => p.deliveryPackageId)).toEqual([processedOne.id]);
    const byName = await finance(
      'GET',
      `/delivery/delivery/all/ALL?search=${encodeURIComponent(processed.studentName)}`,
    );
    expect(byName.body.data.length).toBeGreaterThanOrEqual(1);
    const inCatalogue = await finance(
      'GET',
      `/delivery/delivery/all/PROCESSED?catalogueId=${processed.catalogueId}&deliveryMode=COURIER`,
    );
    for (const p of inCatalogue.body.data)
      expect(p).toMatchObject({ catalogueId: processed.catalogueId, deliveryMode: 'COURIER' });
    // from and to are Indian days of the order, both inclusive
    const day = indianDate(new Date(processed.orderedAt));
    const onDay = await finance('GET', `/delivery/delivery/all/ALL?from=${day}&to=${day}`);
    expect(onDay.body.data.map((p: { deliveryPackageId: string }) => p.deliveryPackageId)).toContain(processedOne.id);
    for (const p of onDay.body.data) expect(indianDate(new Date(p.orderedAt))).toBe(day);
    const dated = await finance('GET', `/delivery/delivery/all/ALL?from=2000-01-01&to=2000-12-31`);
    expect(dated.body.data).toEqual([]);
    expect(await one(processedOne.id)).toMatchObject({ addressHistory: [{ current: true }] });
    const missing = await finance('GET', '/delivery/delivery/id/DP-NOPE');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Package DP-NOPE does not exist.');
    expect((await finance('GET', '/delivery/delivery/all/SHIPPED')).status).toBe(400);
  });

  it('processes many packages in one call: the valid ones go through, each invalid one is listed with why and left as it was', async () => {
    const [a, b, c] = pendingFour;
    const taken = (await one(processedOne.id)).deliveryTrackerList[0].trackingId;
    const before = await one(c!);
    const res = await finance('PUT', '/delivery/delivery/process', {
      packages: [
        { deliveryPackageId: a, courier: { trackingId: 'D70000001' } },
        {
          deliveryPackageId: b,
          courier: { serviceProvider: 'BLUE_DART', trackingId: '50470000002' },
          dispatchType: 'EXPRESS',
        },
        { deliveryPackageId: c, courier: { trackingId: taken } },
        { deliveryPackageId: returnedOne.id, courier: { trackingId: 'D70000003' } },
        { deliveryPackageId: deliveredOne.id, courier: { trackingId: 'D70000004' } },
        { deliveryPackageId: 'DP-NOPE', courier: { trackingId: 'D70000005' } },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('2 packages processed; 4 could not be: see why for each.');
    expect(res.body.data.processed.map((p: { deliveryPackageId: string }) => p.deliveryPackageId)).toEqual([a, b]);
    expect(res.body.data.processed[0]).toMatchObject({
      deliveryStatus: 'PROCESSED',
      deliveryMode: 'COURIER',
      deliveryTrackerList: [
        {
          serviceProvider: 'DTDC',
          trackingId: 'D70000001',
          status: 'BOOKED',
          trackerLink: expect.stringContaining('D70000001'),
        },
      ],
    });
    expect(res.body.data.processed[1]).toMatchObject({ dispatchType: 'EXPRESS' });
    expect(res.body.data.failures).toEqual([
      {
        deliveryPackageId: c,
        name: `${before.studentName} (${c})`,
        reason: `tracking id ${taken} is already used by package ${processedOne.id}.`,
      },
      {
        deliveryPackageId: returnedOne.id,
        name: expect.stringContaining(returnedOne.id),
        reason: DELIVERY_MESSAGES.cancelledNoProcess,
      },
      {
        deliveryPackageId: deliveredOne.id,
        name: expect.any(String),
        reason: DELIVERY_MESSAGES.alreadyDelivered,
      },
      { deliveryPackageId: 'DP-NOPE', name: 'DP-NOPE', reason: DELIVERY_MESSAGES.missing },
    ]);
    // nothing of the failed one was written; an activity row for each one processed
    expect(await one(c!)).toEqual(before);
    const activity = await t.database.query<{ entity_id: string; summary: string }>(
      `SELECT entity_id, summary FROM activity_log WHERE action = 'delivery.process' ORDER BY entity_id`,
    );
    expect(activity.map((r) => r.entity_id)).toEqual([a, b].sort());
    expect(activity.find((r) => r.entity_id === a)?.summary).toBe(
      `Vikram Sethi processed package ${a} (DTDC D70000001)`,
    );
    // again: already processed; a tracking id twice in one selection; an unknown courier
    const again = await finance('PUT', '/delivery/delivery/process', {
      packages: [
        { deliveryPackageId: a, courier: { trackingId: 'D70000009' } },
        { deliveryPackageId: c, courier: { trackingId: 'D70000010' } },
        { deliveryPackageId: pendingFour[3], courier: { trackingId: 'D70000010' } },
      ],
    });
    expect(again.body.data.processed).toEqual([]);
    expect(again.body.message).toBe(DELIVERY_MESSAGES.noneProcessed);
    expect(again.body.data.failures.map((f: { reason: string }) => f.reason)).toEqual([
      DELIVERY_MESSAGES.alreadyProcessed,
      'tracking id D70000010 is given to more than one package in this selection.',
      'tracking id D70000010 is given to more than one package in this selection.',
    ]);
    const unknown = await finance('PUT', '/delivery/delivery/process', {
      packages: [{ deliveryPackageId: c, courier: { serviceProvider: 'FEDEX', trackingId: 'FX1234567' } }],
    });
    expect(unknown.body.data.failures[0].reason).toBe(
      "no tracking address is configured for the courier 'FEDEX' (known: DTDC, BLUE_DART, INDIA_POST).",
    );
    const badId = await finance('PUT', '/delivery/delivery/process', {
      packages: [{ deliveryPackageId: c, courier: { trackingId: 'D1 2' } }],
    });
    expect(badId.status).toBe(400);
  });

  it('processes in hand and for pickup (recipientContactNo is the phone number), and asks for what a mode needs', async () => {
    const [, , c, d] = pendingFour;
    const missing = await finance('PUT', '/delivery/delivery/process', {
      packages: [
        { deliveryPackageId: c, deliveryMode: 'IN_HAND' },
        { deliveryPackageId: d, deliveryMode: 'IN_PERSON', inPersonPickup: { recipientType: 'PARENT_OR_GUARDIAN' } },
        { deliveryPackageId: c, deliveryMode: 'IN_HAND', courier: { trackingId: 'D70000011' } },
      ],
    });
    expect(missing.body.data.failures.map((f: { reason: string }) => f.reason)).toEqual([
      DELIVERY_MESSAGES.inHandNeeded,
      DELIVERY_MESSAGES.pickupNeeded,
      DELIVERY_MESSAGES.packageTwice,
    ]);
    const res = await finance('PUT', '/delivery/delivery/process', {
      packages: [
        {
          deliveryPackageId: c,
          deliveryMode: 'IN_HAND',
          inHandDeliveryDetails: { handDeliveryLocation: 'Kota Centre' },
        },
        {
          deliveryPackageId: d,
          deliveryMode: 'IN_PERSON',
          inPersonPickup: {
            recipientType: 'PARENT_OR_GUARDIAN',
            recipientName: 'Suresh Rao',
            recipientContactNo: '9845012345',
          },
        },
      ],
    });
    expect(res.body.data.failures).toEqual([]);
    expect(res.body.data.processed).toMatchObject([
      {
        deliveryMode: 'IN_HAND',
        inHandDeliveryDetails: { handDeliveryLocation: 'Kota Centre', handDeliveryNotes: '' },
      },
      {
        deliveryMode: 'IN_PERSON',
        inPersonPickup: {
          recipientType: 'PARENT_OR_GUARDIAN',
          recipientName: 'Suresh Rao',
          recipientPhoneNumber: '9845012345',
        },
      },
    ]);
  });

  it('adds and corrects the address of a pending package, keeps the history, and refuses it once processed', async () => {
    const pending = await one(forAddress.id);
    const history = (await one(pending.deliveryPackageId)).addressHistory.length;
    const address = {
      deliveryPackageId: pending.deliveryPackageId,
      version: pending.version,
      addressLine1: '22, 2nd Cross, Jayanagar 4th Block',
      city: 'Bengaluru',
      state: 'Karnataka',
      pin: '560011',
    };
    const added = await finance('POST', '/delivery/delivery/address', address);
    expect(added.status).toBe(200);
    expect(added.body.message).toBe('The address changes have been saved successfully!');
    expect(added.body.data.address).toMatchObject({
      pin: '560011',
      type: 'HOME',
      current: true,
      createdBy: 'Vikram Sethi',
    });
    expect(added.body.data.addressHistory).toHaveLength(history + 1);
    const stale = await finance('POST', '/delivery/delivery/address', address);
    expect(stale.status).toBe(409);
    const badPin = await finance('POST', '/delivery/delivery/address', {
      ...address,
      version: added.body.data.version,
      pin: '056001',
    });
    expect(badPin.status).toBe(400);
    expect(badPin.body.message).toContain('a PIN is 6 digits and does not start with 0');
    const old = added.body.data.addressHistory[1].addressId;
    const notCurrent = await finance('PUT', '/delivery/delivery/address', {
      ...address,
      version: added.body.data.version,
      addressId: old,
    });
    expect(notCurrent.status).toBe(409);
    const changed = await finance('PUT', '/delivery/delivery/address', {
      ...address,
      version: added.body.data.version,
      addressId: added.body.data.address.addressId,
      landMark: 'Near Ashoka Pillar',
    });
    expect(changed.body.data.address.landMark).toBe('Near Ashoka Pillar');
    expect(changed.body.data.addressHistory).toHaveLength(history + 2);
    const processed = await one(processedOne.id);
    const refused = await finance('POST', '/delivery/delivery/address', {
      ...address,
      deliveryPackageId: processed.deliveryPackageId,
      version: processed.version,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `Package ${processed.deliveryPackageId} cannot be changed: its address cannot change once it is processed.`,
    );
  });

  it('a correction (PUT) keeps what it leaves out: the type, line 2, landmark and preferred flag', async () => {
    const pending = await one(forCorrection.id);
    const added = await finance('POST', '/delivery/delivery/address', {
      deliveryPackageId: pending.deliveryPackageId,
      version: pending.version,
      type: 'WORK',
      addressLine1: 'Floor 3, Prestige Tech Park',
      addressLine2: 'Marathahalli-Sarjapur Outer Ring Road',
      landMark: 'Opposite Ecospace',
      city: 'Bengaluru',
      state: 'Karnataka',
      pin: '560103',
      preferredAddress: false,
    });
    expect(added.status).toBe(200);
    // the courier's corrected PIN, sent without the fields that have defaults on POST
    const changed = await finance('PUT', '/delivery/delivery/address', {
      deliveryPackageId: pending.deliveryPackageId,
      version: added.body.data.version,
      addressId: added.body.data.address.addressId,
      addressLine1: 'Floor 3, Prestige Tech Park',
      city: 'Bengaluru',
      state: 'Karnataka',
      pin: '560087',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data.address).toMatchObject({
      type: 'WORK',
      addressLine2: 'Marathahalli-Sarjapur Outer Ring Road',
      landMark: 'Opposite Ecospace',
      preferredAddress: false,
      pin: '560087',
    });
    // a field sent is taken
    const home = await finance('PUT', '/delivery/delivery/address', {
      deliveryPackageId: pending.deliveryPackageId,
      version: changed.body.data.version,
      addressId: changed.body.data.address.addressId,
      type: 'HOME',
      addressLine1: 'Floor 3, Prestige Tech Park',
      landMark: '',
      city: 'Bengaluru',
      state: 'Karnataka',
      pin: '560087',
    });
    expect(home.body.data.address).toMatchObject({ type: 'HOME', landMark: '', preferredAddress: false });
  });

  it("updates order data and the courier's status, marks delivered, and refuses changes after", async () => {
    const [a] = pendingFour;
    let pkg = await one(a!);
    const notes = await finance('PUT', '/delivery/delivery/update', {
      action: 'ORDER_DATA',
      deliveryPackageId: a,
      version: pkg.version,
      dispatchType: 'EXPRESS',
      trackerNotes: '1 box, 2 kg',
    });
    expect(notes.body.data).toMatchObject({ dispatchType: 'EXPRESS', deliveryTrackerList: [{ notes: '1 box, 2 kg' }] });
    pkg = notes.body.data;
    const moving = await finance('PUT', '/delivery/delivery/update', {
      action: 'TRACKER_STATUS',
      deliveryPackageId: a,
      version: pkg.version,
      status: 'IN_TRANSIT',
    });
    expect(moving.body.data).toMatchObject({
      deliveryStatus: 'PROCESSED',
      deliveryTrackerList: [{ status: 'IN_TRANSIT' }],
    });
    const delivered = await finance('PUT', '/delivery/delivery/update', {
      action: 'TRACKER_STATUS',
      deliveryPackageId: a,
      version: moving.body.data.version,
      status: 'DELIVERED',
    });
    expect(delivered.body.message).toBe(`Package ${a} is marked delivered.`);
    expect(delivered.body.data).toMatchObject({ deliveryStatus: 'DELIVERED', deliveredAt: expect.any(String) });
    const after = await finance('PUT', '/delivery/delivery/update', {
      action: 'DELIVERED',
      deliveryPackageId: a,
      version: delivered.body.data.version,
    });
    expect(after.status).toBe(409);
    expect(after.body.message).toBe(`Package ${a} cannot be changed: it is already delivered.`);
    const notYet = await finance('PUT', '/delivery/delivery/update', {
      action: 'DELIVERED',
      deliveryPackageId: waiting.id,
      version: (await one(waiting.id)).version,
    });
    expect(notYet.status).toBe(409);
    expect(notYet.body.message).toBe(`Package ${waiting.id} cannot be changed: it has not been processed yet.`);
  });

  it('gives a tracking id to exactly one of two selections racing for it', async () => {
    const [x, y] = racers.map((p) => p.id);
    const [first, second] = await Promise.all(
      [x, y].map((id) =>
        finance('PUT', '/delivery/delivery/process', {
          packages: [{ deliveryPackageId: id, courier: { trackingId: 'D79999999' } }],
        }),
      ),
    );
    const won = [first!, second!].filter((r) => r.status === 200 && r.body.data.processed.length === 1);
    expect(won).toHaveLength(1);
    const lost = [first!, second!].find((r) => r !== won[0])!;
    // PostgreSQL: the unique index refuses the loser's insert (409, nothing written); PGlite runs one after the other
    if (lost.status === 409) expect(lost.body.message).toBe(DELIVERY_MESSAGES.trackingIdRace);
    else expect(lost.body.data.failures[0].reason).toMatch(/^tracking id D79999999 is already used by package DP-/);
    const [row] = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM delivery_trackers WHERE tracking_id = 'D79999999'`,
    );
    expect(row!.n).toBe(1);
    const statuses = await Promise.all([x!, y!].map(async (id) => (await one(id)).deliveryStatus));
    expect(statuses.sort()).toEqual(['PENDING', 'PROCESSED']);
  });

  it('marks a processed package delivered at a time between its processing and now', async () => {
    const processed = await one(inHand.id);
    const send = (deliveredAt: string) =>
      finance('PUT', '/delivery/delivery/update', {
        action: 'DELIVERED',
        deliveryPackageId: processed.deliveryPackageId,
        version: processed.version,
        deliveredAt,
      });
    const future = await send(new Date(Date.now() + 86_400_000).toISOString());
    expect([future.status, future.body.message]).toEqual([400, DELIVERY_MESSAGES.deliveredInFuture]);
    const early = await send(new Date(Date.parse(processed.processedAt) - 60_000).toISOString());
    expect([early.status, early.body.message]).toEqual([
      400,
      `Package ${processed.deliveryPackageId} cannot be delivered before it was processed.`,
    ]);
    const at = new Date(Date.parse(processed.processedAt) + 60_000).toISOString();
    const done = await send(at);
    expect(done.body.data).toMatchObject({ deliveryStatus: 'DELIVERED', deliveredAt: at });
  });

  it('cancels with a type and description, records the return of a processed courier package, and never cancels a delivered one', async () => {
    const [, b] = pendingFour;
    const pkg = await one(b!);
    const res = await finance('PUT', '/delivery/delivery/cancel', {
      deliveryPackageId: b,
      version: pkg.version,
      cancellationRequestType: 'STUDENT_REQUEST',
      description: 'Student moved to the classroom programme',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('The Order has been cancelled successfully!');
    const tracker = res.body.data.deliveryTrackerList[0];
    expect(res.body.data).toMatchObject({
      deliveryStatus: 'CANCELLED',
      cancellation: {
        cancellationRequestType: 'STUDENT_REQUEST',
        cancelledFrom: 'PROCESSED',
        returnTrackerId: tracker.trackerId,
      },
    });
    expect(tracker.status).toBe('RETURN_IN_TRANSIT');
    const back = await finance('PUT', '/delivery/delivery/update', {
      action: 'TRACKER_STATUS',
      deliveryPackageId: b,
      version: res.body.data.version,
      status: 'RETURNED',
    });
    expect(back.body.data.deliveryTrackerList[0].status).toBe('RETURNED');
    const delivered = await one(deliveredOne.id);
    const refused = await finance('PUT', '/delivery/delivery/cancel', {
      deliveryPackageId: deliveredOne.id,
      version: delivered.version,
      cancellationRequestType: 'OTHER',
      description: 'test',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `Package ${deliveredOne.id} cannot be changed: it is delivered and cannot be cancelled.`,
    );
    expect(await one(deliveredOne.id)).toEqual(delivered);
    const noReason = await finance('PUT', '/delivery/delivery/cancel', {
      deliveryPackageId: pendingFour[3],
      version: 0,
      cancellationRequestType: 'OTHER',
      description: ' ',
    });
    expect(noReason.status).toBe(400);
  });

  it("counts each catalogue's packages per status, adding up to the whole list", async () => {
    const all = (await finance('GET', '/delivery/delivery/all/ALL')).body.data as { deliveryStatus: string }[];
    const catalogues = (await finance('GET', '/delivery/delivery/catalogues')).body.data as {
      counts: Record<string, number>;
      total: number;
    }[];
    expect(catalogues.length).toBeGreaterThan(1);
    expect(catalogues.reduce((n, c) => n + c.total, 0)).toBe(all.length);
    for (const status of ['PENDING', 'PROCESSED', 'DELIVERED', 'CANCELLED']) {
      expect(catalogues.reduce((n, c) => n + c.counts[status]!, 0)).toBe(
        all.filter((p) => p.deliveryStatus === status).length,
      );
    }
  });

  it('prints one PDF with a label (tracking id barcode) and a packing slip per processed package', async () => {
    const processed = (
      await finance('GET', `/delivery/delivery/all/PROCESSED?deliveryMode=COURIER&catalogueId=${course.id}`)
    ).body.data.slice(0, 3) as {
      deliveryPackageId: string;
      studentName: string;
      deliveryTrackerList: { trackingId: string }[];
    }[];
    const ids = processed.map((p) => p.deliveryPackageId);
    const path = '/api/delivery/delivery/labels';
    const res = await t.app.inject({
      method: 'GET',
      url: `${path}?packageIds=${ids.join(',')}`,
      headers: {
        authorization: tokens.get('FINANCE')!,
        'x-user-info': 'FINANCE',
        'x-signature': await t.signer('GET', path),
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const { pages, text } = await pdfText(res.rawPayload);
    expect(pages).toBe(6);
    for (const p of processed) {
      expect(text).toContain(p.deliveryTrackerList[0]!.trackingId);
      expect(text).toContain(p.studentName);
      expect(text).toContain(`Package ${p.deliveryPackageId}`);
    }
    expect(text).toContain('PACKING SLIP');
    expect(text).toContain('SHIP TO');
    const pending = await finance('GET', `/delivery/delivery/labels?packageIds=${ids[0]},${waiting.id}`);
    expect(pending.status).toBe(409);
    expect(pending.body.message).toBe(`Labels are printed for processed packages only; not processed: ${waiting.id}.`);
    expect((await finance('GET', '/delivery/delivery/labels?packageIds=DP-NOPE')).status).toBe(404);
  });

  it("exports the list as CSV for the courier's bulk booking, and it parses back", async () => {
    const list = (await finance('GET', '/delivery/delivery/all/PENDING')).body.data as {
      deliveryPackageId: string;
      studentName: string;
      address: { addressLine1: string; pin: string };
    }[];
    const res = await finance('GET', '/delivery/delivery/export/PENDING');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(res.headers['content-disposition'])).toMatch(
      /^attachment; filename="delivery-pending-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parseCsv(res.body as string);
    const [heading, ...data] = rows;
    expect(heading).toEqual(
      expect.arrayContaining(['Package ID', 'Consignee Name', 'Mobile', 'Address Line 1', 'PIN', 'Tracking ID']),
    );
    expect(data).toHaveLength(list.length);
    const col = (name: string) => heading!.indexOf(name);
    list.forEach((p, n) => {
      expect(data[n]![col('Package ID')]).toBe(p.deliveryPackageId);
      expect(data[n]![col('Consignee Name')]).toBe(p.studentName);
      expect(data[n]![col('Address Line 1')]).toBe(p.address.addressLine1);
      expect(data[n]![col('PIN')]).toBe(p.address.pin);
    });
    const filtered = await finance('GET', `/delivery/delivery/export/ALL?search=${list[0]!.deliveryPackageId}`);
    expect(parseCsv(filtered.body as string)).toHaveLength(2);
  });
});
