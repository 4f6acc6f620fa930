import { paise, splitGst, type CatalogueStorefront } from '@lectern/contract';
import { readEndpoints } from '../../transcoder/transcoder';
import { loadCatalogue } from './catalogue-detail';
import type { CataloguesRepository } from './catalogues.repository';

/** The storefront query: a catalogue as a student would read it. */
export class StorefrontService {
  constructor(private readonly repo: CataloguesRepository) {}

  /** The storefront view: what a student would read of the catalogue, with prices split for GST. */
  async storefront(catalogueId: string): Promise<CatalogueStorefront> {
    const { detail, previews } = await loadCatalogue(this.repo, catalogueId);
    const link = await this.repo.storeLink(catalogueId);
    const byId = new Map(previews.map((v) => [v.id, v]));
    const banner =
      detail.catalogueTheme.images.find((i) => i.catalogueImageType === 'BANNER') ?? detail.catalogueTheme.images[0];
    return {
      catalogueId,
      catalogueName: detail.catalogueInfo.catalogueName,
      catalogueCode: detail.catalogueInfo.catalogueCode,
      description: detail.catalogueInfo.description,
      category:
        link?.categoryId && link.categoryName
          ? {
              categoryId: link.categoryId,
              categoryName: link.categoryName,
              subCategory:
                link.subCategoryId && link.subCategoryName
                  ? { subCategoryId: link.subCategoryId, subCategoryName: link.subCategoryName }
                  : null,
            }
          : null,
      imagePath: banner?.imageLink ?? null,
      colour: detail.catalogueTheme.colour,
      student: detail.recipients,
      internalStudent: 0,
      features: detail.subjects.map((s) => s.subjectName),
      featured: detail.publishingInfo.featured,
      publishState: detail.publishingInfo.publishState,
      packageCode: detail.publishingInfo.packageCode,
      packageGroupCode: detail.publishingInfo.packageGroupCode,
      previewVideos: detail.previewVideos.map((v) => {
        const { master, poster } = readEndpoints((byId.get(v.videoId)?.endpoints as string[] | null) ?? []);
        return { videoUrl: master, thumbnail: poster, subjectName: v.title };
      }),
      instructors: detail.instructors,
      prices: detail.subscriptions.map((s) => {
        const actual = s.listPrice ?? s.price;
        return {
          subscriptionId: s.subscriptionId,
          subscriptionLabel: s.subscriptionLabel,
          actualPrice: actual,
          finalPrice: s.price,
          discount: paise(actual - s.price),
          discountName: actual > s.price ? 'Offer price' : null,
          gst: splitGst(s.price).gst,
          expire: s.subscriptionEndDate,
          fixed: s.subscriptionType === 'FIXED',
          numberOfMonths: s.numberOfMonths,
        };
      }),
      // Coupons shown on a catalogue arrive with issue 16.
      coupons: [],
      tags: detail.publishingInfo.tags,
      version: detail.version,
      totalVideos: detail.subjects.reduce((n, subject) => n + subject.videos, 0),
      totalHours: Math.round(detail.duration / 360) / 10,
    };
  }
}
