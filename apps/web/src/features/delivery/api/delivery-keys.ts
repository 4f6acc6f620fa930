import { queryKeys } from '../../../lib/query-keys';

/** The delivery screen's queries: the lists (by status and filters), the catalogues' counts, each package. */
export const deliveryKeys = {
  all: ['delivery'] as const,
  lists: queryKeys.deliveryLists,
  catalogues: ['delivery', 'catalogues'] as const,
  package: (packageId: string) => ['delivery', 'package', packageId] as const,
};
