import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app';

describe('transcoding lists: times', () => {
  let ctx: TestContext;
  let admin: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await ctx.sessionFor('SUPER_ADMIN');
  });
  afterAll(async () => ctx?.close());

  it("gives a row's upload date and time in India time (DD-MM-YYYY, 12-hour), whatever the server's zone", async () => {
    const videoId = crypto.randomUUID();
    // 20:43 UTC on 27 November is 2:13 AM on 28 November in India
    await ctx.database.query(
      `INSERT INTO videos (id, subject_id, name, storage_key, size, uploaded_by, uploaded_at)
       VALUES ($1, 'subj-organic-chemistry', 'Late Night Lecture.mp4', $2, 1000, 'Test Uploader', '2026-11-27T20:43:00Z')`,
      [videoId, `subjects/subj-organic-chemistry/${videoId}-LateNightLecture.mp4`],
    );
    const res = await ctx.call('GET', '/api/file-explorer-service/cloud/videos/to-be-transcoded/new?environment=test', {
      token: admin,
    });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    const row = (res.body.data.Jobs as { videoId: string; uploadDate: string; uploadTime: string }[]).find(
      (r) => r.videoId === videoId,
    );
    expect(row).toMatchObject({ uploadDate: '28-11-2026', uploadTime: '2:13 AM' });
  });
});
