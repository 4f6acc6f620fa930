import { MESSAGES } from '@lectern/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StorageError } from '../storage/storage';
import { createTestApp, type TestContext } from '../test/test-app';

// A full disk must read as a full disk (DESIGN §1): health answers 503 naming the part that cannot
// write, and requests that cannot be stored answer 507 with a message that says so, never a bare
// 500. The database's failures are injected with triggers that raise PostgreSQL's own disk_full
// error (SQLSTATE 53100, the text PGlite and PostgreSQL print), so they travel the real stack.

const DISK_FULL = `
  CREATE OR REPLACE FUNCTION lectern_disk_full() RETURNS trigger AS $$
  BEGIN
    RAISE EXCEPTION 'could not extend file "base/5/16384": No space left on device' USING ERRCODE = '53100';
  END $$ LANGUAGE plpgsql`;

async function fillDisk(t: TestContext, table: string): Promise<void> {
  await t.database.exec(
    `${DISK_FULL}; CREATE TRIGGER disk_full_${table} BEFORE INSERT OR UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION lectern_disk_full()`,
  );
}

async function freeDisk(t: TestContext, table: string): Promise<void> {
  await t.database.exec(`DROP TRIGGER IF EXISTS disk_full_${table} ON ${table}`);
}

describe('a full disk', () => {
  let t: TestContext;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.sessionFor('SUPER_ADMIN');
  });
  afterAll(async () => t?.close());

  it('makes health answer 503 with the database named, and 200 again once there is room', async () => {
    expect((await t.call('GET', '/api/health', { signature: false })).status).toBe(200);
    await fillDisk(t, 'health_probes');
    try {
      const full = await t.call('GET', '/api/health', { signature: false });
      expect(full.status).toBe(503);
      expect(full.body.data).toMatchObject({ status: 'degraded', database: 'full', storage: 'ok' });
    } finally {
      await freeDisk(t, 'health_probes');
    }
    const again = await t.call('GET', '/api/health', { signature: false });
    expect(again.status).toBe(200);
    expect(again.body.data.database).toBe('ok');
  });

  it('answers every signed request 507 while the signature cannot be recorded, and recovers without a restart', async () => {
    await fillDisk(t, 'signature_nonces');
    try {
      const refused = await t.call('GET', '/api/users/role/all', { token: admin, role: 'SUPER_ADMIN' });
      expect(refused.status).toBe(507);
      expect(refused.body).toEqual({ error: true, message: MESSAGES.outOfSpace });
    } finally {
      await freeDisk(t, 'signature_nonces');
    }
    expect((await t.call('GET', '/api/users/role/all', { token: admin, role: 'SUPER_ADMIN' })).status).toBe(200);
  });

  it("answers a change 507 rather than the domain's 500, and stores none of it", async () => {
    const [subject] = await t.database.query<{ id: string; version: number; units: number }>(
      `SELECT s.id, s.version, (SELECT count(*)::int FROM units u WHERE u.subject_id = s.id) AS units
         FROM subjects s WHERE s.subject_state = 'IN_PROGRESS' ORDER BY s.id LIMIT 1`,
    );
    await fillDisk(t, 'activity_log');
    try {
      const res = await t.call('PUT', '/api/subjects/unit/create', {
        token: admin,
        role: 'SUPER_ADMIN',
        body: { subjectId: subject!.id, version: subject!.version, unitName: 'Written to a full disk' },
      });
      expect(res.status).toBe(507);
      expect(res.body.message).toBe(MESSAGES.outOfSpace);
    } finally {
      await freeDisk(t, 'activity_log');
    }
    const [after] = await t.database.query<{ version: number; units: number }>(
      'SELECT version, (SELECT count(*)::int FROM units WHERE subject_id = $1) AS units FROM subjects WHERE id = $1',
      [subject!.id],
    );
    expect(after).toEqual({ version: subject!.version, units: subject!.units });
  });

  it('answers an upload that meets a full disk 507', async () => {
    const driver = t.app.storage.driver as unknown as { acceptUpload: (...args: unknown[]) => Promise<unknown> };
    const accept = driver.acceptUpload;
    driver.acceptUpload = async () => {
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28 });
    };
    try {
      const res = await t.app.inject({ method: 'PUT', url: '/files/upload?token=any', payload: Buffer.alloc(16) });
      expect(res.statusCode).toBe(507);
      expect(res.json()).toEqual({ error: true, message: MESSAGES.outOfSpace });
    } finally {
      driver.acceptUpload = accept;
    }
    // Other storage failures keep their own answers.
    driver.acceptUpload = async () => {
      throw new StorageError('InvalidToken', 'bad token');
    };
    try {
      expect((await t.app.inject({ method: 'PUT', url: '/files/upload?token=any', payload: '' })).statusCode).toBe(403);
    } finally {
      driver.acceptUpload = accept;
    }
  });
});

describe('a local disk with too little room left', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
    // No disk has this much room: the local driver's free-space check reports it full.
    t.config.storage.minFreeBytes = Number.MAX_SAFE_INTEGER;
    (t.app.storage.driver as unknown as { options: { minFreeBytes: number } }).options.minFreeBytes =
      Number.MAX_SAFE_INTEGER;
  });
  afterAll(async () => t?.close());

  it('makes health answer 503 with storage named full', async () => {
    const res = await t.call('GET', '/api/health', { signature: false });
    expect(res.status).toBe(503);
    expect(res.body.data.storage).toBe('full');
  });
});
