import { z } from 'zod';

import { BatchSchema, type Batch } from '@lectern/contract';

/** The table's URL prefix: ?batches.q=kota&batches.branch=…&batches.status=ACTIVE. */
export const BATCHES_URL_KEY = 'batches';

export type BatchTab = 'batches' | 'groups';

/**
 * The screen's tab and the list's filters, kept in the URL. The server sends every batch at once (spec
 * 2 §9), so the filters are the batch's own fields, narrowed here.
 */
export const BATCH_FILTERS = BatchSchema.pick({ branchId: true, programId: true, status: true })
  .partial()
  .extend({ tab: z.enum(['batches', 'groups']).default('batches') });

export type BatchFilters = z.output<typeof BATCH_FILTERS>;

/** URL names kept from before the controller (links build them). */
export const BATCH_PARAM_NAMES = {
  tab: 'tab',
  branchId: `${BATCHES_URL_KEY}.branch`,
  programId: `${BATCHES_URL_KEY}.program`,
} as const;

/** The batches the filters keep. */
export function filterBatches(batches: readonly Batch[], filters: BatchFilters): Batch[] {
  return batches.filter(
    (batch) =>
      (!filters.branchId || batch.branchId === filters.branchId) &&
      (!filters.programId || batch.programId === filters.programId) &&
      (!filters.status || batch.status === filters.status),
  );
}
