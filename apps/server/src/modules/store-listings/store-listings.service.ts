import crypto from 'node:crypto';
import {
  MESSAGES,
  StoreListingSlugSchema,
  fillMessage,
  indianDate,
  paise,
  type AddOn,
  type CreateStoreListingBodySchema,
  type ListableCatalogue,
  type RecommendedListing,
  type StoreCoupon,
  type StoreListing,
  type StoreListingListItem,
  type StoreListingListQuerySchema,
  type UpdateStoreListingBodySchema,
} from '@lectern/contract';
import type { z } from 'zod';
import type { Database, Db } from '../../db/client';
import { anyCause, isUniqueViolation } from '../../db/errors';
import { changeAggregate, recordChange, type Aggregate, type OnChangeError } from '../../lib/aggregate';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../lib/routing';
import { readEndpoints } from '../../transcoder/transcoder';
import { toSubscription, type AddOnRow, type CatalogueListRow, type CataloguesReader } from '../catalogues';
import type { CouponsReader } from '../coupons';
import { sanitizeRichText } from '../../lib/rich-text';
import type {
  StoreListingChanges,
  StoreListingListRow,
  StoreListingRow,
  StoreListingsRepository,
} from './store-listings.repository';

type CreateInput = z.output<typeof CreateStoreListingBodySchema>;
type UpdateInput = z.output<typeof UpdateStoreListingBodySchema>;
type ListQuery = z.output<typeof StoreListingListQuerySchema>;
/** What create and update share: the whole listing as the editor sends it. */
type ListingInput = Omit<CreateInput, 'catalogueId'>;

interface StoredPreviewVideo {
  videoId: string;
  title: string;
  tag: string;
  thumbnail: string | null;
}
interface StoredSeo {
  title?: string;
  description?: string;
  keywords?: string[];
  ogImage?: string | null;
}

const missingListing = () => AppError.of(404, 'notFound', { what: 'that store listing' });

/** The store's address of a listing. */
const storeUrl = (slug: string) => `/store/${slug}`;

/** Hours of video, one decimal, from seconds. */
const hoursOf = (seconds: number) => Math.round(seconds / 360) / 10;

const flag = (value: 'true' | 'false' | undefined) => (value === undefined ? undefined : value === 'true');

