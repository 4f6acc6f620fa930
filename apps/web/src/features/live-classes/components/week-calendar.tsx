import { useLayoutEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import VisibilityOffOutlinedIcon from '@mui/icons-material/VisibilityOffOutlined';
import { formatIndiaTime, type LiveClass } from '@lectern/contract';
import { VisuallyHidden } from '../../../components/visually-hidden';
import { addDays, formatDay, formatLongDay, indiaParts } from './class-time';
import { LIVE_CLASS_STATUS_STYLES, STATUS_LABELS, audienceText } from './live-class-display';

/** Height of one hour in the calendar, px. */
export const HOUR_PX = 56;
const DEFAULT_HOURS = { first: 8, last: 20 };

/** A class placed in its day column: minutes from the column's top, height in minutes, its lane. */
export interface PlacedClass {
  liveClass: LiveClass;
  day: string;
  startMinute: number;
  endMinute: number;
  lane: number;
  lanes: number;
}

/**
 * Where each class of the week goes: its India day, its start and end in minutes of that day (a class
 * running past midnight ends at the day's end), and side-by-side lanes for classes at the same time.
 */
export function placeClasses(week: string, classes: readonly LiveClass[]): PlacedClass[] {
  const days = Array.from({ length: 7 }, (_, i) => addDays(week, i));
  const placed: PlacedClass[] = [];
  for (const day of days) {
    const ofDay = classes
      .map((liveClass) => ({ liveClass, start: indiaParts(liveClass.startTime) }))
      .filter(({ start }) => start.day === day)
      .map(({ liveClass, start }) => ({
        liveClass,
        day,
        startMinute: start.minutes,
        endMinute: Math.min(24 * 60, start.minutes + liveClass.durationMinutes),
      }))
      .sort((a, b) => a.startMinute - b.startMinute || a.endMinute - b.endMinute);
    // clusters of classes that overlap one another share the width, each in the first free lane
    let cluster: PlacedClass[] = [];
    let clusterEnd = -1;
    const close = () => {
      const lanes = Math.max(1, ...cluster.map((c) => c.lane + 1));
      for (const c of cluster) c.lanes = lanes;
      placed.push(...cluster);
      cluster = [];
    };
    for (const item of ofDay) {
      if (item.startMinute >= clusterEnd && cluster.length > 0) close();
      const laneEnds = new Map<number, number>();
      for (const c of cluster) laneEnds.set(c.lane, Math.max(laneEnds.get(c.lane) ?? 0, c.endMinute));
      let lane = 0;
      while ((laneEnds.get(lane) ?? -1) > item.startMinute) lane += 1;
      cluster.push({ ...item, lane, lanes: 1 });
      clusterEnd = Math.max(clusterEnd, item.endMinute);
    }
    if (cluster.length > 0) close();
  }
  return placed;
}

/** The hours shown: 8 AM to 8 PM, widened to hold every class of the week. */
export function visibleHours(placed: readonly PlacedClass[]): { first: number; last: number } {
  let { first, last } = DEFAULT_HOURS;
  for (const p of placed) {
    first = Math.min(first, Math.floor(p.startMinute / 60));
    last = Math.max(last, Math.ceil(p.endMinute / 60));
  }
  return { first, last: Math.min(24, last) };
}

/** Classes before this hour are the night's: the view opens below them. */
const DAY_FROM_HOUR = 6;

/**
 * The hour the calendar opens at: the week's first class of the day (from 6 AM), or 8 AM when that is
 * later or there is none; a week of night classes only opens at its first. A class in the small hours
 * widens the grid up to midnight, but the view still opens on the working day.
 */
function openingHour(placed: readonly PlacedClass[]): number {
  if (placed.length === 0) return DEFAULT_HOURS.first;
  const starts = placed.map((p) => p.startMinute);
  const byDay = starts.filter((minute) => minute >= DAY_FROM_HOUR * 60);
  if (byDay.length === 0) return Math.floor(Math.min(...starts) / 60);
  return Math.min(DEFAULT_HOURS.first, Math.floor(Math.min(...byDay) / 60));
}

const hourLabel = (hour: number) =>
  hour === 0 || hour === 24 ? '12 AM' : hour === 12 ? '12 PM' : hour < 12 ? `${hour} AM` : `${hour - 12} PM`;

export interface WeekCalendarProps {
  /** the Monday shown */
  week: string;
  classes: readonly LiveClass[];
  /** today in India, highlighted */
  today: string;
  onOpen: (liveClass: LiveClass) => void;
}

/** What the block's text leaves out, for screen readers (the name stays the visible text, then this). */
function hiddenDetails(liveClass: LiveClass): string {
  return `, to ${formatIndiaTime(liveClass.endTime)}, ${STATUS_LABELS[liveClass.status]}${liveClass.enabled ? '' : ', hidden from students'}`;
}

/**
 * The week's classes: seven day columns with the classes as blocks by time (India), each a button
 * that opens it; on a phone the days as a list instead.
 */
export function WeekCalendar({ week, classes, today, onOpen }: WeekCalendarProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const days = Array.from({ length: 7 }, (_, i) => addDays(week, i));
  const placed = placeClasses(week, classes);
  const { first, last } = visibleHours(placed);
  const opening = openingHour(placed);
  const hoursBox = useRef<HTMLDivElement>(null);
  // each week (and the phone's list turning back into the grid) opens at its opening hour
  useLayoutEffect(() => {
    if (hoursBox.current) hoursBox.current.scrollTop = (opening - first) * HOUR_PX;
  }, [week, phone, opening, first]);
  if (phone) return <DayList days={days} placed={placed} today={today} onOpen={onOpen} />;

  const hours = Array.from({ length: last - first }, (_, i) => first + i);
  const height = (last - first) * HOUR_PX;
  return (
    <Box
      role="region"
      aria-label="Week calendar"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden', bgcolor: 'background.paper' }}
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: '64px repeat(7, minmax(0, 1fr))' }}>
        <Box sx={{ borderBottom: 1, borderColor: 'divider' }} />
        {days.map((day) => (
          <Box
            key={day}
            sx={{
              borderBottom: 1,
              borderLeft: 1,
              borderColor: 'divider',
              px: 1,
              py: 0.75,
              textAlign: 'center',
              bgcolor: day === today ? 'rgba(88, 80, 236, 0.08)' : undefined,
            }}
          >
            <Typography
              component="h3"
              variant="body2"
              sx={{ fontWeight: day === today ? 700 : 600, color: day === today ? 'primary.dark' : 'text.primary' }}
            >
              {formatDay(day)}
              {day === today && (
                <Box component="span" sx={{ display: 'block', fontSize: 11 }}>
                  Today
                </Box>
              )}
            </Typography>
          </Box>
        ))}
      </Box>
      <Box ref={hoursBox} data-testid="week-calendar-hours" sx={{ maxHeight: 640, overflowY: 'auto' }}>
        <Box sx={{ display: 'grid', gridTemplateColumns: '64px repeat(7, minmax(0, 1fr))', position: 'relative' }}>
          <Box sx={{ position: 'relative', height }} aria-hidden="true">
            {hours.map((hour) => (
              <Typography
                key={hour}
                variant="caption"
                color="text.secondary"
                sx={{ position: 'absolute', top: (hour - first) * HOUR_PX + 2, right: 8 }}
              >
                {hourLabel(hour)}
              </Typography>
            ))}
          </Box>
          {days.map((day) => (
            <Box
              key={day}
              role="group"
              aria-label={formatLongDay(day)}
              data-day={day}
              sx={{
                position: 'relative',
                height,
                borderLeft: 1,
                borderColor: 'divider',
                bgcolor: day === today ? 'rgba(88, 80, 236, 0.04)' : undefined,
                backgroundImage: `repeating-linear-gradient(to bottom, transparent 0, transparent ${HOUR_PX - 1}px, #E5E7EB ${HOUR_PX - 1}px, #E5E7EB ${HOUR_PX}px)`,
              }}
            >
              {placed
                .filter((p) => p.day === day)
                .map((p) => (
                  <ClassBlock key={p.liveClass.liveClassId} placed={p} first={first} onOpen={onOpen} />
                ))}
            </Box>
          ))}
        </Box>
      </Box>
    </Box>
  );
}

