import crypto from 'node:crypto';
import type { SubscriptionInput } from '@lectern/contract';
import { and, asc, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import {
  addOns,
  catalogueSubjects,
  catalogues,
  categories,
  otsProducts,
  storeListings,
  studentSubscriptions,
  subCategories,
  subjects,
  subscriptions,
  videos,
} from '../../db/schema';
import { num } from '../../db/raw-row';
import { SUBJECT_TOTALS, catalogueFromRaw, subjectTotalsFromRaw } from './catalogue-raw-rows';

export type CatalogueRow = typeof catalogues.$inferSelect;
type CatalogueInsert = typeof catalogues.$inferInsert;
/** What a change may set on a catalogue row (not its id, version or bookkeeping). */
export type CatalogueChanges = Partial<Omit<CatalogueInsert, 'id' | 'version' | 'createdAt' | 'updatedAt'>>;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type OtsRow = typeof otsProducts.$inferSelect;
export type AddOnRow = typeof addOns.$inferSelect;

/** A subject's derived totals (spec 1 §3 rules, as computeTotals counts them), in seconds. */
export interface SubjectTotalsRow {
  subjectId: string;
  subjectName: string;
  subjectState: string;
  imagePath: string | null;
  duration: number;
  trialVideoDuration: number;
  trialSubTopics: number;
  videos: number;
}

export interface CatalogueListRow {
  catalogue: CatalogueRow;
  duration: number;
  trialVideoDuration: number;
  trialSubTopics: number;
  videos: number;
  subjects: { subjectId: string; subjectName: string }[];
  subscriptionCount: number;
  lowestPrice: number | null;
  /** students with a subscription that is neither cancelled nor ended */
  recipients: number;
  storeListingId: string | null;
  storeListingName: string | null;
  storeListingSlug: string | null;
}

export interface StoreLinkRow {
  storeListingId: string;
  storeListingName: string;
  slug: string;
  categoryId: string | null;
  categoryName: string | null;
  subCategoryId: string | null;
  subCategoryName: string | null;
}

/** Catalogues, their subjects, subscriptions and add-ons. The OTS manager's SQL is ots.repository.ts. */
export class CataloguesRepository {
  constructor(private readonly database: Database) {}

  private get db(): Db {
    return this.database.db;
  }

  /** Every catalogue with its derived totals, subjects, subscriptions and store link, in one query. */
  async list(filter: { archived?: boolean; ids?: string[] } = {}): Promise<CatalogueListRow[]> {
    const params: unknown[] = [];
    const where: string[] = [];
    if (filter.archived !== undefined) {
      params.push(filter.archived);
      where.push(`c.archived = $${params.length}`);
    }
    // one catalogue (details, storefront) totals only its own subjects, not every catalogue's
    let links = 'catalogue_subjects';
    // and counts only its own plans and students, not every catalogue's (600,000 subscriptions in the large seed)
    let running = '';
    let priced = '';
    if (filter.ids) {
      params.push(filter.ids);
      where.push(`c.id = ANY($${params.length}::text[])`);
      links = `(SELECT * FROM catalogue_subjects WHERE catalogue_id = ANY($${params.length}::text[]))`;
      running = `catalogue_id = ANY($${params.length}::text[]) AND`;
      priced = `WHERE catalogue_id = ANY($${params.length}::text[])`;
    }
    const rows = await this.database.query(
      `WITH subject_totals AS (${SUBJECT_TOTALS(`st.subject_id IN (SELECT subject_id FROM ${links} l)`)}),
      catalogue_totals AS (
        SELECT cs.catalogue_id,
          coalesce(sum(stt.duration), 0)::float8 AS duration,
          coalesce(sum(stt.trial_duration), 0)::float8 AS trial_duration,
          coalesce(sum(stt.trial_subtopics), 0)::int AS trial_subtopics,
          coalesce(sum(stt.videos), 0)::int AS videos,
          json_agg(json_build_object('subjectId', s.id, 'subjectName', s.name) ORDER BY cs.position) AS subjects
        FROM ${links} cs
        JOIN subjects s ON s.id = cs.subject_id
        LEFT JOIN subject_totals stt ON stt.subject_id = cs.subject_id
        GROUP BY cs.catalogue_id
      ),
      prices AS (
        SELECT catalogue_id, count(*)::int AS n, min(price)::bigint AS lowest FROM subscriptions ${priced} GROUP BY catalogue_id
      ),
      recipients AS (
        SELECT catalogue_id, count(DISTINCT student_id)::int AS n FROM student_subscriptions
        WHERE ${running} NOT cancelled AND end_date >= (now() AT TIME ZONE 'Asia/Kolkata')::date GROUP BY catalogue_id
      )
      SELECT c.*, ct.duration, ct.trial_duration, ct.trial_subtopics, ct.videos, ct.subjects,
        p.n AS subscription_count, p.lowest AS lowest_price, r.n AS recipients,
        sl.id AS store_listing_id, CASE WHEN sl.same_name_as_catalogue THEN c.name ELSE sl.name END AS store_listing_name, sl.slug AS store_listing_slug
      FROM catalogues c
      LEFT JOIN catalogue_totals ct ON ct.catalogue_id = c.id
      LEFT JOIN prices p ON p.catalogue_id = c.id
      LEFT JOIN recipients r ON r.catalogue_id = c.id
      LEFT JOIN store_listings sl ON sl.catalogue_id = c.id
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY c.name, c.id`,
      params,
    );
    return rows.map((r) => ({
      catalogue: catalogueFromRaw(r),
      duration: num(r.duration),
      trialVideoDuration: num(r.trial_duration),
      trialSubTopics: num(r.trial_subtopics),
      videos: num(r.videos),
      subjects: (r.subjects as { subjectId: string; subjectName: string }[] | null) ?? [],
      subscriptionCount: num(r.subscription_count),
      recipients: num(r.recipients),
      lowestPrice: r.lowest_price === null || r.lowest_price === undefined ? null : num(r.lowest_price),
      storeListingId: (r.store_listing_id as string | null) ?? null,
      storeListingName: (r.store_listing_name as string | null) ?? null,
      storeListingSlug: (r.store_listing_slug as string | null) ?? null,
    }));
  }

  async byId(id: string, db: Db = this.db): Promise<CatalogueRow | null> {
    const [row] = await db.select().from(catalogues).where(eq(catalogues.id, id));
    return row ?? null;
  }

  /** The subjects of a catalogue, in order, with their totals. */
  async subjectsOf(catalogueId: string): Promise<SubjectTotalsRow[]> {
    const rows = await this.database.query(
      `WITH subject_totals AS (${SUBJECT_TOTALS('st.subject_id IN (SELECT subject_id FROM catalogue_subjects WHERE catalogue_id = $1)')})
       SELECT s.id, s.name, s.subject_state, s.image_path, stt.duration, stt.trial_duration, stt.trial_subtopics, stt.videos
       FROM catalogue_subjects cs JOIN subjects s ON s.id = cs.subject_id
       LEFT JOIN subject_totals stt ON stt.subject_id = s.id
       WHERE cs.catalogue_id = $1 ORDER BY cs.position`,
      [catalogueId],
    );
    return rows.map(subjectTotalsFromRaw);
  }

  /** PUBLISHED subjects with their totals: what a catalogue may take. */
  async publishedSubjects(): Promise<SubjectTotalsRow[]> {
    const rows = await this.database.query(
      `WITH subject_totals AS (${SUBJECT_TOTALS(`st.subject_id IN (SELECT id FROM subjects WHERE subject_state = 'PUBLISHED')`)})
       SELECT s.id, s.name, s.subject_state, s.image_path, stt.duration, stt.trial_duration, stt.trial_subtopics, stt.videos
       FROM subjects s LEFT JOIN subject_totals stt ON stt.subject_id = s.id
       WHERE s.subject_state = 'PUBLISHED' ORDER BY s.name, s.id`,
    );
    return rows.map(subjectTotalsFromRaw);
  }

  /** Names and states of the given subjects (to refuse unpublished ones). */
  async subjectStates(tx: Db, ids: string[]): Promise<{ id: string; name: string; subjectState: string }[]> {
    if (ids.length === 0) return [];
    return tx
      .select({ id: subjects.id, name: subjects.name, subjectState: subjects.subjectState })
      .from(subjects)
      .where(inArray(subjects.id, ids));
  }

  async subscriptionsOf(catalogueId: string, db: Db = this.db): Promise<{ sub: SubscriptionRow; ots: OtsRow[] }[]> {
    const subs = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.catalogueId, catalogueId))
      .orderBy(asc(subscriptions.position));
    if (subs.length === 0) return [];
    const ots = await db
      .select()
      .from(otsProducts)
      .where(
        inArray(
          otsProducts.subscriptionId,
          subs.map((s) => s.id),
        ),
      )
      .orderBy(asc(otsProducts.position), asc(otsProducts.createdAt));
    return subs.map((sub) => ({ sub, ots: ots.filter((o) => o.subscriptionId === sub.id) }));
  }

  async addOnsOf(catalogueId: string, db: Db = this.db): Promise<AddOnRow[]> {
    return db.select().from(addOns).where(eq(addOns.catalogueId, catalogueId)).orderBy(asc(addOns.position));
  }

  /** The catalogue's store listing with its category, when it is listed. */
  async storeLink(catalogueId: string, db: Db = this.db): Promise<StoreLinkRow | null> {
    const [row] = await db
      .select({
        storeListingId: storeListings.id,
        storeListingName: storeListings.name,
        slug: storeListings.slug,
        categoryId: categories.id,
        categoryName: categories.name,
        subCategoryId: subCategories.id,
        subCategoryName: subCategories.name,
      })
      .from(storeListings)
      .leftJoin(categories, eq(categories.id, storeListings.categoryId))
      .leftJoin(subCategories, eq(subCategories.id, storeListings.subCategoryId))
      .where(eq(storeListings.catalogueId, catalogueId));
    return row ?? null;
  }

  /** Preview videos (a catalogue's, not a subject's) among `ids`, with their subject-less names. */
  async previewVideos(ids: string[], db: Db = this.db) {
    if (ids.length === 0) return [];
    return db
      .select()
      .from(videos)
      .where(and(inArray(videos.id, ids), isNotNull(videos.catalogueId), isNull(videos.subjectId)));
  }

  /** Students with a subscription of the catalogue that is neither cancelled nor ended (`today` in India). */
  async recipientCount(db: Db, catalogueId: string, today: string): Promise<number> {
    const [row] = await db
      .select({ n: sql<number>`count(DISTINCT ${studentSubscriptions.studentId})::int` })
      .from(studentSubscriptions)
      .where(
        and(
          eq(studentSubscriptions.catalogueId, catalogueId),
          eq(studentSubscriptions.cancelled, false),
          sql`${studentSubscriptions.endDate} >= ${today}`,
        ),
      );
    return Number(row?.n ?? 0);
  }

  /** How many preview videos are filed under a catalogue (its demo-video folder). */
  async previewVideoCount(db: Db, catalogueId: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(videos)
      .where(and(eq(videos.catalogueId, catalogueId), isNull(videos.subjectId)));
    return Number(row?.n ?? 0);
  }

  /** The id of the catalogue holding `code` (case-insensitive), if any. */
  async codeOwner(db: Db, code: string): Promise<string | null> {
    const [row] = await db
      .select({ id: catalogues.id })
      .from(catalogues)
      .where(sql`lower(${catalogues.code}) = lower(${code})`);
    return row?.id ?? null;
  }

  async insert(tx: Db, values: CatalogueInsert): Promise<void> {
    await tx.insert(catalogues).values(values);
  }

  async update(tx: Db, id: string, changes: CatalogueChanges): Promise<void> {
    if (Object.keys(changes).length === 0) return;
    await tx.update(catalogues).set(changes).where(eq(catalogues.id, id));
  }

  async lock(tx: Db, id: string): Promise<CatalogueRow | null> {
    const [row] = await tx.select().from(catalogues).where(eq(catalogues.id, id)).for('update');
    return row ?? null;
  }

  async bumpVersion(tx: Db, id: string): Promise<void> {
    await tx
      .update(catalogues)
      .set({ version: sql`${catalogues.version} + 1`, updatedAt: new Date() })
      .where(eq(catalogues.id, id));
  }

  async remove(tx: Db, id: string): Promise<void> {
    await tx.delete(catalogues).where(eq(catalogues.id, id));
  }

  async replaceSubjects(tx: Db, catalogueId: string, subjectIds: string[]): Promise<void> {
    await tx.delete(catalogueSubjects).where(eq(catalogueSubjects.catalogueId, catalogueId));
    if (subjectIds.length === 0) return;
    await tx
      .insert(catalogueSubjects)
      .values(subjectIds.map((subjectId, position) => ({ catalogueId, subjectId, position })));
  }

  /**
   * Sets a catalogue's subscriptions to `inputs`, in order: ones with an id are changed in place
   * (their version rises when anything changed), new ones inserted, missing ones deleted with their
   * OTS products. The caller checked that every id belongs to the catalogue.
   */
  async syncSubscriptions(
    tx: Db,
    catalogueId: string,
    inputs: (Required<Omit<SubscriptionInput, 'subscriptionId'>> & { subscriptionId?: string })[],
  ): Promise<void> {
    const existing = await tx.select().from(subscriptions).where(eq(subscriptions.catalogueId, catalogueId));
    const kept = new Set(inputs.map((s) => s.subscriptionId).filter((id): id is string => Boolean(id)));
    const gone = existing.filter((s) => !kept.has(s.id)).map((s) => s.id);
    if (gone.length > 0) await tx.delete(subscriptions).where(inArray(subscriptions.id, gone));
    for (const [position, input] of inputs.entries()) {
      const values = {
        position,
        label: input.subscriptionLabel,
        subscriptionType: input.subscriptionType,
        featured: input.featured,
        price: input.price as number,
        listPrice: input.listPrice as number | null,
        numberOfMonths: input.subscriptionType === 'DURATION' ? input.numberOfMonths : null,
        endDate: input.subscriptionType === 'FIXED' ? input.subscriptionEndDate : null,
      };
      const before = input.subscriptionId ? existing.find((s) => s.id === input.subscriptionId) : undefined;
      if (!before) {
        await tx.insert(subscriptions).values({ id: crypto.randomUUID(), catalogueId, ...values });
        continue;
      }
      const changed = (Object.keys(values) as (keyof typeof values)[]).some((key) => before[key] !== values[key]);
      if (!changed) continue;
      await tx
        .update(subscriptions)
        .set({ ...values, version: sql`${subscriptions.version} + 1`, updatedAt: new Date() })
        .where(eq(subscriptions.id, before.id));
    }
  }

  /** Sets a catalogue's add-ons to `inputs`, in order, keeping the ids of those that had one. */
  async replaceAddOns(
    tx: Db,
    catalogueId: string,
    inputs: { addOnId?: string; addOnName: string; price: number; description: string; automationType: string }[],
  ): Promise<void> {
    await tx.delete(addOns).where(eq(addOns.catalogueId, catalogueId));
    if (inputs.length === 0) return;
    await tx.insert(addOns).values(
      inputs.map((a, position) => ({
        id: a.addOnId ?? crypto.randomUUID(),
        catalogueId,
        position,
        name: a.addOnName,
        price: a.price,
        description: a.description,
        automationType: a.automationType,
      })),
    );
  }
}
