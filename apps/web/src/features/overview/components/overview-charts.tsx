import { formatIndianNumber, formatMoney, paise, type OverviewFigure, plural } from '@lectern/contract';
import { BarChart } from '../../../components/charts';

const PRIMARY = '#5850EC';
const GROUP_COLOURS = ['#9CA3AF', '#60A5FA', '#5850EC', '#F59E0B', '#10B981', '#047857'];

/** Subjects by listing group; the figures beside it carry the numbers and the links. */
export function SubjectsChart({ groups, summary }: { groups: readonly OverviewFigure[]; summary: string }) {
  return (
    <BarChart
      label={summary}
      data={groups}
      horizontal
      category={(g) => g.label}
      series={[
        { name: 'Subjects', value: (g) => g.value, colour: (_g, i) => GROUP_COLOURS[i % GROUP_COLOURS.length]! },
      ]}
    />
  );
}

type Day = { day: string; orders: number; revenue: number };

/** Revenue of each day of this month (paise), with the orders in the tooltip. */
export function RevenueChart({ days, summary }: { days: readonly Day[]; summary: string }) {
  return (
    <BarChart
      label={summary}
      data={days}
      category={(d) => String(Number(d.day.slice(8)))}
      series={[{ name: 'Revenue', value: (d) => d.revenue / 100, colour: PRIMARY }]}
      formatValue={(rupees) => `Rs.\u00a0${formatIndianNumber(rupees)}`}
      tooltip={(d) => ({
        title: `Day ${Number(d.day.slice(8))}`,
        lines: [`Revenue: ${formatMoney(paise(d.revenue))} · ${plural(d.orders, 'order')}`],
      })}
    />
  );
}
