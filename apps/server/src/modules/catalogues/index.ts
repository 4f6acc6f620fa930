// What other modules may use of the catalogues module: read its catalogues, map its rows. Its
// repository and service stay inside; lint refuses an import deeper than this file.
import type { Database } from '../../db/client';
import { CataloguesRepository } from './catalogues.repository';

export type { AddOnRow, CatalogueListRow, OtsRow, SubscriptionRow } from './catalogues.repository';
export { toSubscription } from './catalogue-detail';

/** The catalogues others read: listing, one catalogue, its subscriptions and add-ons. */
export type CataloguesReader = Pick<CataloguesRepository, 'list' | 'byId' | 'subscriptionsOf' | 'addOnsOf'>;

export function cataloguesReader(database: Database): CataloguesReader {
  return new CataloguesRepository(database);
}
