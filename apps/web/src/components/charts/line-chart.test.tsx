import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LineChart } from './line-chart';

type Point = { minute: number; inClass: number; other?: number };
const POINTS: Point[] = [
  { minute: 0, inClass: 0 },
  { minute: 1, inClass: 3 },
  { minute: 2, inClass: 5 },
  { minute: 60, inClass: 2 },
];

const texts = (root: Element) => Array.from(root.querySelectorAll('text'), (t) => t.textContent);

describe('LineChart', () => {
  it('draws the steps with formatted ticks, named by its summary', () => {
    const { container } = render(
      <LineChart
        label="People in class over time: at most 5"
        data={POINTS}
        x={(p) => p.minute}
        series={[{ name: 'People', value: (p) => p.inClass, colour: '#5850EC' }]}
        step
        formatX={(m) => `${m} min`}
      />,
    );
    const chart = screen.getByRole('img', { name: 'People in class over time: at most 5' });
    expect(chart.querySelector('svg')!.getAttribute('aria-hidden')).toBe('true');
    const line = screen.getByTestId('chart-line');
    expect(line.getAttribute('stroke')).toBe('#5850EC');
    // steps: across, then up or down
    expect(line.getAttribute('d')).toMatch(/^M[\d.]+,[\d.]+(H[\d.]+V[\d.]+){3}$/);
    expect(texts(container)).toEqual(expect.arrayContaining(['0 min', '30 min', '60 min', '0', '5']));
    expect(screen.getAllByTestId('chart-point')).toHaveLength(4);
    expect(container.querySelector('ul')).toBeNull();
  });

  it('shows the tooltip of the point under the pointer, and an SVG title per point', async () => {
    const user = userEvent.setup();
    render(
      <LineChart
        label="timeline"
        data={POINTS}
        x={(p) => p.minute}
        series={[{ name: 'People', value: (p) => p.inClass, colour: '#5850EC' }]}
        tooltip={(p) => ({ title: `Minute ${p.minute}`, lines: [`People: ${p.inClass} in class`] })}
      />,
    );
    const points = screen.getAllByTestId('chart-point');
    expect(points[2]!.querySelector('title')!.textContent).toBe('Minute 2: People: 5 in class');
    await user.hover(points[2]!);
    expect(screen.getByTestId('chart-tooltip').textContent).toBe('Minute 2People: 5 in class');
  });

  it('draws two series with a legend and a default tooltip', async () => {
    const user = userEvent.setup();
    render(
      <LineChart
        label="two"
        data={POINTS.map((p) => ({ ...p, other: p.inClass * 2 }))}
        x={(p) => p.minute}
        series={[
          { name: 'Joined', value: (p) => p.inClass, colour: '#5850EC' },
          { name: 'Invited', value: (p) => p.other ?? 0, colour: '#9CA3AF' },
        ]}
        legend
      />,
    );
    expect(screen.getAllByTestId('chart-line')).toHaveLength(2);
    expect(screen.getByRole('img').querySelector('ul')!.textContent).toBe('JoinedInvited');
    await user.hover(screen.getAllByTestId('chart-point')[1]!);
    expect(screen.getByTestId('chart-tooltip').textContent).toBe('1Joined: 3Invited: 6');
  });

  it('copes with no points and with a single one', () => {
    const series = [{ name: 'People', value: (p: Point) => p.inClass, colour: '#5850EC' }];
    const { unmount } = render(<LineChart label="none" data={[]} x={(p: Point) => p.minute} series={series} />);
    expect(screen.queryAllByTestId('chart-point')).toHaveLength(0);
    expect(screen.getByTestId('chart-line').getAttribute('d')).toBe('');
    unmount();
    render(<LineChart label="one" data={[{ minute: 0, inClass: 0 }]} x={(p) => p.minute} series={series} />);
    expect(screen.getAllByTestId('chart-point')).toHaveLength(1);
  });
});
