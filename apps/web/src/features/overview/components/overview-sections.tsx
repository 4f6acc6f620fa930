import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import {
  plural,
  ROLE_LABELS,
  RoleSchema,
  formatDateLong,
  formatIndiaSpan,
  formatIndianNumber,
  formatMoney,
  formatRelativeTime,
  type ContentOverview,
  type FinanceOverview,
  type InstructorOverview,
  type OverviewFigure,
  type StaffOverview,
} from '@lectern/contract';
import { FigureCard } from './figure-card';
import { RevenueChart, SubjectsChart } from './overview-charts';

export const GRID = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: {
    xs: 'repeat(2, minmax(0, 1fr))',
    sm: 'repeat(2, 1fr)',
    lg: 'repeat(3, 1fr)',
    xl: 'repeat(4, 1fr)',
  },
} as const;

export function roleLabel(role: string): string {
  const parsed = RoleSchema.safeParse(role);
  return parsed.success ? ROLE_LABELS[parsed.data] : role;
}

/** A part of the overview: an h2 and its figures. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={`overview-${id}`} sx={{ mt: 4 }} data-testid={`section-${id}`}>
      <Typography id={`overview-${id}`} variant="h2" sx={{ fontSize: '1.2rem', fontWeight: 700, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** A card with a small heading, for a chart or a list. */
function Panel({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent sx={{ p: { xs: 2, sm: 2.5 } }}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1, mb: 1 }}>
          <Typography variant="overline" color="text.secondary" component="h3" sx={{ lineHeight: 1.4 }}>
            {title}
          </Typography>
          {action}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

/** Figures as a list of links: label, value and an arrow (the subjects by group beside their chart). */
function FigureLinks({ figures, label }: { figures: readonly OverviewFigure[]; label: string }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {figures.map((f) => (
        <li key={f.key} data-testid={`figure-${f.key}`}>
          <Link
            component={RouterLink}
            to={f.link ?? '#'}
            underline="hover"
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              py: 0.75,
              px: 1,
              borderRadius: 1,
              color: 'text.primary',
              '&:hover, &:focus-visible': { bgcolor: 'action.hover' },
            }}
          >
            <Box component="span" sx={{ flex: 1 }}>
              {f.label}
            </Box>
            <Box component="span" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
              {formatIndianNumber(f.value)}
            </Box>
            <ArrowForwardRounded fontSize="small" aria-hidden="true" sx={{ color: 'primary.main' }} />
          </Link>
        </li>
      ))}
    </Box>
  );
}

/** The subjects chart in words. */
export function subjectsSummary(groups: readonly OverviewFigure[]): string {
  const total = groups.reduce((n, g) => n + g.value, 0);
  const parts = groups.filter((g) => g.value > 0).map((g) => `${g.label} ${formatIndianNumber(g.value)}`);
  return `${plural(total, 'subject')}${parts.length ? `: ${parts.join(', ')}` : ''}.`;
}

export function ContentSection({ content, mine }: { content: ContentOverview; mine: boolean }) {
  const total = content.subjects.reduce((n, g) => n + g.value, 0);
  const summary = subjectsSummary(content.subjects);
  return (
    <Section
      id="content"
      title={`${mine ? 'Your subjects' : 'Subjects'}${content.videos.length > 0 ? ' and videos' : ''}`}
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, mb: 2 }}>
        <Panel title={mine ? 'Your subjects by state' : 'Subjects by state'}>
          {total === 0 ? (
            <Typography color="text.secondary">
              {mine ? 'No subjects are assigned to you yet.' : 'No subjects yet.'}
            </Typography>
          ) : (
            <SubjectsChart groups={content.subjects} summary={summary} />
          )}
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="subjects-summary">
            {summary}
          </Typography>
        </Panel>
        <Panel title="Open a list">
          <FigureLinks figures={content.subjects} label="Subjects by state" />
        </Panel>
      </Box>
      {(content.review || content.videos.length > 0) && (
        <Box sx={GRID}>
          {content.review && <FigureCard figure={content.review} />}
          {content.videos.map((f) => (
            <FigureCard key={f.key} figure={f} />
          ))}
        </Box>
      )}
    </Section>
  );
}

const DAY_FORMAT = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayName = (day: string) => DAY_FORMAT.format(new Date(`${day}T00:00:00Z`));

/** The revenue chart in words: the month's total and its best day. */
export function revenueSummary(finance: FinanceOverview): string {
  const best = finance.days.reduce<FinanceOverview['days'][number] | null>(
    (top, d) => (d.revenue > 0 && (!top || d.revenue > top.revenue) ? d : top),
    null,
  );
  const orders = plural(finance.ordersThisMonth, 'paid order');
  const head = `${formatMoney(finance.revenueThisMonth)} from ${orders} this month`;
  return best ? `${head}; the best day was ${dayName(best.day)} with ${formatMoney(best.revenue)}.` : `${head}.`;
}

