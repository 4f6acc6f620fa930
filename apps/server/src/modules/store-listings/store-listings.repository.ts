import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import {
  addOns,
  catalogues,
  categories,
  couponStoreListings,
  coupons,
  otsProducts,
  storeListingRecommendations,
  storeListingSubscriptions,
  storeListings,
  subCategories,
  subscriptions,
  videos,
} from '../../db/schema';
import type { AddOnRow, OtsRow, SubscriptionRow } from '../catalogues';
import { num, toDate, json } from '../../db/raw-row';

export type StoreListingRow = typeof storeListings.$inferSelect;
type StoreListingInsert = typeof storeListings.$inferInsert;
/** What a save sets on a listing row (not its id, catalogue, version or bookkeeping). */
export type StoreListingChanges = Omit<
  StoreListingInsert,
  'id' | 'catalogueId' | 'version' | 'createdAt' | 'updatedAt' | 'createdBy' | 'createdByName'
>;

/** A listing row with the names around it: its catalogue, category and sub-category. */
export interface StoreListingListRow {
  listing: StoreListingRow;
  catalogueName: string;
  catalogueCode: string;
  catalogueArchived: boolean;
  categoryName: string | null;
  subCategoryName: string | null;
  subscriptionCount: number;
  recommendationCount: number;
}

export interface ListFilter {
  search?: string;
  categoryId?: string;
  subCategoryId?: string;
  featuredOnHomePage?: boolean;
  featuredOnLeadPage?: boolean;
  publishState?: boolean;
  ids?: string[];
  /** leave out listings whose catalogue is archived */
  activeOnly?: boolean;
}

function listingFromRaw(r: Record<string, unknown>): StoreListingRow {
  return {
    id: String(r.id),
    catalogueId: String(r.catalogue_id),
    name: String(r.name),
    code: String(r.code),
    slug: String(r.slug),
    categoryId: (r.category_id as string | null) ?? null,
    subCategoryId: (r.sub_category_id as string | null) ?? null,
    description: String(r.description ?? ''),
    sameNameAsCatalogue: Boolean(r.same_name_as_catalogue),
    sameAsCatalogueHours: Boolean(r.same_as_catalogue_hours),
    hours: r.hours === null || r.hours === undefined ? null : num(r.hours),
    examSyllabus: String(r.exam_syllabus ?? ''),
    examPattern: String(r.exam_pattern ?? ''),
    preparationTips: String(r.preparation_tips ?? ''),
    programs: json(r.programs, []),
    storeIconUrl: (r.store_icon_url as string | null) ?? null,
    studentTargetYear:
      r.student_target_year === null || r.student_target_year === undefined ? null : num(r.student_target_year),
    featuredOnHomePage: Boolean(r.featured_on_home_page),
    featuredOnLeadPage: Boolean(r.featured_on_lead_page),
    publishState: Boolean(r.publish_state),
    addOnIds: json(r.add_on_ids, []),
    previewVideos: json(r.preview_videos, []),
    testimonials: json(r.testimonials, []),
    faqs: json(r.faqs, []),
    questionPapers: json(r.question_papers, []),
    seo: json(r.seo, {}),
    version: num(r.version),
    createdBy: (r.created_by as string | null) ?? null,
    createdByName: String(r.created_by_name ?? ''),
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
  };
}

/** Store listings with the subscriptions they show and the listings they recommend. */
export class StoreListingsRepository {
  constructor(private readonly database: Database) {}

  private get db(): Db {
    return this.database.db;
  }

