import { useState } from 'react';
import { formatIndianNumber } from '@lectern/contract';
import { AXIS_COLOUR, ChartFrame, FONT_SIZE, GRID_COLOUR, tipText, type ChartTip } from './chart-frame';
import { linear, niceTicks, textWidth } from './scale';

export interface LineSeries<T> {
  name: string;
  value: (item: T) => number;
  colour: string;
}

export interface LineChartProps<T> {
  /** the chart in words: what screen readers hear instead of the drawing */
  label: string;
  /** the points, in order of `x` */
  data: readonly T[];
  x: (item: T) => number;
  /** one or two lines */
  series: readonly LineSeries<T>[];
  /** steps (each value holds until the next point) instead of straight lines between points */
  step?: boolean;
  /** the box's height in pixels, with the legend */
  height?: number;
  /** the tick labels of the axes; whole numbers in Indian grouping by default */
  formatX?: (x: number) => string;
  formatY?: (y: number) => string;
  /** the tooltip of a point; by default its x and 'Series: value' per series */
  tooltip?: (item: T) => ChartTip;
  /** a legend of the series under the chart */
  legend?: boolean;
}

const MARGIN = 8;
const plain = (value: number) => formatIndianNumber(value);

/** A line chart in plain SVG over a numeric x axis (from zero or less to the last point), with round ticks and a dashed grid. */
export function LineChart<T>({
  label,
  data,
  x: xOf,
  series,
  step = false,
  height = 260,
  formatX = plain,
  formatY = plain,
  tooltip,
  legend = false,
}: LineChartProps<T>) {
  const [active, setActive] = useState<number | null>(null);
  const tipOf = (item: T): ChartTip =>
    tooltip?.(item) ?? {
      title: formatX(xOf(item)),
      lines: series.map((s) => `${s.name}: ${formatIndianNumber(s.value(item))}`),
    };
  const xs = data.map(xOf);
  const values = data.flatMap((item) => series.map((s) => s.value(item))).filter(Number.isFinite);

  return (
    <ChartFrame label={label} height={height} legend={legend ? series : undefined}>
      {({ width, height: svgHeight }) => {
        const top = MARGIN;
        const bottom = svgHeight - FONT_SIZE - 12;
        const yTicks = niceTicks(
          Math.min(0, ...values),
          Math.max(0, ...values),
          Math.max(2, Math.min(5, Math.floor((bottom - top) / 40))),
        );
        const left = MARGIN + Math.max(...yTicks.map((t) => textWidth(formatY(t), FONT_SIZE))) + 8;
        const right = width - MARGIN * 2;
        const x0 = Math.min(0, ...xs);
        const x1 = Math.max(x0 + 1, ...xs);
        const widest = Math.max(...[x0, x1].map((v) => textWidth(formatX(v), FONT_SIZE))) + 16;
        const xTicks = niceTicks(x0, x1, Math.max(1, Math.min(8, Math.floor((right - left) / widest)))).filter(
          (t) => t >= x0 && t <= x1,
        );
        const x = linear([x0, x1], [left, right]);
        const y = linear([yTicks[0]!, yTicks.at(-1)!], [bottom, top]);
        const points = data.map((item, i) => ({ item, px: x(xs[i]!) }));
        // each point's hover area: halfway to its neighbours (for steps: until the next point)
        const areaOf = (i: number) => {
          const here = points[i]!.px;
          const before = i === 0 ? left : step ? here : (points[i - 1]!.px + here) / 2;
          const after = i === points.length - 1 ? right : step ? points[i + 1]!.px : (here + points[i + 1]!.px) / 2;
          return { x: before, width: Math.max(0, after - before) };
        };
        const pathOf = (s: LineSeries<T>) =>
          points
            .map(({ item, px }, i) => {
              const py = y(s.value(item));
              if (i === 0) return `M${px},${py}`;
              return step ? `H${px}V${py}` : `L${px},${py}`;
            })
            .join('');
        const activeItem = active === null ? undefined : points[active];
        const drawing = (
          // a tap's pointer leaves as the finger lifts: its tooltip stays until another bar or point is tapped
          <g onPointerLeave={(event) => event.pointerType !== 'touch' && setActive(null)}>
            {yTicks.map((t) => (
              <g key={`y${t}`}>
                <line x1={left} x2={right} y1={y(t)} y2={y(t)} stroke={GRID_COLOUR} strokeDasharray="3 3" />
                <text x={left - 6} y={y(t)} dy="0.32em" textAnchor="end" fill="currentColor">
                  {formatY(t)}
                </text>
              </g>
            ))}
            {xTicks.map((t) => (
              <g key={`x${t}`}>
                <line x1={x(t)} x2={x(t)} y1={top} y2={bottom} stroke={GRID_COLOUR} strokeDasharray="3 3" />
                <text
                  x={x(t)}
                  y={bottom + FONT_SIZE + 6}
                  textAnchor={t === x0 && x(t) - left < 20 ? 'start' : t === x1 ? 'end' : 'middle'}
                  fill="currentColor"
                >
                  {formatX(t)}
                </text>
              </g>
            ))}
            <line x1={left} x2={right} y1={y(0)} y2={y(0)} stroke={AXIS_COLOUR} />
            {activeItem && <line x1={activeItem.px} x2={activeItem.px} y1={top} y2={bottom} stroke={AXIS_COLOUR} />}
            {series.map((s) => (
              <path
                key={s.name}
                d={pathOf(s)}
                fill="none"
                stroke={s.colour}
                strokeWidth={2}
                strokeLinejoin="round"
                data-testid="chart-line"
              />
            ))}
            {activeItem &&
              series.map((s) => (
                <circle key={s.name} cx={activeItem.px} cy={y(s.value(activeItem.item))} r={4} fill={s.colour} />
              ))}
            {points.map(({ item }, i) => (
              <rect
                key={i}
                {...areaOf(i)}
                y={top}
                height={bottom - top}
                fill="transparent"
                onPointerEnter={() => setActive(i)}
                data-testid="chart-point"
              >
                <title>{tipText(tipOf(item))}</title>
              </rect>
            ))}
          </g>
        );
        return {
          drawing,
          tip: activeItem ? { ...tipOf(activeItem.item), x: activeItem.px, y: top + 8 } : null,
        };
      }}
    </ChartFrame>
  );
}
