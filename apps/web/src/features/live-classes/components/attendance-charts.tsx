import Box from '@mui/material/Box';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { AttendanceSummary, RouteOutput, contract } from '@lectern/contract';
import { formatDay, indiaParts } from './class-time';

// recharts is loaded with these charts only (React.lazy in the insights page), never in the first load.

const PRIMARY = '#5850EC';
const GREY = '#9CA3AF';

/** People in the class at each minute from the start. */
export function TimelineChart({ summary }: { summary: AttendanceSummary }) {
  const data = summary.timeline.map((point) => ({ minute: point.minute, inClass: point.inClass }));
  return (
    <Box sx={{ width: '100%', height: 260 }} role="img" aria-label={timelineText(summary)}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 16, bottom: 16, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#E5E7EB" />
          <XAxis
            dataKey="minute"
            type="number"
            domain={[0, 'dataMax']}
            tickFormatter={(m: number) => `${m} min`}
            fontSize={12}
          />
          <YAxis allowDecimals={false} fontSize={12} width={40} />
          <Tooltip
            formatter={(value) => [`${String(value)} in class`, 'People']}
            labelFormatter={(m) => `Minute ${String(m)}`}
          />
          <Line
            type="stepAfter"
            dataKey="inClass"
            stroke={PRIMARY}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </Box>
  );
}

/** The chart in words, for screen readers: the peak and when. */
function timelineText(summary: AttendanceSummary): string {
  const peak = summary.timeline.reduce((best, p) => (p.inClass > best.inClass ? p : best), { minute: 0, inClass: 0 });
  return `People in class over time: at most ${peak.inClass} at minute ${peak.minute} of ${summary.durationMinutes}.`;
}

type BatchAttendanceData = RouteOutput<typeof contract.liveClasses.batchAttendance>;

/** A batch's classes by start time: invited and present in each. */
export function BatchChart({ attendance }: { attendance: BatchAttendanceData }) {
  const data = attendance.classes.map((c) => ({
    day: formatDay(indiaParts(c.startTime).day),
    title: c.title,
    invited: c.invited,
    present: c.present,
  }));
  return (
    <Box
      sx={{ width: '100%', height: 280 }}
      role="img"
      aria-label={`Attendance of ${attendance.batchName} across ${attendance.classes.length} classes`}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 16, bottom: 16, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#E5E7EB" />
          <XAxis dataKey="day" fontSize={11} />
          <YAxis allowDecimals={false} fontSize={12} width={40} />
          <Tooltip
            labelFormatter={(day, payload) => {
              const title = (payload[0]?.payload as { title?: string } | undefined)?.title;
              return title ? `${String(day)}: ${title}` : String(day);
            }}
          />
          <Legend />
          <Bar dataKey="invited" name="Invited" fill={GREY} isAnimationActive={false} />
          <Bar dataKey="present" name="Present" fill={PRIMARY} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </Box>
  );
}
