import type { AttendanceSummary, RouteOutput, liveClassesContract } from '@lectern/contract';
import { BarChart, LineChart } from '../../../components/charts';
import { formatDay, indiaParts } from './class-time';
import { plural } from '@lectern/contract';

const PRIMARY = '#5850EC';
const GREY = '#9CA3AF';

type Point = AttendanceSummary['timeline'][number];

/** People in the class at each minute from the start. */
export function TimelineChart({ summary }: { summary: AttendanceSummary }) {
  return (
    <LineChart
      label={timelineText(summary)}
      data={summary.timeline}
      x={(point: Point) => point.minute}
      series={[{ name: 'People', value: (point: Point) => point.inClass, colour: PRIMARY }]}
      step
      formatX={(m) => `${m} min`}
      tooltip={(point) => ({ title: `Minute ${point.minute}`, lines: [`People: ${point.inClass} in class`] })}
    />
  );
}

/** The chart in words, for screen readers: the peak and when. */
function timelineText(summary: AttendanceSummary): string {
  const peak = summary.timeline.reduce((best, p) => (p.inClass > best.inClass ? p : best), { minute: 0, inClass: 0 });
  return `People in class over time: at most ${peak.inClass} at minute ${peak.minute} of ${summary.durationMinutes}.`;
}

type BatchAttendanceData = RouteOutput<typeof liveClassesContract.batchAttendance>;

/** A batch's classes by start time: invited and present in each. */
export function BatchChart({ attendance }: { attendance: BatchAttendanceData }) {
  type Held = BatchAttendanceData['classes'][number];
  const day = (c: Held) => formatDay(indiaParts(c.startTime).day);
  return (
    <BarChart
      label={`Attendance of ${attendance.batchName} across ${plural(attendance.classes.length, 'class', 'classes')}`}
      data={attendance.classes}
      height={280}
      category={day}
      series={[
        { name: 'Invited', value: (c: Held) => c.invited, colour: GREY },
        { name: 'Present', value: (c: Held) => c.present, colour: PRIMARY },
      ]}
      tooltip={(c) => ({
        title: c.title ? `${day(c)}: ${c.title}` : day(c),
        lines: [`Invited: ${c.invited}`, `Present: ${c.present}`],
      })}
      legend
    />
  );
}
