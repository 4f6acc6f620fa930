import { isSafeLink } from '@lectern/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app';
import type { Database } from './client';
import { loadMigrations, migrate } from './migrate';

const MIGRATION = '0018_safe_links';

/** Links as earlier versions stored them: ours, and the hostile ones the contract now refuses. */
const LINKS = [
  'https://cdn.lectern.in/store-icon/neet.png',
  'HTTPS://images.example.com/a%20b.jpg?w=200#x',
  '/files/public/question-paper/jee-main-2025-jan-s1.pdf',
  '/demo/banners/jee-main-2027.svg',
  'question-paper/neet 2025.pdf',
  'http://localhost:9000/lectern/a.png',
  'javascript:alert(document.cookie)',
  '  JavaScript:alert(1)',
  'data:image/svg+xml,<svg onload=alert(1)>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'http://evil.example/a.png',
  '//evil.example/a.png',
  '/\\evil.example/a.png',
  'https://user:pass@example.com/a.png',
  'java\tscript:alert(1)',
  'https://example.com/a\u202e.png',
  'https://example.com/\u200b.png',
  '/files/../../etc/passwd',
  '../secret.png',
  `https://example.com/${'a'.repeat(2000)}`,
];

/** What the contract takes, as the forms send it (trimmed). */
const keeps = (link: string, absolute = false) => isSafeLink(link.trim(), { absolute });