/** A slug made from a name: lower-case latin letters and digits joined by single hyphens. */
function slugFrom(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

/** A unique index violated between our checks and the write: the index names what was taken. */
const takenByIndex =
  (input: { code: string; slug: string; catalogueName: string }): OnChangeError =>
  (error) => {
    if (!isUniqueViolation(error)) return undefined;
    const constraint = (name: string) => anyCause(error, (cause) => String(cause.constraint ?? '').includes(name));
    if (constraint('slug'))
      return AppError.of(409, 'storeListingSlugTaken', { slug: input.slug, storeListingName: 'another listing' });
    if (constraint('catalogue')) {
      return AppError.of(409, 'storeListingCatalogueListed', {
        catalogueName: input.catalogueName,
        storeListingName: 'another listing',
      });
    }
    return AppError.of(409, 'storeListingCodeTaken', { storeListingCode: input.code });
  };

/** The listing's name: its catalogue's (as it is now) when it takes the catalogue's name. */
const nameOf = (r: StoreListingListRow) => (r.listing.sameNameAsCatalogue ? r.catalogueName : r.listing.name);

function category(r: StoreListingListRow) {
  const l = r.listing;
  if (!l.categoryId || r.categoryName === null) return null;
  return {
    categoryId: l.categoryId,
    categoryName: r.categoryName,
    subCategory:
      l.subCategoryId && r.subCategoryName !== null
        ? { subCategoryId: l.subCategoryId, subCategoryName: r.subCategoryName }
        : null,
  };
}

function toRecommended(r: StoreListingListRow): RecommendedListing {
  return {
    storeListingId: r.listing.id,
    storeListingName: nameOf(r),
    storeListingCode: r.listing.code,
    catalogueId: r.listing.catalogueId,
    catalogueName: r.catalogueName,
    category: category(r),
    storeIconUrl: r.listing.storeIconUrl,
    storeListingUrl: storeUrl(r.listing.slug),
  };
}

const arr = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

function toListItem(r: StoreListingListRow): StoreListingListItem {
  const l = r.listing;
  const seo = (l.seo ?? {}) as StoredSeo;
  return {
    storeListingId: l.id,
    storeListingName: nameOf(r),
    storeListingCode: l.code,
    catalogueId: l.catalogueId,
    catalogueName: r.catalogueName,
    catalogueCode: r.catalogueCode,
    catalogueArchived: r.catalogueArchived,
    category: category(r),
    storeIconUrl: l.storeIconUrl,
    storeListingUrl: storeUrl(l.slug),
    studentTargetYear: l.studentTargetYear,
    featuredOnHomePage: l.featuredOnHomePage,
    featuredOnLeadPage: l.featuredOnLeadPage,
    publishState: l.publishState,
    counts: {
      subscriptions: r.subscriptionCount,
      previewVideos: arr(l.previewVideos).length,
      testimonials: arr(l.testimonials).length,
      faqs: arr(l.faqs).length,
      questionPapers: arr(l.questionPapers).length,
      recommendationCourses: r.recommendationCount,
    },
    hasSyllabus: l.examSyllabus !== '',
    hasSeo: Boolean(seo.title && seo.description),
    createdBy: { userId: l.createdBy, name: l.createdByName },
    version: l.version,
    updatedAt: l.updatedAt.toISOString(),
  };
}

function toAddOn(a: AddOnRow): AddOn {
  return {
    addOnId: a.id,
    addOnName: a.name,
    price: paise(a.price),
    description: a.description,
    automationType: a.automationType === 'DELIVERY' || a.automationType === 'EMAIL' ? a.automationType : 'NONE',
  };
}

/** The listing's catalogue as the checks need it: its name, state, plans, add-ons and preview videos. */
interface CatalogueFacts {
  id: string;
  name: string;
  archived: boolean;
  subscriptionIds: Set<string>;
  addOnIds: Set<string>;
}

/** Store listings: a catalogue's page in the store (spec 2 §3 "Store listing", DESIGN §9). */
export class StoreListingsService {
  private readonly listings: Aggregate<StoreListingRow>;

  constructor(
    private readonly database: Database,
    private readonly repo: StoreListingsRepository,
    private readonly catalogues: CataloguesReader,
    private readonly couponsRepo: CouponsReader,
  ) {
    this.listings = {
      entity: 'store listing',
      lock: (tx, id) => repo.lock(tx, id),
      bumpVersion: (tx, id) => repo.bumpVersion(tx, id),
      missing: missingListing,
    };
  }

  private get db(): Db {
    return this.database.db;
  }

  async list(query: ListQuery): Promise<StoreListingListItem[]> {
    const rows = await this.repo.list({
      search: query.search || undefined,
      categoryId: query.categoryId,
      subCategoryId: query.subCategoryId,
      featuredOnHomePage: flag(query.featuredOnHomePage),
      featuredOnLeadPage: flag(query.featuredOnLeadPage),
      publishState: flag(query.publishState),
    });
    return rows.map(toListItem);
  }

  async one(storeListingId: string): Promise<StoreListing> {
    const [row] = await this.repo.list({ ids: [storeListingId] });
    if (!row) throw missingListing();
    const l = row.listing;
    const [[catalogue], subs, addOns, links, recommendedIds] = await Promise.all([
      this.catalogues.list({ ids: [l.catalogueId] }),
      this.repo.subscriptionsOf([l.catalogueId]),
      this.repo.addOnsOf([l.catalogueId]),
      this.repo.subscriptionLinks(l.id),
      this.repo.recommendationIds(l.id),
    ]);
    const stored = arr<StoredPreviewVideo>(l.previewVideos);
    const [videoRows, recommendedRows] = await Promise.all([
      this.repo.previewVideos({ ids: stored.map((v) => v.videoId) }),
      recommendedIds.length ? this.repo.list({ ids: recommendedIds }) : Promise.resolve([]),
    ]);
    const today = indianDate();
    const subById = new Map(subs.map((s) => [s.sub.id, toSubscription(s)]));
    const addOnById = new Map(addOns.map((a) => [a.id, toAddOn(a)]));
    const videoById = new Map(videoRows.map((v) => [v.id, v]));
    const recommendedById = new Map(recommendedRows.map((r) => [r.listing.id, r]));
    const seo = (l.seo ?? {}) as StoredSeo;
    const catalogueName = catalogue?.catalogue.name ?? row.catalogueName;
    return {
      storeListingId: l.id,
      version: l.version,
      storeListingName: l.sameNameAsCatalogue ? catalogueName : l.name,
      storeListingCode: l.code,
      storeListingDescription: l.description,
      sameNameAsCatalogue: l.sameNameAsCatalogue,
      sameAsCatalogueHours: l.sameAsCatalogueHours,
      storeListingHours: l.sameAsCatalogueHours || l.hours === null ? hoursOf(catalogue?.duration ?? 0) : l.hours,
      catalogueId: l.catalogueId,
      catalogueName,
      catalogueCode: row.catalogueCode,
      catalogueArchived: row.catalogueArchived,
      category: category(row),
      examSyllabus: l.examSyllabus,
      programs: arr<string>(l.programs),
      storeIconUrl: l.storeIconUrl,
      examPattern: l.examPattern,
      preparationTips: l.preparationTips,
      studentTargetYear: l.studentTargetYear,
      featuredOnHomePage: l.featuredOnHomePage,
      featuredOnLeadPage: l.featuredOnLeadPage,
      publishState: l.publishState,
      subscriptions: links.flatMap((link) => {
        const subscription = subById.get(link.subscriptionId);
        if (!subscription) return [];
        const ended = subscription.subscriptionType === 'FIXED' && (subscription.subscriptionEndDate ?? today) < today;
        return [
          { storeListingId: l.id, subscription, usageStatus: ended ? 'ENDED' : 'ACTIVE', featured: link.featured },
        ];
      }),
      // an add-on the catalogue no longer has drops out
      addons: arr<string>(l.addOnIds).flatMap((id) => addOnById.get(id) ?? []),
      previewVideos: stored.flatMap((v) => {
        const video = videoById.get(v.videoId);
        if (!video) return [];
        const { master } = readEndpoints((video.endpoints as string[] | null) ?? []);
        return [
          {
            videoId: v.videoId,
            subjectName: catalogueName,
            tag: v.tag,
            title: v.title,
            videoUrl: master,
            thumbnail: v.thumbnail,
          },
        ];
      }),
      testimonials: arr(l.testimonials),
      faqs: arr(l.faqs),
      questionPapers: arr(l.questionPapers),
      recommendationCourses: recommendedIds.flatMap((id) => {
        const r = recommendedById.get(id);
        return r ? [toRecommended(r)] : [];
      }),
      dynamicMetadataSEOInfo: {
        title: seo.title ?? '',
        description: seo.description ?? '',
        keywords: seo.keywords ?? [],
        slug: l.slug,
        ogImage: seo.ogImage ?? null,
      },
      storeListingUrl: storeUrl(l.slug),
      createdBy: { userId: l.createdBy, name: l.createdByName },
      createdAt: l.createdAt.toISOString(),
      updatedAt: l.updatedAt.toISOString(),
    };
  }

  /** Every other listing whose catalogue is not archived. */
  async recommendations(storeListingId: string): Promise<RecommendedListing[]> {
    if (!(await this.repo.byId(storeListingId))) throw missingListing();
    const rows = await this.repo.list({ activeOnly: true });
    return rows.filter((r) => r.listing.id !== storeListingId).map(toRecommended);
  }

  /** Catalogues neither archived nor listed (and, when editing, the listing's own), with what a listing may show. */
  async listableCatalogues(storeListingId?: string): Promise<ListableCatalogue[]> {
    let own: string | null = null;
    if (storeListingId) {
      const listing = await this.repo.byId(storeListingId);
      if (!listing) throw missingListing();
      own = listing.catalogueId;
    }
    const rows = (await this.catalogues.list({ archived: false })).filter(
      (r) => r.storeListingId === null || r.catalogue.id === own,
    );
    const ids = rows.map((r) => r.catalogue.id);
    const [subs, addOns, previews] = await Promise.all([
      this.repo.subscriptionsOf(ids),
      this.repo.addOnsOf(ids),
      this.repo.previewVideos({ catalogueIds: ids }),
    ]);
    return rows.map((r: CatalogueListRow) => {
      const c = r.catalogue;
      return {
        catalogueId: c.id,
        catalogueName: c.name,
        catalogueCode: c.code,
        description: c.description,
        catalogueHours: hoursOf(r.duration),
        subscriptions: subs.filter((s) => s.sub.catalogueId === c.id).map(toSubscription),
        addOns: addOns.filter((a) => a.catalogueId === c.id).map(toAddOn),
        previewVideos: previews
          .filter((v) => v.catalogueId === c.id && v.transcodingStatus === 'COMPLETE')
          .map((v) => {
            const { master, poster, thumbnails } = readEndpoints((v.endpoints as string[] | null) ?? []);
            return {
              videoId: v.id,
              title: v.name,
              subjectName: c.name,
              duration: v.durationSeconds,
              videoUrl: master,
              poster,
              thumbnails,
            };
          }),
      };
    });
  }

  /** Coupons a listing may show: not expired by staff nor past their last day (Indian date), featured first. */
  async coupons(): Promise<StoreCoupon[]> {
    const usable = await this.couponsRepo.usableCoupons(indianDate());
    return usable.map((c) => ({
      couponId: c.couponId,
      couponName: c.couponName,
      description: c.description,
      discount: Number(c.amount),
      percentage: c.percentage,
    }));
  }

  // ---- checks shared by create and update

  private async catalogueFacts(tx: Db, catalogueId: string): Promise<CatalogueFacts | null> {
    const row = await this.catalogues.byId(catalogueId, tx);
    if (!row) return null;
    const [subs, addOns] = await Promise.all([
      this.catalogues.subscriptionsOf(catalogueId, tx),
      this.catalogues.addOnsOf(catalogueId, tx),
    ]);
    return {
      id: row.id,
      name: row.name,
      archived: row.archived,
      subscriptionIds: new Set(subs.map((s) => s.sub.id)),
      addOnIds: new Set(addOns.map((a) => a.id)),
    };
  }

  /** Refuses an id that appears twice in one list, naming what it is. */
  private once(ids: string[], what: (id: string) => string): void {
    const seen = new Set<string>();
    for (const id of ids) {
      if (seen.has(id)) throw AppError.of(400, 'storeListingTwice', { what: what(id) });
      seen.add(id);
    }
  }

  /**
   * Checks a listing's references against its catalogue and the other listings, and turns the input
   * into the row's columns with every rich text sanitised. `self` is the listing's id (absent on create);
   * `before` its recommendations as stored, which may stay even if their catalogue was archived since.
   */
  private async prepare(
    tx: Db,
    input: ListingInput,
    catalogue: CatalogueFacts,
    self: string | undefined,
    before: string[] = [],
  ): Promise<{ changes: StoreListingChanges; name: string }> {
    const name = input.sameNameAsCatalogue ? catalogue.name : input.storeListingName;
    const slug = input.dynamicMetadataSEOInfo.slug ?? slugFrom(name);
    if (!StoreListingSlugSchema.safeParse(slug).success) {
      throw AppError.of(400, 'storeListingSlugInvalid', { storeListingName: name });
    }
    const codeOwner = await this.repo.codeOwner(tx, input.storeListingCode, self);
    if (codeOwner) throw AppError.of(409, 'storeListingCodeTaken', { storeListingCode: input.storeListingCode });
    const slugOwner = await this.repo.slugOwner(tx, slug, self);
    if (slugOwner !== null) throw AppError.of(409, 'storeListingSlugTaken', { slug, storeListingName: slugOwner });

    if (input.categoryId) {
      const found = await this.repo.category(tx, input.categoryId, input.subCategoryId);
      if (!found) throw AppError.of(400, 'notFound', { what: `category ${input.categoryId}` });
      if (!found.subCategoryFound) {
        throw AppError.of(400, 'subCategoryUnknown', {
          subCategoryId: input.subCategoryId ?? '',
          categoryName: found.name,
        });
      }
    }

    const subscriptionIds = input.subscriptions.map((s) => s.subscriptionId);
    this.once(subscriptionIds, (id) => `Subscription ${id}`);
    const foreignSub = subscriptionIds.find((id) => !catalogue.subscriptionIds.has(id));
    if (foreignSub) {
      throw AppError.of(400, 'storeListingSubscriptionUnknown', {
        subscriptionId: foreignSub,
        catalogueName: catalogue.name,
      });
    }
    this.once(input.addons, (id) => `Add-on ${id}`);
    const foreignAddOn = input.addons.find((id) => !catalogue.addOnIds.has(id));
    if (foreignAddOn) {
      throw AppError.of(400, 'storeListingAddOnUnknown', { addOnId: foreignAddOn, catalogueName: catalogue.name });
    }

    const videoIds = input.previewVideos.map((v) => v.videoId);
    this.once(videoIds, (id) => `Preview video ${id}`);
    const videoRows = new Map((await this.repo.previewVideos({ ids: videoIds }, tx)).map((v) => [v.id, v]));
    for (const v of input.previewVideos) {
      const video = videoRows.get(v.videoId);
      if (!video || video.catalogueId !== catalogue.id || video.transcodingStatus !== 'COMPLETE') {
        throw AppError.of(400, 'storeListingPreviewVideoUnknown', {
          videoId: v.videoId,
          catalogueName: catalogue.name,
        });
      }
      const { poster, thumbnails } = readEndpoints((video.endpoints as string[] | null) ?? []);
      if (v.thumbnail !== null && v.thumbnail !== poster && !thumbnails.includes(v.thumbnail)) {
        throw AppError.of(400, 'storeListingThumbnailUnknown', { title: v.title });
      }
    }

    this.once(input.recommendationCourses, (id) => `Recommended listing ${id}`);
    if (self && input.recommendationCourses.includes(self)) throw AppError.of(400, 'storeListingRecommendsItself');
    const recommended = new Map((await this.repo.listingStates(tx, input.recommendationCourses)).map((r) => [r.id, r]));
    for (const id of input.recommendationCourses) {
      const r = recommended.get(id);
      if (!r) throw AppError.of(400, 'storeListingRecommendationUnknown', { storeListingId: id });
      if (r.catalogueArchived && !before.includes(id)) {
        throw AppError.of(400, 'storeListingRecommendationArchived', { storeListingName: r.name });
      }
    }

    const faqs = input.faqs.map((f) => {
      const answer = sanitizeRichText(f.answer);
      if (answer === '') throw AppError.of(400, 'storeListingFaqEmpty', { question: f.question });
      return { question: f.question, answer };
    });
    const { slug: _slug, ...seo } = input.dynamicMetadataSEOInfo;
    const changes: StoreListingChanges = {
      name,
      code: input.storeListingCode,
      slug,
      categoryId: input.categoryId,
      subCategoryId: input.categoryId ? input.subCategoryId : null,
      description: sanitizeRichText(input.storeListingDescription),
      sameNameAsCatalogue: input.sameNameAsCatalogue,
      sameAsCatalogueHours: input.sameAsCatalogueHours,
      hours: input.sameAsCatalogueHours ? null : input.storeListingHours,
      examSyllabus: sanitizeRichText(input.examSyllabus),
      examPattern: sanitizeRichText(input.examPattern),
      preparationTips: sanitizeRichText(input.preparationTips),
      programs: input.programs,
      storeIconUrl: input.storeIconUrl,
      studentTargetYear: input.studentTargetYear,
      featuredOnHomePage: input.featuredOnHomePage,
      featuredOnLeadPage: input.featuredOnLeadPage,
      publishState: input.publishState,
      addOnIds: input.addons,
      previewVideos: input.previewVideos satisfies StoredPreviewVideo[],
      testimonials: input.testimonials,
      faqs,
      questionPapers: input.questionPapers,
      seo: seo satisfies StoredSeo,
    };
    return { changes, name };
  }

  async create(actor: Actor, input: CreateInput): Promise<{ listing: StoreListing; message: string }> {
    const id = crypto.randomUUID();
    let name = input.storeListingName;
    let catalogueName = input.catalogueId;
    let slug = input.dynamicMetadataSEOInfo.slug ?? '';
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        const catalogue = await this.catalogueFacts(tx, input.catalogueId);
        if (!catalogue) throw AppError.of(400, 'notFound', { what: `catalogue ${input.catalogueId}` });
        catalogueName = catalogue.name;
        if (catalogue.archived)
          throw AppError.of(409, 'storeListingCatalogueArchived', { catalogueName: catalogue.name });
        const existing = await this.repo.byCatalogue(catalogue.id, tx);
        if (existing) {
          throw AppError.of(409, 'storeListingCatalogueListed', {
            catalogueName: catalogue.name,
            storeListingName: existing.name,
          });
        }
        const prepared = await this.prepare(tx, input, catalogue, undefined);
        name = prepared.name;
        slug = prepared.changes.slug;
        await this.repo.insert(tx, {
          id,
          catalogueId: catalogue.id,
          createdBy: actor.userId,
          createdByName: actor.name,
          ...prepared.changes,
        });
        await this.repo.replaceSubscriptions(tx, id, input.subscriptions);
        await this.repo.replaceRecommendations(tx, id, input.recommendationCourses);
        return {
          activity: {
            action: 'storeListing.create',
            entityType: 'storeListing',
            entityId: id,
            after: { catalogueId: catalogue.id, ...prepared.changes },
            summary: `${actor.name} listed '${catalogue.name}' in the store as '${name}'`,
          },
        };
      },
      onError: (error) => takenByIndex({ code: input.storeListingCode, slug, catalogueName })(error),
    });
    return {
      listing: await this.one(id),
      message: fillMessage(MESSAGES.storeListingCreated, { storeListingName: name }),
    };
  }

  /**
   * Deletes a listing; refused while it is published (students may be reading it) or while a coupon
   * names it (the coupon would silently apply to less). Its recommendations and shown plans go with it.
   */
  async remove(actor: Actor, storeListingId: string): Promise<{ message: string }> {
    let name = '';
    await recordChange(this.db, actor, {
      apply: async (tx) => {
        const row = await this.repo.lock(tx, storeListingId);
        if (!row) throw missingListing();
        name = row.name;
        if (row.publishState) throw AppError.of(409, 'storeListingPublished', { storeListingName: name });
        const couponNames = await this.repo.couponNames(tx, storeListingId);
        if (couponNames.length > 0) {
          throw AppError.of(409, 'storeListingHasCoupons', {
            storeListingName: name,
            count: couponNames.length,
            coupons: couponNames.join(', '),
          });
        }
        await this.repo.remove(tx, storeListingId);
        return {
          activity: {
            action: 'storeListing.delete',
            entityType: 'storeListing',
            entityId: storeListingId,
            before: { name: row.name, code: row.code, slug: row.slug, catalogueId: row.catalogueId },
            summary: `${actor.name} deleted store listing '${row.name}'`,
          },
        };
      },
    });
    return { message: fillMessage(MESSAGES.storeListingDeleted, { storeListingName: name }) };
  }

  /** Saves the whole listing at the version the editor saw; its catalogue stays the same. */
  async update(actor: Actor, input: UpdateInput): Promise<{ listing: StoreListing; message: string }> {
    const { storeListingId: id, version } = input;
    let name = input.storeListingName;
    let catalogueName = '';
    let slug = input.dynamicMetadataSEOInfo.slug ?? '';
    let prepared: { changes: StoreListingChanges; name: string } | undefined;
    await changeAggregate(
      this.db,
      this.listings,
      { actor, id, version },
      {
        check: async (tx, row) => {
          const catalogue = await this.catalogueFacts(tx, row.catalogueId);
          if (!catalogue) throw missingListing();
          catalogueName = catalogue.name;
          prepared = await this.prepare(tx, input, catalogue, id, await this.repo.recommendationIds(id, tx));
          name = prepared.name;
          slug = prepared.changes.slug;
        },
        apply: async ({ tx, row }) => {
          const changes = prepared!.changes;
          await this.repo.update(tx, id, changes);
          await this.repo.replaceSubscriptions(tx, id, input.subscriptions);
          await this.repo.replaceRecommendations(tx, id, input.recommendationCourses);
          return {
            activity: {
              action: 'storeListing.update',
              entityType: 'storeListing',
              entityId: id,
              before: { name: row.name, code: row.code, slug: row.slug, publishState: row.publishState },
              after: changes,
              summary: `${actor.name} updated store listing '${name}'`,
            },
          };
        },
        onError: (error) => takenByIndex({ code: input.storeListingCode, slug, catalogueName })(error),
      },
    );
    return {
      listing: await this.one(id),
      message: fillMessage(MESSAGES.storeListingUpdated, { storeListingName: name }),
    };
  }
}