function ClassBlock({ placed, first, onOpen }: { placed: PlacedClass; first: number; onOpen: (c: LiveClass) => void }) {
  const { liveClass } = placed;
  const style = LIVE_CLASS_STATUS_STYLES[liveClass.status.toLowerCase()]!;
  const top = ((placed.startMinute - first * 60) / 60) * HOUR_PX;
  const height = Math.max(((placed.endMinute - placed.startMinute) / 60) * HOUR_PX - 2, 26);
  const width = 100 / placed.lanes;
  return (
    <ButtonBase
      onClick={() => onOpen(liveClass)}
      data-testid="calendar-class"
      // where a block sits is its own: inline, not one generated class per block
      style={{ top, height, left: `calc(${placed.lane * width}% + 2px)`, width: `calc(${width}% - 4px)` }}
      sx={{
        position: 'absolute',
        display: 'block',
        textAlign: 'left',
        overflow: 'hidden',
        borderRadius: 1,
        px: 0.75,
        py: 0.25,
        color: style.colour,
        bgcolor: style.background,
        borderLeft: 3,
        borderColor: style.colour,
        opacity: liveClass.enabled ? 1 : 0.85,
        borderStyle: liveClass.enabled ? 'solid' : 'dashed',
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 1 },
      }}
    >
      <Typography variant="caption" component="span" sx={{ display: 'block', fontWeight: 700, lineHeight: 1.3 }} noWrap>
        {!liveClass.enabled && (
          <VisibilityOffOutlinedIcon sx={{ fontSize: 12, mr: 0.5, verticalAlign: '-2px' }} aria-hidden="true" />
        )}
        {liveClass.title}
        <VisuallyHidden>, </VisuallyHidden>
      </Typography>
      <Typography variant="caption" component="span" sx={{ display: 'block', lineHeight: 1.3 }} noWrap>
        {formatIndiaTime(liveClass.startTime)} · {liveClass.teacherName}
        <VisuallyHidden>{hiddenDetails(liveClass)}</VisuallyHidden>
      </Typography>
    </ButtonBase>
  );
}