describe(`migration ${MIGRATION}: clears stored links the link rule refuses`, () => {
  let database: Database;
  let drop: () => Promise<void>;
  const json = (value: unknown) => JSON.stringify(value);

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
    const migrations = loadMigrations();
    expect(migrations.map((m) => m.version)).toContain(MIGRATION);
    await migrate(
      database,
      migrations.filter((m) => m.version < MIGRATION),
    );
    await database.query(
      "INSERT INTO users (id, first_name, email, phone) VALUES ('u-author', 'Asha', 'asha@example.com', '9000000999')",
    );
    for (const [i, link] of LINKS.entries()) {
      await database.query(
        `INSERT INTO catalogues (id, name, code, publisher_logo_link, theme, resources, instructors)
         VALUES ($1, $2, $2, $3, $4::jsonb, $5::jsonb, $6::jsonb)`,
        [
          `c${i}`,
          `Catalogue ${i}`,
          link,
          json({
            colour: '#ffffff',
            images: [
              { imageLink: link, imageSize: 1, catalogueImageType: 'BANNER' },
              { imageLink: '/files/a.png', imageSize: 1, catalogueImageType: 'THUMBNAIL' },
            ],
          }),
          json([
            { name: 'Syllabus', type: 'OTHER', resourceUrl: link, size: 1 },
            { name: 'Planner', type: 'OTHER', resourceUrl: '/files/p.pdf', size: 1 },
          ]),
          json([{ instructorName: 'A', role: '', description: '', photo: link, resume: link }]),
        ],
      );
      await database.query(
        `INSERT INTO store_listings (id, catalogue_id, name, code, slug, store_icon_url, testimonials, preview_videos,
                                     question_papers, seo)
         VALUES ($1, $2, $1, $1, $1, $3, $4::jsonb, $5::jsonb, $6::jsonb, $7::jsonb)`,
        [
          `s${i}`,
          `c${i}`,
          link,
          json([{ firstName: 'Ananya', lastName: '', authorImage: link, description: 'Good', title: '' }]),
          json([{ videoId: 'v1', title: 'Intro', tag: '', thumbnail: link }]),
          json([
            { questionPaperName: 'Paper', questionPaperUrl: link },
            { questionPaperName: 'Kept', questionPaperUrl: '/files/q.pdf' },
          ]),
          json({ title: 'SEO', description: '', keywords: [], ogImage: link }),
        ],
      );
      await database.query(
        `INSERT INTO student_updates (id, update_type, title, audience_kind, created_by_name, updated_by_name, image_url)
         VALUES ($1, 'offers', 'Offer', 'EVERYONE', 'Priya', 'Priya', $2)`,
        [`su${i}`, link],
      );
      await database.query(
        `INSERT INTO live_classes (id, title, class_date, start_time, thumbnail_url, join_url)
         VALUES ($1, 'Class', now(), now(), $2, $2)`,
        [`lc${i}`, link],
      );
      await database.query(
        `INSERT INTO subjects (id, name, image_path, instructors) VALUES ($1, 'Subject', $2, $3::jsonb)`,
        [
          `sub${i}`,
          link,
          json([{ instructorFirstName: 'Meera', instructorLastName: 'Nair', qualification: '', imageLink: link }]),
        ],
      );
      await database.query(`INSERT INTO users (id, first_name, email, phone, image) VALUES ($1, 'Staff', $2, $3, $4)`, [
        `u${i}`,
        `staff${i}@example.com`,
        `90000010${String(i).padStart(2, '0')}`,
        link,
      ]);
    }
    await migrate(database, migrations);
  });
  afterAll(async () => drop?.());

  const one = async <T>(sql: string, id: string) => (await database.query<T>(sql, [id]))[0]!;

  it('has both kinds of link to clear', () => {
    expect(LINKS.filter((link) => keeps(link)).length).toBeGreaterThanOrEqual(5);
    expect(LINKS.filter((link) => !keeps(link)).length).toBeGreaterThanOrEqual(10);
  });

  for (const [i, link] of LINKS.entries()) {
    const label = JSON.stringify(link.slice(0, 50));
    const kept = keeps(link);

    it(`${kept ? 'keeps' : 'clears'} ${label} in every link column and list`, async () => {
      const catalogue = await one<{
        publisher_logo_link: string | null;
        theme: { images: { imageLink: string }[] };
        resources: { resourceUrl: string }[];
        instructors: { photo: string | null; resume: string | null; instructorName: string }[];
      }>('SELECT publisher_logo_link, theme, resources, instructors FROM catalogues WHERE id = $1', `c${i}`);
      expect(catalogue.publisher_logo_link).toBe(kept ? link : null);
      expect(catalogue.theme.images.map((x) => x.imageLink)).toEqual(kept ? [link, '/files/a.png'] : ['/files/a.png']);
      expect(catalogue.resources.map((x) => x.resourceUrl)).toEqual(kept ? [link, '/files/p.pdf'] : ['/files/p.pdf']);
      expect(catalogue.instructors).toEqual([
        { instructorName: 'A', role: '', description: '', photo: kept ? link : null, resume: kept ? link : null },
      ]);

      const listing = await one<{
        store_icon_url: string | null;
        testimonials: { authorImage: string | null; firstName: string }[];
        preview_videos: { thumbnail: string | null }[];
        question_papers: { questionPaperUrl: string }[];
        seo: { ogImage: string | null; title: string };
      }>(
        'SELECT store_icon_url, testimonials, preview_videos, question_papers, seo FROM store_listings WHERE id = $1',
        `s${i}`,
      );
      expect(listing.store_icon_url).toBe(kept ? link : null);
      expect(listing.testimonials).toEqual([
        { firstName: 'Ananya', lastName: '', authorImage: kept ? link : null, description: 'Good', title: '' },
      ]);
      expect(listing.preview_videos).toEqual([
        { videoId: 'v1', title: 'Intro', tag: '', thumbnail: kept ? link : null },
      ]);
      expect(listing.question_papers.map((x) => x.questionPaperUrl)).toEqual(
        kept ? [link, '/files/q.pdf'] : ['/files/q.pdf'],
      );
      expect(listing.seo).toEqual({ title: 'SEO', description: '', keywords: [], ogImage: kept ? link : null });

      const update = await one<{ image_url: string | null }>(
        'SELECT image_url FROM student_updates WHERE id = $1',
        `su${i}`,
      );
      expect(update.image_url).toBe(kept ? link : null);
      const live = await one<{ thumbnail_url: string | null; join_url: string | null }>(
        'SELECT thumbnail_url, join_url FROM live_classes WHERE id = $1',
        `lc${i}`,
      );
      expect(live.thumbnail_url).toBe(kept ? link : null);
      // a meeting link is a web address, never one of our paths or keys
      expect(live.join_url).toBe(keeps(link, true) ? link : null);
      const subject = await one<{ image_path: string | null; instructors: { imageLink: string | null }[] }>(
        'SELECT image_path, instructors FROM subjects WHERE id = $1',
        `sub${i}`,
      );
      expect(subject.image_path).toBe(kept ? link : null);
      expect(subject.instructors[0]!.imageLink).toBe(kept ? link : null);
      const user = await one<{ image: string | null }>('SELECT image FROM users WHERE id = $1', `u${i}`);
      expect(user.image).toBe(kept ? link : null);
    });
  }

  it('leaves no helper function behind', async () => {
    const rows = await database.query("SELECT 1 FROM pg_proc WHERE proname = 'lectern_unsafe_link'");
    expect(rows).toEqual([]);
  });
});
