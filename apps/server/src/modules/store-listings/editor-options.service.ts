import { indianDate, type ListableCatalogue, type RecommendedListing, type StoreCoupon } from '@lectern/contract';
import { readEndpoints } from '../../transcoder/transcoder';
import { toSubscription, type CatalogueListRow, type CataloguesReader } from '../catalogues';
import type { CouponsReader } from '../coupons';
import { hoursOf, missingListing, toAddOn, toRecommended } from './store-listing-page';
import type { StoreListingsRepository } from './store-listings.repository';

/** What the listing editor offers to choose from: catalogues, recommendations, coupons. */
export class EditorOptionsService {
  constructor(
    private readonly repo: StoreListingsRepository,
    private readonly catalogues: CataloguesReader,
    private readonly couponsRepo: CouponsReader,
  ) {}

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
}
