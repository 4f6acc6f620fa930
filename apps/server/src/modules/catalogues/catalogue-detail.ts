import {
  CatalogueThemeSchema,
  PublishingInfoSchema,
  paise,
  type CatalogueDetail,
  type CatalogueListItem,
  type Subscription,
} from '@lectern/contract';
import { AppError } from '../../lib/app-error';
import type { CatalogueListRow, CataloguesRepository, OtsRow, SubscriptionRow } from './catalogues.repository';

// A catalogue as the API answers it, read from its rows: the list item, the detail, a subscription.

export const missingCatalogue = () => AppError.of(404, 'notFound', { what: 'that catalogue' });
export const missingSubscription = () => AppError.of(404, 'notFound', { what: 'that subscription' });

/** The store's address of a listing: issue 15 serves the page itself. */
const storeListingUrl = (slug: string | null) => (slug ? `/store/${slug}` : null);

export function toSubscription({ sub, ots }: { sub: SubscriptionRow; ots: OtsRow[] }): Subscription {
  return {
    subscriptionId: sub.id,
    subscriptionLabel: sub.label,
    subscriptionType: sub.subscriptionType === 'FIXED' ? 'FIXED' : 'DURATION',
    featured: sub.featured,
    price: paise(sub.price),
    listPrice: sub.listPrice === null ? null : paise(sub.listPrice),
    numberOfMonths: sub.numberOfMonths,
    subscriptionEndDate: sub.endDate,
    otsList: ots.map((o) => ({
      otsId: o.id,
      productLabel: o.productLabel,
      packageCode: o.packageCode,
      groupCode: o.groupCode,
      status: o.status === 'UPDATED' ? 'UPDATED' : 'CREATED',
    })),
    version: sub.version,
  };
}

export function toListItem(r: CatalogueListRow): CatalogueListItem {
  const c = r.catalogue;
  return {
    catalogueId: c.id,
    catalogueName: c.name,
    catalogueCode: c.code,
    duration: r.duration,
    trialVideoDuration: r.trialVideoDuration,
    storeListed: r.storeListingId !== null,
    storeListingId: r.storeListingId,
    storeListingName: r.storeListingName,
    storeListingUrl: storeListingUrl(r.storeListingSlug),
    subjects: r.subjects,
    trialInfo: { freeTrialSubTopics: r.trialSubTopics, freeTrialVideoTime: r.trialVideoDuration },
    recipients: r.recipients,
    featured: c.featured,
    featuredOnLeadPage: c.featuredOnLeadPage,
    publishState: c.publishState,
    archived: c.archived,
    subscriptionCount: r.subscriptionCount,
    lowestPrice: r.lowestPrice === null ? null : paise(r.lowestPrice),
    version: c.version,
    updatedAt: c.updatedAt.toISOString(),
  };
}
/** The detail, with the preview videos' rows it was built from (the storefront needs their endpoints). */
export async function loadCatalogue(repo: CataloguesRepository, catalogueId: string) {
  const [listed] = await repo.list({ ids: [catalogueId] });
  if (!listed) throw missingCatalogue();
  const c = listed.catalogue;
  const [subjects, subs, addOns] = await Promise.all([
    repo.subjectsOf(catalogueId),
    repo.subscriptionsOf(catalogueId),
    repo.addOnsOf(catalogueId),
  ]);
  const previewIds = (c.previewVideoIds as string[]) ?? [];
  const previews = await repo.previewVideos(previewIds);
  const byId = new Map(previews.map((v) => [v.id, v]));
  const item = toListItem(listed);
  const theme = CatalogueThemeSchema.parse(c.theme ?? {});
  const publishing = PublishingInfoSchema.parse({
    publishState: c.publishState,
    featured: c.featured,
    featuredOnLeadPage: c.featuredOnLeadPage,
    packageCode: c.packageCode,
    packageGroupCode: c.packageGroupCode,
    tags: c.tags,
  });
  const detail: CatalogueDetail = {
    catalogueId: c.id,
    version: c.version,
    archived: c.archived,
    storeListed: item.storeListed,
    storeListingId: item.storeListingId,
    storeListingName: item.storeListingName,
    storeListingUrl: item.storeListingUrl,
    catalogueInfo: { catalogueName: c.name, catalogueCode: c.code, description: c.description },
    cataloguePublisher: { publisherName: c.publisherName, publisherLogoLink: c.publisherLogoLink },
    catalogueTheme: theme,
    resources: ((c.resources as CatalogueDetail['resources']) ?? []).map((r) => ({ ...r })),
    subjects: subjects.map((s) => ({
      subjectId: s.subjectId,
      subjectName: s.subjectName,
      subjectState: s.subjectState,
      imagePath: s.imagePath,
      duration: s.duration,
      trialVideoDuration: s.trialVideoDuration,
      videos: s.videos,
    })),
    instructors: (c.instructors as CatalogueDetail['instructors']) ?? [],
    subscriptions: subs.map(toSubscription),
    addOns: addOns.map((a) => ({
      addOnId: a.id,
      addOnName: a.name,
      price: paise(a.price),
      description: a.description,
      automationType: a.automationType === 'DELIVERY' || a.automationType === 'EMAIL' ? a.automationType : 'NONE',
    })),
    publishingInfo: publishing,
    previewVideos: previewIds.flatMap((id) => {
      const v = byId.get(id);
      if (!v) return [];
      return [
        {
          videoId: v.id,
          title: v.name,
          subjectName: c.name,
          transcodingStatus: v.transcodingStatus,
          duration: v.durationSeconds,
          catalogueId: v.catalogueId,
        },
      ];
    }),
    duration: item.duration,
    trialVideoDuration: item.trialVideoDuration,
    trialInfo: item.trialInfo,
    recipients: item.recipients,
    createdBy: { userId: c.createdBy, name: c.createdByName },
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
  return { detail, previews };
}