  /** Listings with their catalogue and category names, by catalogue name. */
  async list(filter: ListFilter = {}): Promise<StoreListingListRow[]> {
    const params: unknown[] = [];
    const where: string[] = [];
    const add = (value: unknown, condition: (p: string) => string) => {
      params.push(value);
      where.push(condition(`$${params.length}`));
    };
    if (filter.ids) add(filter.ids, (p) => `sl.id = ANY(${p}::text[])`);
    if (filter.categoryId) add(filter.categoryId, (p) => `sl.category_id = ${p}`);
    if (filter.subCategoryId) add(filter.subCategoryId, (p) => `sl.sub_category_id = ${p}`);
    if (filter.featuredOnHomePage !== undefined)
      add(filter.featuredOnHomePage, (p) => `sl.featured_on_home_page = ${p}`);
    if (filter.featuredOnLeadPage !== undefined)
      add(filter.featuredOnLeadPage, (p) => `sl.featured_on_lead_page = ${p}`);
    if (filter.publishState !== undefined) add(filter.publishState, (p) => `sl.publish_state = ${p}`);
    if (filter.activeOnly) where.push('NOT c.archived');
    if (filter.search) {
      const pattern = `%${filter.search.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      add(
        pattern,
        (p) =>
          `(lower(sl.name) LIKE ${p} OR lower(sl.code) LIKE ${p} OR lower(c.name) LIKE ${p} OR lower(c.code) LIKE ${p})`,
      );
    }
    const rows = await this.database.query(
      `SELECT sl.*, c.name AS catalogue_name, c.code AS catalogue_code, c.archived AS catalogue_archived,
         cat.name AS category_name, sc.name AS sub_category_name,
         (SELECT count(*)::int FROM store_listing_subscriptions s WHERE s.store_listing_id = sl.id) AS subscription_count,
         (SELECT count(*)::int FROM store_listing_recommendations r WHERE r.store_listing_id = sl.id) AS recommendation_count
       FROM store_listings sl
       JOIN catalogues c ON c.id = sl.catalogue_id
       LEFT JOIN categories cat ON cat.id = sl.category_id
       LEFT JOIN sub_categories sc ON sc.id = sl.sub_category_id
       ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY sl.name, sl.id`,
      params,
    );
    return rows.map((r) => ({
      listing: listingFromRaw(r),
      catalogueName: String(r.catalogue_name),
      catalogueCode: String(r.catalogue_code),
      catalogueArchived: Boolean(r.catalogue_archived),
      categoryName: (r.category_name as string | null) ?? null,
      subCategoryName: (r.sub_category_name as string | null) ?? null,
      subscriptionCount: num(r.subscription_count),
      recommendationCount: num(r.recommendation_count),
    }));
  }

  async byId(id: string, db: Db = this.db): Promise<StoreListingRow | null> {
    const [row] = await db.select().from(storeListings).where(eq(storeListings.id, id));
    return row ?? null;
  }

  async byCatalogue(catalogueId: string, db: Db = this.db): Promise<StoreListingRow | null> {
    const [row] = await db.select().from(storeListings).where(eq(storeListings.catalogueId, catalogueId));
    return row ?? null;
  }

  /** The id of another listing holding `code` (case-insensitive), if any. */
  async codeOwner(db: Db, code: string, except?: string): Promise<string | null> {
    const [row] = await db
      .select({ id: storeListings.id })
      .from(storeListings)
      .where(
        and(sql`lower(${storeListings.code}) = lower(${code})`, except ? ne(storeListings.id, except) : undefined),
      );
    return row?.id ?? null;
  }

  /** The name of another listing at `slug`, if any. */
  async slugOwner(db: Db, slug: string, except?: string): Promise<string | null> {
    const [row] = await db
      .select({ name: storeListings.name })
      .from(storeListings)
      .where(and(eq(storeListings.slug, slug), except ? ne(storeListings.id, except) : undefined));
    return row?.name ?? null;
  }

  /** The subscriptions a listing shows, in order, with their highlight on it. */
  async subscriptionLinks(storeListingId: string): Promise<{ subscriptionId: string; featured: boolean }[]> {
    return this.db
      .select({
        subscriptionId: storeListingSubscriptions.subscriptionId,
        featured: storeListingSubscriptions.featured,
      })
      .from(storeListingSubscriptions)
      .where(eq(storeListingSubscriptions.storeListingId, storeListingId))
      .orderBy(storeListingSubscriptions.position);
  }

  /** The ids of the listings a listing recommends, in order. */
  async recommendationIds(storeListingId: string, db: Db = this.db): Promise<string[]> {
    const rows = await db
      .select({ id: storeListingRecommendations.recommendedId })
      .from(storeListingRecommendations)
      .where(eq(storeListingRecommendations.storeListingId, storeListingId))
      .orderBy(storeListingRecommendations.position);
    return rows.map((r) => r.id);
  }

  /** The category and, when given, whether the sub-category is one of its own. */
  async category(
    db: Db,
    categoryId: string,
    subCategoryId: string | null,
  ): Promise<{ name: string; subCategoryFound: boolean } | null> {
    const [category] = await db.select({ name: categories.name }).from(categories).where(eq(categories.id, categoryId));
    if (!category) return null;
    if (!subCategoryId) return { name: category.name, subCategoryFound: true };
    const [sub] = await db
      .select({ id: subCategories.id })
      .from(subCategories)
      .where(and(eq(subCategories.id, subCategoryId), eq(subCategories.categoryId, categoryId)));
    return { name: category.name, subCategoryFound: Boolean(sub) };
  }

  /** Preview videos (in a catalogue's folder, no subject) among `ids`, or all of `catalogueIds`' when `ids` is absent. */
  async previewVideos(filter: { ids?: string[]; catalogueIds?: string[] }, db: Db = this.db) {
    if (filter.ids?.length === 0 || filter.catalogueIds?.length === 0) return [];
    return db
      .select({
        id: videos.id,
        name: videos.name,
        catalogueId: videos.catalogueId,
        transcodingStatus: videos.transcodingStatus,
        durationSeconds: videos.durationSeconds,
        endpoints: videos.endpoints,
      })
      .from(videos)
      .where(
        and(
          filter.ids ? inArray(videos.id, filter.ids) : undefined,
          filter.catalogueIds ? inArray(videos.catalogueId, filter.catalogueIds) : undefined,
          isNull(videos.subjectId),
        ),
      )
      .orderBy(videos.name, videos.id);
  }

  /** Listings among `ids` with whether their catalogue is archived (inside a change's transaction). */
  async listingStates(db: Db, ids: string[]): Promise<{ id: string; name: string; catalogueArchived: boolean }[]> {
    if (ids.length === 0) return [];
    return db
      .select({ id: storeListings.id, name: storeListings.name, catalogueArchived: catalogues.archived })
      .from(storeListings)
      .innerJoin(catalogues, eq(catalogues.id, storeListings.catalogueId))
      .where(inArray(storeListings.id, ids));
  }

  /** The subscriptions (with their OTS products) of several catalogues at once, in order. */
  async subscriptionsOf(catalogueIds: string[]): Promise<{ sub: SubscriptionRow; ots: OtsRow[] }[]> {
    if (catalogueIds.length === 0) return [];
    const subs = await this.db
      .select()
      .from(subscriptions)
      .where(inArray(subscriptions.catalogueId, catalogueIds))
      .orderBy(subscriptions.catalogueId, subscriptions.position);
    if (subs.length === 0) return [];
    const ots = await this.db
      .select()
      .from(otsProducts)
      .where(
        inArray(
          otsProducts.subscriptionId,
          subs.map((s) => s.id),
        ),
      )
      .orderBy(otsProducts.position, otsProducts.createdAt);
    const bySub = new Map<string, OtsRow[]>();
    for (const o of ots) bySub.set(o.subscriptionId, [...(bySub.get(o.subscriptionId) ?? []), o]);
    return subs.map((sub) => ({ sub, ots: bySub.get(sub.id) ?? [] }));
  }

  /** The add-ons of several catalogues at once, in order. */
  async addOnsOf(catalogueIds: string[]): Promise<AddOnRow[]> {
    if (catalogueIds.length === 0) return [];
    return this.db
      .select()
      .from(addOns)
      .where(inArray(addOns.catalogueId, catalogueIds))
      .orderBy(addOns.catalogueId, addOns.position);
  }

  /** Names of the coupons that name a listing among theirs. */
  async couponNames(db: Db, storeListingId: string): Promise<string[]> {
    const rows = await db
      .select({ name: coupons.name })
      .from(couponStoreListings)
      .innerJoin(coupons, eq(coupons.id, couponStoreListings.couponId))
      .where(eq(couponStoreListings.storeListingId, storeListingId))
      .orderBy(coupons.name);
    return rows.map((r) => r.name);
  }

  async remove(tx: Db, id: string): Promise<void> {
    await tx.delete(storeListings).where(eq(storeListings.id, id));
  }

  async insert(tx: Db, values: StoreListingInsert): Promise<void> {
    await tx.insert(storeListings).values(values);
  }

  async update(tx: Db, id: string, changes: StoreListingChanges): Promise<void> {
    await tx.update(storeListings).set(changes).where(eq(storeListings.id, id));
  }

  async lock(tx: Db, id: string): Promise<StoreListingRow | null> {
    const [row] = await tx.select().from(storeListings).where(eq(storeListings.id, id)).for('update');
    return row ?? null;
  }

  async bumpVersion(tx: Db, id: string): Promise<void> {
    await tx
      .update(storeListings)
      .set({ version: sql`${storeListings.version} + 1`, updatedAt: new Date() })
      .where(eq(storeListings.id, id));
  }

  async replaceSubscriptions(
    tx: Db,
    storeListingId: string,
    links: { subscriptionId: string; featured: boolean }[],
  ): Promise<void> {
    await tx.delete(storeListingSubscriptions).where(eq(storeListingSubscriptions.storeListingId, storeListingId));
    if (links.length === 0) return;
    await tx.insert(storeListingSubscriptions).values(
      links.map((l, position) => ({
        storeListingId,
        subscriptionId: l.subscriptionId,
        featured: l.featured,
        position,
      })),
    );
  }

  async replaceRecommendations(tx: Db, storeListingId: string, ids: string[]): Promise<void> {
    await tx.delete(storeListingRecommendations).where(eq(storeListingRecommendations.storeListingId, storeListingId));
    if (ids.length === 0) return;
    await tx
      .insert(storeListingRecommendations)
      .values(ids.map((recommendedId, position) => ({ storeListingId, recommendedId, position })));
  }
}