export function FinanceSection({ finance }: { finance: FinanceOverview }) {
  const money = (key: string, label: string, value: number, text: string) => (
    <FigureCard
      figure={{ key, label, value, link: key.endsWith('.today') ? finance.links.today : finance.links.month }}
      text={text}
    />
  );
  const summary = revenueSummary(finance);
  return (
    <Section id="finance" title="Orders, deliveries and coupons">
      <Box sx={{ ...GRID, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(4, 1fr)' } }}>
        {money('orders.today', 'Paid orders today', finance.ordersToday, formatIndianNumber(finance.ordersToday))}
        {money('revenue.today', 'Revenue today', finance.revenueToday, formatMoney(finance.revenueToday))}
        {money(
          'orders.month',
          'Paid orders this month',
          finance.ordersThisMonth,
          formatIndianNumber(finance.ordersThisMonth),
        )}
        {money('revenue.month', 'Revenue this month', finance.revenueThisMonth, formatMoney(finance.revenueThisMonth))}
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' }, mt: 2 }}>
        <Panel title="Revenue by day this month">
          {finance.ordersThisMonth === 0 ? (
            <Typography color="text.secondary">No paid orders this month yet.</Typography>
          ) : (
            <RevenueChart days={finance.days} summary={summary} />
          )}
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="revenue-summary">
            {summary}
          </Typography>
        </Panel>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', lg: '1fr' } }}>
          {finance.figures.map((f) => (
            <FigureCard key={f.key} figure={f} />
          ))}
        </Box>
      </Box>
    </Section>
  );
}

export function ClassesSection({ classes, all }: { classes: InstructorOverview; all: boolean }) {
  const last = classes.lastClass;
  return (
    <Section id="classes" title={all ? 'Live classes' : 'Your classes'}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, alignItems: 'start' }}>
        <Panel title={all ? 'Classes today' : 'Your classes today'}>
          {classes.today.length === 0 ? (
            <Typography color="text.secondary">No classes today.</Typography>
          ) : (
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Classes today">
              {classes.today.map((c) => {
                const span = formatIndiaSpan(c.startTime, c.endTime);
                return (
                  <Box
                    component="li"
                    key={c.liveClassId}
                    data-testid={`class-${c.liveClassId}`}
                    sx={{
                      display: 'flex',
                      flexWrap: 'wrap',
                      alignItems: 'center',
                      gap: 1,
                      py: 1,
                      borderTop: 1,
                      borderColor: 'divider',
                      '&:first-of-type': { borderTop: 0 },
                    }}
                  >
                    <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
                      <Typography sx={{ fontWeight: 600 }}>{c.title}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {span.start} – {span.end} · {c.classRoomType === 'offline' ? 'Classroom' : 'Online'}
                      </Typography>
                    </Box>
                    {c.status === 'LIVE' && <Chip label="Live now" color="error" size="small" />}
                    {c.status === 'ENDED' && <Chip label="Ended" size="small" />}
                    {c.canGoLive && (
                      <Button
                        component={RouterLink}
                        to="/go-live"
                        variant="contained"
                        size="small"
                        aria-label={`Go live: ${c.title}`}
                      >
                        Go live
                      </Button>
                    )}
                  </Box>
                );
              })}
            </Box>
          )}
        </Panel>
        <Box sx={{ display: 'grid', gap: 2 }}>
          {classes.figures.map((f) => (
            <FigureCard key={f.key} figure={f} />
          ))}
          <Panel
            title="Last class's attendance"
            action={
              last ? (
                <Link component={RouterLink} to={last.link} variant="body2" sx={{ fontWeight: 600 }}>
                  Insights
                </Link>
              ) : undefined
            }
          >
            {last ? (
              <Box data-testid="last-class">
                <Typography sx={{ fontWeight: 600 }}>{last.title}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {formatIndiaSpan(last.startTime, last.startTime).start}
                </Typography>
                <Typography sx={{ mt: 1, fontSize: '1.5rem', fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
                  {formatIndianNumber(last.present)} of {formatIndianNumber(last.invited)} present
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {formatIndianNumber(last.joined)} joined
                </Typography>
              </Box>
            ) : (
              <Typography color="text.secondary">No class held yet.</Typography>
            )}
          </Panel>
        </Box>
      </Box>
    </Section>
  );
}

export function StaffSection({ staff }: { staff: StaffOverview }) {
  return (
    <Section id="staff" title="Staff">
      <Panel title="Last sign-ins">
        {staff.lastSignIns.length === 0 ? (
          <Typography color="text.secondary">No one has signed in yet.</Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Last sign-ins">
            {staff.lastSignIns.map((s) => (
              <Box
                component="li"
                key={s.userId}
                sx={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  alignItems: 'baseline',
                  columnGap: 2,
                  py: 1,
                  borderTop: 1,
                  borderColor: 'divider',
                  '&:first-of-type': { borderTop: 0 },
                }}
              >
                <Typography sx={{ fontWeight: 600, flex: '1 1 160px' }}>{s.name}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 160px' }}>
                  {s.roles.map(roleLabel).join(', ')}
                </Typography>
                <Typography
                  variant="body2"
                  component="time"
                  dateTime={s.lastSignInAt}
                  title={formatDateLong(s.lastSignInAt)}
                >
                  {formatDateLong(s.lastSignInAt)}
                  {formatRelativeTime(s.lastSignInAt) === 'now'
                    ? ' (just now)'
                    : ` (${formatRelativeTime(s.lastSignInAt)} ago)`}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </Panel>
    </Section>
  );
}
