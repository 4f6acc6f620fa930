import { z } from 'zod';
import { MoneySchema } from '../money';
import { LiveClassStatusSchema } from '../live-classes/live-classes.schemas';
import { indianDate } from '../payments/invoice-rules';

// The Account Overview (spec 1 §2 /overview, issue 20): the page each role opens first. Every figure
// is read from the database when asked for, and links to the list it counts, filtered so that the
// list shows exactly that many rows. 'Today', 'this week' (Monday to Sunday) and 'this month' are India's.

export const OverviewFigureSchema = z.object({
  key: z.string(),
  label: z.string(),
  value: z.number(),
  /** a console route with more detail: the filtered list the figure counts */
  link: z.string().nullable(),
});
export type OverviewFigure = z.infer<typeof OverviewFigureSchema>;

/** Content staff: their subjects by listing group, what waits for their review, and videos. */
export const ContentOverviewSchema = z.object({
  /** every listing group in display order, zero when empty (developers and uploaders: only theirs) */
  subjects: z.array(OverviewFigureSchema),
  /** content admins: subjects submitted for review */
  review: OverviewFigureSchema.nullable(),
  /** transcoding staff: videos waiting to be transcoded, transcoding, errored; empty for developers */
  videos: z.array(OverviewFigureSchema),
});
export type ContentOverview = z.infer<typeof ContentOverviewSchema>;

export const RevenueDaySchema = z.object({
  /** India day, YYYY-MM-DD */
  day: z.string(),
  orders: z.number().int(),
  revenue: MoneySchema,
});

/** Finance: paid orders and their revenue, deliveries, coupons ending this week. */
export const FinanceOverviewSchema = z.object({
  ordersToday: z.number().int(),
  revenueToday: MoneySchema,
  ordersThisMonth: z.number().int(),
  revenueThisMonth: MoneySchema,
  /** every India day of this month up to today, for the chart */
  days: z.array(RevenueDaySchema),
  /** the orders list filtered as the figures count: paid orders placed today, and this month */
  links: z.object({ today: z.string(), month: z.string() }),
  /** deliveries pending and processed today, coupons expiring this week */
  figures: z.array(OverviewFigureSchema),
});
export type FinanceOverview = z.infer<typeof FinanceOverviewSchema>;

export const OverviewClassSchema = z.object({
  liveClassId: z.string(),
  title: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  status: LiveClassStatusSchema,
  classRoomType: z.enum(['live', 'offline']),
  /** may go live now: not ended, from 15 minutes before its start */
  canGoLive: z.boolean(),
});
export type OverviewClass = z.infer<typeof OverviewClassSchema>;

/** Instructors: their own classes today and this week, and the last class's attendance. */
export const InstructorOverviewSchema = z.object({
  today: z.array(OverviewClassSchema),
  /** classes today and this week, linking to the week's calendar */
  figures: z.array(OverviewFigureSchema),
  lastClass: z
    .object({
      liveClassId: z.string(),
      title: z.string(),
      startTime: z.string(),
      invited: z.number().int(),
      joined: z.number().int(),
      present: z.number().int(),
      link: z.string(),
    })
    .nullable(),
});
export type InstructorOverview = z.infer<typeof InstructorOverviewSchema>;

/** Super admins: the staff who signed in last (the staff figures are among the overview's own). */
export const StaffOverviewSchema = z.object({
  lastSignIns: z.array(
    z.object({ userId: z.string(), name: z.string(), roles: z.array(z.string()), lastSignInAt: z.string() }),
  ),
});
export type StaffOverview = z.infer<typeof StaffOverviewSchema>;

export const OverviewSchema = z.object({
  userName: z.string(),
  roles: z.array(z.string()),
  lastSignInAt: z.string().nullable(),
  /** for everyone: unread notifications, roles held; for super admins: active and deactivated staff, sessions */
  figures: z.array(OverviewFigureSchema),
  /** India's today, YYYY-MM-DD, the day the figures were counted on */
  today: z.string().optional(),
  /** each section only for the roles it is for; absent (null) for the others */
  content: ContentOverviewSchema.nullable().optional(),
  finance: FinanceOverviewSchema.nullable().optional(),
  instructor: InstructorOverviewSchema.nullable().optional(),
  staff: StaffOverviewSchema.nullable().optional(),
});
export type Overview = z.infer<typeof OverviewSchema>;

// India's calendar (UTC+05:30, no daylight saving) for the overview's 'today', 'this week' and 'this month'.

const IST_OFFSET_MS = 5.5 * 3600_000;
const DAY_MS = 86_400_000;

/** The day `days` after an India day (YYYY-MM-DD). */
export function addIndiaDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The instant an India day starts (its midnight in India). */
export function indiaMidnight(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS);
}

/** India's today, this week (Monday to Sunday) and this month (the 1st to today) at `now`. */
export function indiaCalendar(now: Date = new Date()): {
  today: string;
  weekStart: string;
  weekEnd: string;
  monthStart: string;
} {
  const today = indianDate(now);
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  const weekStart = addIndiaDays(today, -((weekday + 6) % 7));
  return { today, weekStart, weekEnd: addIndiaDays(weekStart, 6), monthStart: `${today.slice(0, 8)}01` };
}
