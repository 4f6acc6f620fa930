import {
  GO_LIVE_EARLY_MINUTES,
  LISTING_GROUPS,
  LISTING_GROUP_LABELS,
  addIndiaDays,
  hasPermission,
  indiaCalendar,
  indiaMidnight,
  indianDate,
  paise,
  type ContentOverview,
  type FinanceOverview,
  type InstructorOverview,
  type LiveClass,
  type Overview,
  type OverviewFigure,
  type StaffOverview,
  type TranscodingEnvironment,
} from '@lectern/contract';
import type { AuthContext } from '../../lib/routing';
import type { AttendanceReader } from '../attendance';
import type { SignedInUsers } from '../auth';
import type { LiveClassesService } from '../live-classes';
import type { NotificationsReader } from '../notifications';
import type { SubjectsService } from '../subjects';
import type { TranscodingService } from '../transcoding';
import type { OverviewRepository } from './overview.repository';

/** An upload counts as 'uploading' for a day after it started; older unfinished ones were abandoned (aborted after a week). */
const UPLOADING_WITHIN_MS = 24 * 3600_000;
/** The transcoding lists are asked for every upload from this day on, so a figure counts them all. */
export const TRANSCODING_FROM = '2000-01-01';
/** How many staff the last sign-ins list shows. */
export const LAST_SIGN_INS = 6;

/** The services of other modules the overview reads (some registered after it, so asked for when needed). */
export interface OverviewSources {
  subjects: () => SubjectsService;
  transcoding: TranscodingService;
  transcodingEnvironment: () => TranscodingEnvironment;
  liveClasses: () => LiveClassesService;
  attendance: AttendanceReader;
}

const figure = (key: string, label: string, value: number, link: string | null): OverviewFigure => ({
  key,
  label,
  value,
  link,
});

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