function DayList({
  days,
  placed,
  today,
  onOpen,
}: {
  days: string[];
  placed: PlacedClass[];
  today: string;
  onOpen: (c: LiveClass) => void;
}) {
  return (
    <Box role="region" aria-label="Week calendar" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {days.map((day) => {
        const ofDay = placed.filter((p) => p.day === day);
        return (
          <Box
            key={day}
            component="section"
            aria-label={formatLongDay(day)}
            sx={{ border: 1, borderColor: day === today ? 'primary.main' : 'divider', borderRadius: 1, p: 1.5 }}
          >
            <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700, mb: ofDay.length ? 1 : 0 }}>
              {formatDay(day)}
              {day === today ? ' · Today' : ''}
              {ofDay.length === 0 && (
                <Typography component="span" variant="body2" color="text.secondary">
                  {' '}
                  · No classes
                </Typography>
              )}
            </Typography>
            {ofDay.map(({ liveClass }) => {
              const style = LIVE_CLASS_STATUS_STYLES[liveClass.status.toLowerCase()]!;
              return (
                <ButtonBase
                  key={liveClass.liveClassId}
                  onClick={() => onOpen(liveClass)}
                  data-testid="calendar-class"
                  sx={{
                    display: 'block',
                    width: '100%',
                    textAlign: 'left',
                    borderRadius: 1,
                    p: 1,
                    mb: 0.75,
                    bgcolor: style.background,
                    color: style.colour,
                    borderLeft: 3,
                    borderColor: style.colour,
                    '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
                  }}
                >
                  <Typography variant="body2" component="span" sx={{ display: 'block', fontWeight: 700 }}>
                    {liveClass.title}
                    <VisuallyHidden>, </VisuallyHidden>
                  </Typography>
                  <Typography variant="caption" component="span" sx={{ display: 'block' }}>
                    {formatIndiaTime(liveClass.startTime)} to {formatIndiaTime(liveClass.endTime)} ·{' '}
                    {liveClass.teacherName} · {STATUS_LABELS[liveClass.status]}
                    {liveClass.enabled ? '' : ' · hidden from students'}
                    <VisuallyHidden>, </VisuallyHidden>
                  </Typography>
                  <Typography variant="caption" component="span" sx={{ display: 'block' }}>
                    {audienceText(liveClass)}
                  </Typography>
                </ButtonBase>
              );
            })}
          </Box>
        );
      })}
    </Box>
  );
}
