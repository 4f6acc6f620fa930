import { z } from 'zod';

import { DELIVERY_STATUSES, deliveryContract, indianDate, type DeliveryStatus } from '@lectern/contract';

/** The table's URL prefix: ?delivery.search=ananya&delivery.mode=COURIER&delivery.from=2026-11-01. */
export const DELIVERY_URL_KEY = 'delivery';

const TABS = DELIVERY_STATUSES.map((status) => status.toLowerCase() as Lowercase<DeliveryStatus>);
const DAY = z.iso.date();
const bothDays = (v: { from?: string; to?: string }) => (v.from === undefined) === (v.to === undefined);

/**
 * The list's tab, search and filters, kept in the URL: the route's query (the order's days both or
 * neither), the status tab (?tab=processed, any case), and the day of processing the page narrows by.
 */
export const DELIVERY_FILTERS = deliveryContract.list.query
  .extend({
    tab: z
      .string()
      .toLowerCase()
      .pipe(z.enum(TABS as [Lowercase<DeliveryStatus>, ...Lowercase<DeliveryStatus>[]]))
      .default('pending'),
    /** YYYY-MM-DD: only packages processed on that India day (the overview's 'processed today') */
    processedOn: DAY.optional(),
  })
  .refine(bothDays, { path: ['from'] })
  .refine(bothDays, { path: ['to'] });

export type DeliveryFilters = z.output<typeof DELIVERY_FILTERS>;

/** URL names kept from before the controller: links from the overview build them. */
export const DELIVERY_PARAM_NAMES = {
  tab: 'tab',
  catalogueId: `${DELIVERY_URL_KEY}.catalogue`,
  deliveryMode: `${DELIVERY_URL_KEY}.mode`,
} as const;

/** The status the tab shows. */
export function statusOf(filters: Pick<DeliveryFilters, 'tab'>): DeliveryStatus {
  return DELIVERY_STATUSES.find((status) => status.toLowerCase() === filters.tab) ?? 'PENDING';
}

/** The rows shown of the server's: those processed on `processedOn` (India day) when it is set. */
export function narrowPackages<T extends { processedAt: string | null }>(
  rows: readonly T[],
  processedOn: string | undefined,
): T[] {
  if (!processedOn) return [...rows];
  return rows.filter((row) => row.processedAt !== null && indianDate(new Date(row.processedAt)) === processedOn);
}