/** The overview screen: who is signed in and, for each of their roles, the figures of their day. */
export class OverviewService {
  constructor(
    private readonly overview: OverviewRepository,
    private readonly auth: SignedInUsers,
    private readonly notifications: NotificationsReader,
    private readonly sources: OverviewSources,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async summary(caller: AuthContext): Promise<Overview> {
    const now = this.now();
    const info = await this.auth.loggedInUser(caller.userId);
    const figures: Overview['figures'] = [
      {
        key: 'unreadNotifications',
        label: 'Unread notifications',
        value: await this.notifications.unread(caller.userId),
        link: '/notifications',
      },
      { key: 'rolesHeld', label: 'Roles held', value: caller.roles.length, link: null },
    ];
    // Staff figures only for those who manage staff.
    if (hasPermission(caller.roles, 'userManagement')) {
      const counts = await this.overview.staffCounts();
      const live = await this.overview.liveSessions();
      figures.push(
        figure(
          'activeUsers',
          'Active staff users',
          counts.active,
          `/user-management?${query({ 'users.active': 'true' })}`,
        ),
        figure(
          'inactiveUsers',
          'Deactivated staff users',
          counts.inactive,
          `/user-management?${query({ 'users.active': 'false' })}`,
        ),
        figure('liveSessions', 'Signed-in sessions', live, null),
      );
    }
    const superAdmin = caller.roles.includes('SUPER_ADMIN');
    return {
      userName: info?.userName ?? '',
      roles: caller.roles,
      lastSignInAt: info?.lastSignInAt?.toISOString() ?? null,
      figures,
      today: indianDate(now),
      content: hasPermission(caller.roles, 'subjectView') ? await this.content(caller, now) : null,
      finance: hasPermission(caller.roles, 'commerce') ? await this.finance(now) : null,
      instructor:
        superAdmin || caller.roles.includes('INSTRUCTOR') ? await this.instructor(caller, superAdmin, now) : null,
      staff: hasPermission(caller.roles, 'userManagement') ? await this.staff() : null,
    };
  }

  /** Subjects by listing group (as the subject list groups them: theirs for developers and uploaders), review, videos. */
  private async content(caller: AuthContext, now: Date): Promise<ContentOverview> {
    const subjects = await this.sources.subjects().list(caller);
    const byGroup = LISTING_GROUPS.map((group) =>
      figure(
        `subjects.${group}`,
        LISTING_GROUP_LABELS[group],
        subjects.filter((s) => s.status === group).length,
        `/subject-management?${query({ group })}`,
      ),
    );
    const review = hasPermission(caller.roles, 'subjectReview')
      ? figure(
          'review',
          'Finished subjects to review',
          subjects.filter((s) => s.subjectState === 'FINISHED').length,
          '/subject-review',
        )
      : null;
    const videos: OverviewFigure[] = [];
    if (hasPermission(caller.roles, 'transcoding')) {
      const env = this.sources.transcodingEnvironment();
      const range = { environment: env, from: TRANSCODING_FROM, to: indianDate(now) };
      const link = (tab: string) => `/transcoding-manager?${query({ tab, env, from: range.from, to: range.to })}`;
      const waiting = await this.sources.transcoding.videosToBeTranscoded(caller, 'new', range);
      const running = await this.sources.transcoding.jobs(caller, 'running', range);
      const errored = await this.sources.transcoding.jobs(caller, 'errored', range);
      // an uploader counts their own; an admin everyone's
      const uploader = hasPermission(caller.roles, 'subjectReview') ? null : caller.userId;
      const uploading = await this.overview.videoUploadsInProgress(
        new Date(now.getTime() - UPLOADING_WITHIN_MS),
        uploader,
      );
      videos.push(
        figure('videos.uploading', 'Videos uploading', uploading, null),
        figure('videos.waiting', 'Videos to be transcoded', waiting.total, link('to-be-transcoded')),
        figure('videos.running', 'Videos transcoding', running.total, link('running')),
        figure('videos.errored', 'Videos errored', errored.total, link('errored')),
      );
    }
    return { subjects: byGroup, review, videos };
  }

  /** Paid orders placed today and this month with their revenue by day, deliveries, coupons ending this week. */
  private async finance(now: Date): Promise<FinanceOverview> {
    const { today, weekEnd, monthStart } = indiaCalendar(now);
    const paid = await this.overview.paidOrdersByDay(indiaMidnight(monthStart), indiaMidnight(addIndiaDays(today, 1)));
    const days: FinanceOverview['days'] = [];
    for (let day = monthStart; day <= today; day = addIndiaDays(day, 1)) {
      const found = paid.find((p) => p.day === day);
      days.push({ day, orders: found?.orders ?? 0, revenue: paise(found?.revenue ?? 0) });
    }
    const todayRow = days.at(-1);
    const pending = await this.overview.pendingDeliveries();
    const processed = await this.overview.processedOn(today);
    const ending = await this.overview.couponsEnding(today, weekEnd);
    return {
      ordersToday: todayRow?.orders ?? 0,
      revenueToday: todayRow?.revenue ?? paise(0),
      ordersThisMonth: days.reduce((n, d) => n + d.orders, 0),
      revenueThisMonth: paise(days.reduce((n, d) => n + d.revenue, 0)),
      days,
      links: {
        today: `/orders?${query({ 'orders.status': 'PAID', 'orders.from': today, 'orders.to': today })}`,
        month: `/orders?${query({ 'orders.status': 'PAID', 'orders.from': monthStart, 'orders.to': today })}`,
      },
      figures: [
        figure('deliveries.pending', 'Deliveries pending', pending, '/deliveryManagement?tab=pending'),
        figure(
          'deliveries.processedToday',
          'Deliveries processed today',
          processed,
          `/deliveryManagement?${query({ tab: 'processed', 'delivery.processedOn': today })}`,
        ),
        figure(
          'coupons.endingThisWeek',
          'Coupons expiring this week',
          ending,
          `/coupons?${query({ 'coupons.status': 'ACTIVE', 'coupons.endsBy': weekEnd })}`,
        ),
      ],
    };
  }

  /** An instructor's own classes (a super admin's: everyone's) today and this week, and the last class's attendance. */
  private async instructor(caller: AuthContext, all: boolean, now: Date): Promise<InstructorOverview> {
    const { today, weekStart } = indiaCalendar(now);
    const service = this.sources.liveClasses();
    const who = all ? 'all' : 'me';
    const week = await service.schedule(caller, who, {
      from: indiaMidnight(weekStart).toISOString(),
      to: indiaMidnight(addIndiaDays(weekStart, 7)).toISOString(),
    });
    const todays = week.filter((c) => indianDate(new Date(c.startTime)) === today);
    const goLive = (c: LiveClass) =>
      !all &&
      c.status !== 'ENDED' &&
      now.getTime() >= Date.parse(c.startTime) - GO_LIVE_EARLY_MINUTES * 60_000 &&
      c.teacherId === caller.userId;
    const calendar = `/live-classes?${query({ week: weekStart })}`;
    const held = await service.schedule(caller, who, { to: now.toISOString(), status: 'ENDED' });
    const last = held.reduce<LiveClass | null>(
      (latest, c) => (!latest || Date.parse(c.startTime) > Date.parse(latest.startTime) ? c : latest),
      null,
    );
    const summary = last ? await this.sources.attendance.summary(caller, last.liveClassId, last.classRoomType) : null;
    return {
      today: todays.map((c) => ({
        liveClassId: c.liveClassId,
        title: c.title,
        startTime: c.startTime,
        endTime: c.endTime,
        status: c.status,
        classRoomType: c.classRoomType,
        canGoLive: goLive(c),
      })),
      figures: [figure('classes.week', all ? 'Classes this week' : 'Your classes this week', week.length, calendar)],
      lastClass:
        last && summary
          ? {
              liveClassId: last.liveClassId,
              title: last.title,
              startTime: last.startTime,
              invited: summary.invited,
              joined: summary.joined,
              present: summary.present,
              link: `/live-classes/insights?${query({ liveClassId: last.liveClassId })}`,
            }
          : null,
    };
  }

  private async staff(): Promise<StaffOverview> {
    const recent = await this.overview.lastSignIns(LAST_SIGN_INS);
    return {
      lastSignIns: recent.map((r) => ({ ...r, lastSignInAt: r.lastSignInAt.toISOString() })),
    };
  }
}
