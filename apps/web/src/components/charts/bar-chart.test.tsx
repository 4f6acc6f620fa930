import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BarChart } from './bar-chart';

type Row = { name: string; count: number; other?: number };
const ROWS: Row[] = [
  { name: 'Newly assigned', count: 40_000 },
  { name: 'In progress', count: 1_20_000 },
  { name: 'Published', count: 300_000 },
];
const COLOURS = ['#9CA3AF', '#60A5FA', '#5850EC'];

const texts = (root: Element) => Array.from(root.querySelectorAll('text'), (t) => t.textContent);
const bars = () => screen.getAllByTestId('chart-bar');

describe('BarChart', () => {
  it('is an image named by its summary, the SVG hidden from screen readers', () => {
    render(
      <BarChart
        label="3 subjects"
        data={ROWS}
        category={(r) => r.name}
        series={[{ name: 'Subjects', value: (r) => r.count, colour: '#5850EC' }]}
      />,
    );
    const chart = screen.getByRole('img', { name: '3 subjects' });
    expect(chart.tagName).toBe('DIV');
    const svg = chart.querySelector('svg')!;
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(svg.getAttribute('viewBox')).toBe('0 0 600 240');
  });

  it('draws a bar per category in its colour, longer for larger values, with the names and Indian-grouped ticks', () => {
    const { container } = render(
      <BarChart
        label="chart"
        data={ROWS}
        horizontal
        category={(r) => r.name}
        series={[{ name: 'Subjects', value: (r) => r.count, colour: (_r, i) => COLOURS[i]! }]}
      />,
    );
    expect(bars().map((b) => b.getAttribute('fill'))).toEqual(COLOURS);
    const labels = texts(container);
    expect(labels).toEqual(
      expect.arrayContaining(['Newly assigned', 'In progress', 'Published', '0', '1,00,000', '3,00,000']),
    );
    // horizontal: widths grow with the values (a path's width is its H steps)
    const widths = bars().map((b) => b.getBoundingClientRect().width || pathWidth(b.getAttribute('d')!));
    expect(widths[0]!).toBeLessThan(widths[1]!);
    expect(widths[1]!).toBeLessThan(widths[2]!);
    // each bar says what it is in an SVG title
    expect(bars()[2]!.querySelector('title')!.textContent).toBe('Published: Subjects: 3,00,000');
  });

  it('formats the value axis with the formatter and shows the tooltip of the bar under the pointer', async () => {
    const user = userEvent.setup();
    const { container } = render(
      <BarChart
        label="revenue"
        data={ROWS}
        category={(r) => r.name}
        series={[{ name: 'Revenue', value: (r) => r.count, colour: '#5850EC' }]}
        formatValue={(v) => `Rs.\u00a0${v}`}
        tooltip={(r) => ({ title: `Day ${r.name}`, lines: [`Revenue: Rs. ${r.count} · 2 orders`] })}
      />,
    );
    expect(texts(container)).toEqual(expect.arrayContaining(['Rs.\u00a00', 'Rs.\u00a0300000']));
    expect(screen.queryByTestId('chart-tooltip')).toBeNull();
    await user.hover(bars()[1]!);
    const tip = screen.getByTestId('chart-tooltip');
    expect(tip.getAttribute('aria-hidden')).toBe('true');
    expect(within(tip).getByText('Day In progress')).toBeTruthy();
    expect(tip.textContent).toBe('Day In progressRevenue: Rs. 120000 · 2 orders');
    await user.unhover(container.querySelector('svg > g')!);
    expect(screen.queryByTestId('chart-tooltip')).toBeNull();
  });

  it('shows two series side by side with a legend, and the default tooltip lists both', async () => {
    const user = userEvent.setup();
    const rows = [
      { name: '2 Nov', count: 10, other: 7 },
      { name: '9 Nov', count: 12, other: 12 },
    ];
    render(
      <BarChart
        label="attendance"
        data={rows}
        height={280}
        legend
        category={(r) => r.name}
        series={[
          { name: 'Invited', value: (r) => r.count, colour: '#9CA3AF' },
          { name: 'Present', value: (r) => r.other, colour: '#5850EC' },
        ]}
      />,
    );
    expect(bars()).toHaveLength(4);
    expect(screen.getByRole('img').querySelector('ul')!.textContent).toBe('InvitedPresent');
    await user.hover(screen.getAllByTestId('chart-category')[0]!);
    expect(screen.getByTestId('chart-tooltip').textContent).toBe('2 NovInvited: 10Present: 7');
  });

  it('draws no bars for no data or zero values, and bars below the zero line for negative ones', () => {
    const series = [{ name: 'Value', value: (r: Row) => r.count, colour: '#5850EC' }];
    const { unmount, container } = render(
      <BarChart label="empty" data={[]} category={(r: Row) => r.name} series={series} />,
    );
    expect(screen.queryAllByTestId('chart-bar')).toHaveLength(0);
    expect(texts(container)).toEqual(['0', '1']);
    unmount();

    render(
      <BarChart
        label="mixed"
        data={[
          { name: 'a', count: 0 },
          { name: 'b', count: -5 },
          { name: 'c', count: 5 },
        ]}
        category={(r) => r.name}
        series={series}
      />,
    );
    expect(screen.getAllByTestId('chart-category')).toHaveLength(3);
    expect(bars()).toHaveLength(2);
    const [negative, positive] = bars().map((b) => pathYs(b.getAttribute('d')!));
    // the negative bar starts where the positive one ends: at zero
    expect(Math.min(...negative!)).toBeCloseTo(Math.max(...positive!));
  });
});

/** The x or y coordinates a bar path visits. */
function coordinates(d: string): [number, number][] {
  const points: [number, number][] = [];
  let x = 0;
  let y = 0;
  for (const [, command, args] of d.matchAll(/([MVHLQZ])([^MVHLQZ]*)/g)) {
    const n = args!.split(/[ ,]/).filter(Boolean).map(Number);
    if (command === 'M' || command === 'L') [x, y] = [n[0]!, n[1]!];
    if (command === 'Q') [x, y] = [n[2]!, n[3]!];
    if (command === 'H') x = n[0]!;
    if (command === 'V') y = n[0]!;
    points.push([x, y]);
  }
  return points;
}
const pathWidth = (d: string) => {
  const xs = coordinates(d).map(([x]) => x);
  return Math.max(...xs) - Math.min(...xs);
};
const pathYs = (d: string) => coordinates(d).map(([, y]) => y);
