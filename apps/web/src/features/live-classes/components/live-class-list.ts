import { z } from 'zod';

import { LIVE_CLASS_STATUSES, liveClassesContract, type LiveClassStatus, type ScheduleQuery } from '@lectern/contract';
import { addDays, indiaDayStart, indiaToday, weekStart } from './class-time';

/** The list's URL prefix (?classes.page=2). */
export const LIVE_CLASSES_URL_KEY = 'classes';

type StatusParam = Lowercase<LiveClassStatus>;
const STATUS_PARAMS = LIVE_CLASS_STATUSES.map((status) => status.toLowerCase()) as [StatusParam, ...StatusParam[]];

/**
 * The schedule's view, week and filters, kept in the URL so a view can be linked: the route's batch
 * and teacher, the status (?status=live, any case), and the Monday of the week shown (India).
 */
export const LIVE_CLASS_FILTERS = liveClassesContract.schedule.query.pick({ batchId: true, teacherId: true }).extend({
  view: z.enum(['calendar', 'list']).default('calendar'),
  week: z.iso
    .date()
    .transform(weekStart)
    .default(() => weekStart(indiaToday())),
  status: z.string().toLowerCase().pipe(z.enum(STATUS_PARAMS)).optional(),
});

export type LiveClassFilters = z.output<typeof LIVE_CLASS_FILTERS>;

/** URL names kept from before the controller (links build them). */
export const LIVE_CLASS_PARAM_NAMES = {
  view: 'view',
  week: 'week',
  batchId: 'batch',
  teacherId: 'teacher',
  status: 'status',
} as const;

/** The status a status parameter names. */
export function statusOf(param: StatusParam | undefined): LiveClassStatus | undefined {
  return LIVE_CLASS_STATUSES.find((status) => status.toLowerCase() === param);
}

/** The server's query: the filters, and in the calendar the week shown. */
export function scheduleQuery(filters: LiveClassFilters): ScheduleQuery {
  const query: ScheduleQuery = {};
  if (filters.batchId) query.batchId = filters.batchId;
  if (filters.teacherId) query.teacherId = filters.teacherId;
  const status = statusOf(filters.status);
  if (status) query.status = status;
  if (filters.view === 'calendar') {
    query.from = new Date(indiaDayStart(filters.week)).toISOString();
    query.to = new Date(indiaDayStart(addDays(filters.week, 7))).toISOString();
  }
  return query;
}
