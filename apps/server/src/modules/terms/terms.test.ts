import crypto from 'node:crypto';
import { isValidGstin, type TermsVersion } from '@lectern/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../db/migrate';
import { createTestApp, createTestDatabase, type TestContext } from '../../test/test-app';
import { TermsRepository } from './terms.repository';
import { TermsService } from './terms.service';

const sha256 = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest('hex');

describe('legal terms API', () => {
  let t: TestContext;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.sessionFor('CONTENT_ADMIN');
  });
  afterAll(async () => t?.close());

  const as = (method: string, path: string, body?: unknown) =>
    t.call(method, path, { token: admin, role: 'CONTENT_ADMIN', body });
  const all = async (): Promise<TermsVersion[]> => (await as('GET', '/api/users/tnc/all')).body.data;
  const latest = async (): Promise<TermsVersion> => (await as('GET', '/api/users/tnc/latest')).body.data;
  const count = async () =>
    (await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM terms_versions'))[0]!.n;
  /** Students holding an acceptance of a version from `from` up to `to`, counted in plain SQL. */
  const accepted = async (from: number, to: number) =>
    (
      await t.database.query<{ n: number }>(
        `SELECT count(DISTINCT a.student_id)::int AS n FROM terms_acceptances a
         JOIN terms_versions v ON v.id = a.terms_version_id WHERE v.version BETWEEN $1 AND $2`,
        [from, to],
      )
    )[0]!.n;

  it('lists the demo versions newest first, with authors, notes, hashes and who accepted them', async () => {
    const versions = await all();
    expect(versions.map((v) => [v.version, v.minorChange, v.latest])).toEqual([
      [4, true, true],
      [3, false, false],
      [2, true, false],
      [1, false, false],
    ]);
    expect(versions.map((v) => v.createdBy)).toEqual([
      'Priya Raghavan',
      'Aarav Mehta',
      'Priya Raghavan',
      'Aarav Mehta',
    ]);
    for (const v of versions) expect(v.textHash).toBe(sha256(v.content));
    // a minor change honours the acceptances since the last major change; a major one only its own
    expect(versions.map((v) => v.acceptanceVersion)).toEqual([3, 3, 1, 1]);
    const [v4, v3, v2, v1] = versions;
    expect(v4!.acceptedCount).toBe(await accepted(3, 4));
    expect(v3!.acceptedCount).toBe(await accepted(3, 3));
    expect(v2!.acceptedCount).toBe(await accepted(1, 2));
    expect(v1!.acceptedCount).toBe(await accepted(1, 1));
    expect(v4!.acceptedCount).toBeGreaterThan(100);
    expect(v1!.acceptedCount).toBeGreaterThan(v4!.acceptedCount);
    expect(await latest()).toEqual(v4);
  });

  it('names the supplier in the demo terms as its invoices do: the same name, address and valid GSTIN', async () => {
    const { supplierName, supplierAddress, supplierGstin } = t.config.invoicing;
    for (const version of await all()) {
      expect(version.content).toContain(`${supplierName}, ${supplierAddress} (GSTIN ${supplierGstin})`);
      const gstins = version.content.match(/\b\d{2}[A-Z]{5}\d{4}[A-Z][0-9A-Z]Z[0-9A-Z]\b/g) ?? [];
      expect(gstins).toEqual([supplierGstin]);
    }
    expect(isValidGstin(supplierGstin)).toBe(true);
  });

  it('saves a new version: sanitised, hashed, with its author, note and an activity row', async () => {
    const before = await latest();
    const res = await as('PUT', '/api/users/tnc/update', {
      content: `${before.content}<h3>7. Holidays</h3><p onclick="steal()">Offices close on Diwali.<script>alert(1)</script></p><a href="javascript:alert(1)">more</a>`,
      changeNote: 'Holiday section added',
      minorChange: false,
      baseVersion: before.version,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('The terms were saved as version 5.');
    const saved: TermsVersion = res.body.data;
    expect(saved).toMatchObject({
      version: 5,
      latest: true,
      minorChange: false,
      changeNote: 'Holiday section added',
      createdBy: 'Priya Raghavan',
      acceptanceVersion: 5,
      acceptedCount: 0,
    });
    expect(saved.content).toContain('<p>Offices close on Diwali.</p>');
    expect(saved.content).not.toMatch(/<script|alert|onclick|javascript:/);
    expect(saved.content).toMatch(/<a>more<\/a>$/);
    expect(saved.textHash).toBe(sha256(saved.content));
    expect(await latest()).toEqual(saved);
    // the older versions stay as they were
    const versions = await all();
    expect(versions.map((v) => v.version)).toEqual([5, 4, 3, 2, 1]);
    expect(versions[1]).toMatchObject({ ...before, latest: false });
    const [row] = await t.database.query<{ action: string; summary: string }>(
      'SELECT action, summary FROM activity_log WHERE entity_id = $1',
      [saved.tncId],
    );
    expect(row).toEqual({ action: 'terms.update', summary: 'Terms version 5: Holiday section added' });
  });

  it('refuses a save started from an older version, the same text again, and empty terms; nothing is written', async () => {
    const current = await latest();
    const n = await count();
    const stale = await as('PUT', '/api/users/tnc/update', {
      content: '<p>Mine</p>',
      changeNote: 'From an old tab',
      baseVersion: current.version - 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(
      'Someone else changed this terms while you were working on it. Reload to see their changes, then try again.',
    );
    const same = await as('PUT', '/api/users/tnc/update', {
      content: current.content,
      changeNote: 'Nothing new',
      baseVersion: current.version,
    });
    expect(same.status).toBe(400);
    expect(same.body.message).toBe(`These terms are the same as version ${current.version}: there is nothing to save.`);
    const empty = await as('PUT', '/api/users/tnc/update', {
      content: '<p> <script>alert(1)</script> </p>',
      changeNote: 'Empty',
      baseVersion: current.version,
    });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('The terms cannot be empty. Write the terms, then save.');
    const noNote = await as('PUT', '/api/users/tnc/update', {
      content: '<p>New</p>',
      changeNote: '  ',
      baseVersion: current.version,
    });
    expect(noNote.status).toBe(400);
    expect(JSON.stringify(noNote.body)).toContain('Say what changed in a change note');
    expect(await count()).toBe(n);
  });

  it('two saves from the same version at once: exactly one is kept, the other is told of the conflict', async () => {
    const current = await latest();
    const save = (who: string) =>
      as('PUT', '/api/users/tnc/update', {
        content: `${current.content}<p>${who}</p>`,
        changeNote: `By ${who}`,
        minorChange: true,
        baseVersion: current.version,
      });
    const answers = await Promise.all([save('first tab'), save('second tab')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await all()).filter((v) => v.version > current.version)).toHaveLength(1);
  });

  it('is for super admins and content admins only', async () => {
    for (const role of ['FINANCE', 'INSTRUCTOR', 'CONTENT_DEVELOPER'] as const) {
      const token = await t.sessionFor(role);
      const res = await t.call('GET', '/api/users/tnc/all', { token, role });
      expect(res.status).toBe(403);
    }
    const superAdmin = await t.sessionFor('SUPER_ADMIN');
    expect((await t.call('GET', '/api/users/tnc/latest', { token: superAdmin, role: 'SUPER_ADMIN' })).status).toBe(200);
  });

  it('keeps versions read-only and acceptances append-only in the database itself', async () => {
    await expect(t.database.query("UPDATE terms_versions SET content = 'changed' WHERE version = 1")).rejects.toThrow(
      /never changed or deleted/,
    );
    await expect(t.database.query('DELETE FROM terms_versions WHERE version = 1')).rejects.toThrow(/never changed/);
    await expect(t.database.query('DELETE FROM terms_acceptances')).rejects.toThrow(/never changed/);
    await expect(t.database.query("UPDATE terms_acceptances SET text_hash = 'x'")).rejects.toThrow(/never changed/);
  });

  it('counts a new acceptance of the latest version, and of an earlier one when only minor changes followed', async () => {
    const repo = new TermsRepository(t.database.db);
    const versions = await all();
    const top = versions[0]!;
    const before = top.acceptedCount;
    const [student] = await t.database.query<{ id: string }>(
      `SELECT s.id FROM students s WHERE NOT EXISTS (SELECT 1 FROM terms_acceptances a WHERE a.student_id = s.id) LIMIT 1`,
    );
    const [row] = await t.database.query<{ id: string; text_hash: string }>(
      'SELECT id, text_hash FROM terms_versions WHERE version = $1',
      [top.acceptanceVersion],
    );
    await repo.accept(t.database.db, student!.id, {
      id: row!.id,
      textHash: row!.text_hash,
    } as Parameters<TermsRepository['accept']>[2]);
    expect((await latest()).acceptedCount).toBe(before + 1);
  });
});

describe('legal terms on an empty database', () => {
  it('has no latest version, and refuses a minor change as the first one', async () => {
    const { database, drop } = await createTestDatabase();
    try {
      await migrate(database);
      await database.query(
        "INSERT INTO users (id, first_name, last_name, email, phone) VALUES ('u1', 'Aarav', 'Mehta', 'a@x.in', '9000000001')",
      );
      const service = new TermsService(database.db, new TermsRepository(database.db));
      const actor = { userId: 'u1', name: 'Aarav Mehta', roles: ['SUPER_ADMIN' as const] };
      expect(await service.latest()).toBeNull();
      expect(await service.all()).toEqual([]);
      await expect(
        service.save(actor, { content: '<p>Terms</p>', changeNote: 'First', minorChange: true, baseVersion: 0 }),
      ).rejects.toThrow('The first version of the terms cannot be a minor change');
      const { terms } = await service.save(actor, {
        content: '<p>Terms</p>',
        changeNote: 'First',
        minorChange: false,
        baseVersion: 0,
      });
      expect(terms).toMatchObject({ version: 1, latest: true, acceptanceVersion: 1, acceptedCount: 0 });
    } finally {
      await drop();
    }
  });
});
