import crypto from 'node:crypto';
import {
  MESSAGES,
  StoreListingSlugSchema,
  fillMessage,
  type CreateStoreListingBodySchema,
  type StoreListing,
  type StoreListingListItem,
  type StoreListingListQuerySchema,
  type UpdateStoreListingBodySchema,
} from '@lectern/contract';
import type { z } from 'zod';
import type { Database, Db } from '../../db/client';
import { anyCause, isUniqueViolation } from '../../db/errors';
import { changeAggregate, recordChange, type Aggregate, type OnChangeError, aggregateOf } from '../../lib/aggregate';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../../lib/routing';
import { readEndpoints } from '../../transcoder/transcoder';
import type { CataloguesReader } from '../catalogues';
import { sanitizeRichText } from '../../lib/rich-text';
import {
  missingListing,
  readStoreListing,
  toListItem,
  type StoredPreviewVideo,
  type StoredSeo,
} from './store-listing-page';
import type { StoreListingChanges, StoreListingRow, StoreListingsRepository } from './store-listings.repository';

type CreateInput = z.output<typeof CreateStoreListingBodySchema>;
type UpdateInput = z.output<typeof UpdateStoreListingBodySchema>;
type ListQuery = z.output<typeof StoreListingListQuerySchema>;
/** What create and update share: the whole listing as the editor sends it. */
type ListingInput = Omit<CreateInput, 'catalogueId'>;

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

/** The listing's catalogue as the checks need it: its name, state, plans, add-ons and preview videos. */
interface CatalogueFacts {
  id: string;
  name: string;
  archived: boolean;
  subscriptionIds: Set<string>;
  addOnIds: Set<string>;
}

/**
 * Store listings: a catalogue's page in the store (spec 2 §3 "Store listing", DESIGN §9): list, read,
 * create, change, delete. The page as answered is store-listing-page.ts; the editor's choices
 * editor-options.service.ts.
 */
export class StoreListingsService {
  private readonly listings: Aggregate<StoreListingRow>;

  constructor(
    private readonly database: Database,
    private readonly repo: StoreListingsRepository,
    private readonly catalogues: CataloguesReader,
  ) {
    this.listings = aggregateOf('store listing', repo, missingListing);
  }

  private get db(): Db {
    return this.database.db;
  }

  /** The page of one listing (store-listing-page.ts). */
  one(storeListingId: string): Promise<StoreListing> {
    return readStoreListing(this.repo, this.catalogues, storeListingId);
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
