import {
  indianDate,
  paise,
  type AddOn,
  type RecommendedListing,
  type StoreListing,
  type StoreListingListItem,
} from '@lectern/contract';
import { AppError } from '../../lib/app-error';
import { readEndpoints } from '../../transcoder/transcoder';
import { toSubscription, type AddOnRow, type CataloguesReader } from '../catalogues';
import type { StoreListingListRow, StoreListingsRepository } from './store-listings.repository';

// A store listing as the API answers it: the list item, a recommendation, the whole page.

export interface StoredPreviewVideo {
  videoId: string;
  title: string;
  tag: string;
  thumbnail: string | null;
}
export interface StoredSeo {
  title?: string;
  description?: string;
  keywords?: string[];
  ogImage?: string | null;
}

export const missingListing = () => AppError.of(404, 'notFound', { what: 'that store listing' });

/** The store's address of a listing. */
const storeUrl = (slug: string) => `/store/${slug}`;

/** Hours of video, one decimal, from seconds. */
export const hoursOf = (seconds: number) => Math.round(seconds / 360) / 10;
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

export function toRecommended(r: StoreListingListRow): RecommendedListing {
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

export const arr = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

export function toListItem(r: StoreListingListRow): StoreListingListItem {
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

export function toAddOn(a: AddOnRow): AddOn {
  return {
    addOnId: a.id,
    addOnName: a.name,
    price: paise(a.price),
    description: a.description,
    automationType: a.automationType === 'DELIVERY' || a.automationType === 'EMAIL' ? a.automationType : 'NONE',
  };
}
/** The whole page of a listing, with its catalogue's plans, add-ons and preview videos as they are now. */
export async function readStoreListing(
  repo: StoreListingsRepository,
  catalogues: CataloguesReader,
  storeListingId: string,
): Promise<StoreListing> {
  const [row] = await repo.list({ ids: [storeListingId] });
  if (!row) throw missingListing();
  const l = row.listing;
  const [[catalogue], subs, addOns, links, recommendedIds] = await Promise.all([
    catalogues.list({ ids: [l.catalogueId] }),
    repo.subscriptionsOf([l.catalogueId]),
    repo.addOnsOf([l.catalogueId]),
    repo.subscriptionLinks(l.id),
    repo.recommendationIds(l.id),
  ]);
  const stored = arr<StoredPreviewVideo>(l.previewVideos);
  const [videoRows, recommendedRows] = await Promise.all([
    repo.previewVideos({ ids: stored.map((v) => v.videoId) }),
    recommendedIds.length ? repo.list({ ids: recommendedIds }) : Promise.resolve([]),
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
      return [{ storeListingId: l.id, subscription, usageStatus: ended ? 'ENDED' : 'ACTIVE', featured: link.featured }];
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
