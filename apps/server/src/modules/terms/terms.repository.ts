import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { termsAcceptances, termsVersions, users } from '../../db/schema';

export type TermsVersionRow = typeof termsVersions.$inferSelect;

/** A version with the students whose acceptance covers it. */
export type TermsVersionRead = TermsVersionRow & { acceptanceVersion: number; acceptedCount: number };

/**
 * Each version with the version whose acceptance it honours (itself when it is a major change, else
 * the last major change before it; the first version is always major) and how many students accepted
 * a version from that one up to it.
 */
const READ = sql`
  WITH v AS (
    SELECT t.*, (SELECT max(m.version) FROM terms_versions m
                 WHERE m.version <= t.version AND (NOT m.minor_change OR m.version = 1)) AS acceptance_version
    FROM terms_versions t
  )
  SELECT v.id, v.version, v.content, v.text_hash AS "textHash", v.change_note AS "changeNote",
    v.minor_change AS "minorChange", v.created_by AS "createdBy", v.created_by_name AS "createdByName",
    v.created_at AS "createdAt", v.acceptance_version AS "acceptanceVersion",
    (SELECT count(DISTINCT a.student_id)::int FROM terms_acceptances a JOIN terms_versions av ON av.id = a.terms_version_id
     WHERE av.version BETWEEN v.acceptance_version AND v.version) AS "acceptedCount"
  FROM v`;

/** Legal terms: versions (never changed) and students' acceptances (append-only). */
export class TermsRepository {
  constructor(private readonly db: Db) {}

  private async read(tail: ReturnType<typeof sql>): Promise<TermsVersionRead[]> {
    const result = await this.db.execute(sql`${READ} ${tail}`);
    // Both drivers (PGlite and node-postgres) answer with `rows`; a timestamptz may come back as text.
    const rows = (result as unknown as { rows: (TermsVersionRead & { createdAt: Date | string })[] }).rows;
    return rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt) }));
  }

  async all(): Promise<TermsVersionRead[]> {
    return this.read(sql`ORDER BY v.version DESC`);
  }

  async latest(): Promise<TermsVersionRead | null> {
    return (await this.read(sql`ORDER BY v.version DESC LIMIT 1`))[0] ?? null;
  }

  /** The latest version, locked until the saving transaction ends (null before the first save). */
  async lockLatest(tx: Db): Promise<TermsVersionRow | null> {
    const [row] = await tx.select().from(termsVersions).orderBy(desc(termsVersions.version)).limit(1).for('update');
    return row ?? null;
  }

  async insert(tx: Db, values: typeof termsVersions.$inferInsert): Promise<void> {
    await tx.insert(termsVersions).values(values);
  }

  async userName(tx: Db, userId: string): Promise<string | null> {
    const [row] = await tx
      .select({ first: users.firstName, last: users.lastName })
      .from(users)
      .where(eq(users.id, userId));
    return row ? `${row.first} ${row.last}`.trim() : null;
  }

  /** Records a student's acceptance of a version, with the hash of the text they accepted. */
  async accept(tx: Db, studentId: string, version: TermsVersionRow, at = new Date()): Promise<void> {
    await tx
      .insert(termsAcceptances)
      .values({ studentId, termsVersionId: version.id, textHash: version.textHash, acceptedAt: at });
  }
}
