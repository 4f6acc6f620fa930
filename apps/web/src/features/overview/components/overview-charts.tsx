import Box from '@mui/material/Box';
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatIndianNumber, formatMoney, paise, type OverviewFigure } from '@lectern/contract';

// recharts comes with these charts only (React.lazy in the overview page), never in the first load.

const PRIMARY = '#5850EC';
const GRID = '#E5E7EB';
const GROUP_COLOURS = ['#9CA3AF', '#60A5FA', '#5850EC', '#F59E0B', '#10B981', '#047857'];

/** Subjects by listing group; the figures beside it carry the numbers and the links. */
export function SubjectsChart({ groups, summary }: { groups: readonly OverviewFigure[]; summary: string }) {
  const data = groups.map((g) => ({ label: g.label, value: g.value }));
  return (
    <Box sx={{ width: '100%', height: 240 }} role="img" aria-label={summary}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={{ top: 4, right: 24, bottom: 4, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke={GRID} horizontal={false} />
          <XAxis type="number" allowDecimals={false} fontSize={12} />
          <YAxis type="category" dataKey="label" width={150} fontSize={12} interval={0} />
          <Tooltip formatter={(value) => [formatIndianNumber(Number(value)), 'Subjects']} />
          <Bar dataKey="value" isAnimationActive={false} radius={[0, 4, 4, 0]}>
            {data.map((d, i) => (
              <Cell key={d.label} fill={GROUP_COLOURS[i % GROUP_COLOURS.length]} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </Box>
  );
}

/** Revenue of each day of this month (paise), with the orders in the tooltip. */
export function RevenueChart({
  days,
  summary,
}: {
  days: readonly { day: string; orders: number; revenue: number }[];
  summary: string;
}) {
  const data = days.map((d) => ({ day: Number(d.day.slice(8)), revenue: d.revenue / 100, orders: d.orders }));
  return (
    <Box sx={{ width: '100%', height: 240 }} role="img" aria-label={summary}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke={GRID} vertical={false} />
          <XAxis dataKey="day" fontSize={12} />
          <YAxis
            fontSize={11}
            width={92}
            tickFormatter={(rupees: number) => `Rs.\u00a0${formatIndianNumber(rupees)}`}
            allowDecimals={false}
          />
          <Tooltip
            formatter={(value, _name, item) => [
              `${formatMoney(paise(Math.round(Number(value) * 100)))} · ${formatIndianNumber(
                (item.payload as { orders: number }).orders,
              )} orders`,
              'Revenue',
            ]}
            labelFormatter={(day) => `Day ${String(day)}`}
          />
          <Bar dataKey="revenue" fill={PRIMARY} isAnimationActive={false} radius={[4, 4, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </Box>
  );
}
