import { useState } from 'react';
import { formatIndianNumber } from '@lectern/contract';
import { AXIS_COLOUR, ChartFrame, FONT_SIZE, GRID_COLOUR, tipText, type ChartTip } from './chart-frame';
import { fitText, linear, niceTicks, textWidth } from './scale';

export interface BarSeries<T> {
  name: string;
  value: (item: T) => number;
  /** one colour, or one per bar */
  colour: string | ((item: T, index: number) => string);
}

export interface BarChartProps<T> {
  /** the chart in words: what screen readers hear instead of the drawing */
  label: string;
  data: readonly T[];
  /** the category's name, on its axis */
  category: (item: T) => string;
  series: readonly BarSeries<T>[];
  /** bars grow to the right, the categories down the left; else they grow up from the bottom */
  horizontal?: boolean;
  /** the box's height in pixels, with the legend */
  height?: number;
  /** the value axis's tick labels; whole numbers in Indian grouping by default */
  formatValue?: (value: number) => string;
  /** the tooltip of a category; by default its name and 'Series: value' per series */
  tooltip?: (item: T) => ChartTip;
  /** a legend of the series under the chart */
  legend?: boolean;
}

const MARGIN = 8;
const RADIUS = 4;
const MAX_BAR = 56;

/** A bar chart in plain SVG: bars per category (one per series), a value axis of round ticks and a dashed grid. */
export function BarChart<T>({
  label,
  data,
  category,
  series,
  horizontal = false,
  height = 240,
  formatValue = (value) => formatIndianNumber(value),
  tooltip,
  legend = false,
}: BarChartProps<T>) {
  const [active, setActive] = useState<number | null>(null);
  const tipOf = (item: T): ChartTip =>
    tooltip?.(item) ?? {
      title: category(item),
      lines: series.map((s) => `${s.name}: ${formatIndianNumber(s.value(item))}`),
    };
  const values = data.flatMap((item) => series.map((s) => s.value(item))).filter(Number.isFinite);
  const categories = data.map(category);
  const colourOf = (s: BarSeries<T>, item: T, index: number) =>
    typeof s.colour === 'string' ? s.colour : s.colour(item, index);

  return (
    <ChartFrame
      label={label}
      height={height}
      legend={
        legend
          ? series.map((s) => ({ name: s.name, colour: typeof s.colour === 'string' ? s.colour : AXIS_COLOUR }))
          : undefined
      }
    >
      {({ width, height: svgHeight }) => {
        const layout = horizontal
          ? horizontalLayout(width, svgHeight, categories, values, formatValue)
          : verticalLayout(width, svgHeight, categories, values, formatValue);
        const activeItem = active === null ? undefined : data[active];
        const tip = activeItem === undefined ? null : { ...tipOf(activeItem), ...layout.tipAt(active!) };
        const drawing = (
          // a tap's pointer leaves as the finger lifts: its tooltip stays until another bar or point is tapped
          <g onPointerLeave={(event) => event.pointerType !== 'touch' && setActive(null)}>
            {layout.ticks.map((tick) => (
              <g key={tick.value}>
                <line {...tick.line} stroke={GRID_COLOUR} strokeDasharray="3 3" />
                <text {...tick.text} fill="currentColor">
                  {formatValue(tick.value)}
                </text>
              </g>
            ))}
            {data.map((item, i) => {
              const title = tipText(tipOf(item));
              const band = layout.band(i);
              return (
                <g key={`${categories[i]}-${i}`} onPointerEnter={() => setActive(i)} data-testid="chart-category">
                  <rect {...band.rect} fill={active === i ? '#F3F4F6' : 'transparent'}>
                    <title>{title}</title>
                  </rect>
                  {series.map((s, j) => {
                    const d = layout.bar(i, j, series.length, s.value(item));
                    return d ? (
                      <path key={s.name} d={d} fill={colourOf(s, item, i)} data-testid="chart-bar">
                        <title>{title}</title>
                      </path>
                    ) : null;
                  })}
                  {band.label && (
                    <text {...band.label.at} fill="currentColor">
                      {band.label.text}
                    </text>
                  )}
                </g>
              );
            })}
            <line {...layout.zeroLine} stroke={AXIS_COLOUR} />
          </g>
        );
        return { drawing, tip };
      }}
    </ChartFrame>
  );
}

type Anchor = 'start' | 'middle' | 'end';
type TextAt = { x: number; y: number; dy?: string; textAnchor: Anchor };
type Line = { x1: number; x2: number; y1: number; y2: number };

/** Where everything goes, for the SVG's size. */
interface Layout {
  ticks: { value: number; line: Line; text: TextAt }[];
  zeroLine: Line;
  band: (i: number) => {
    rect: { x: number; y: number; width: number; height: number };
    label: { text: string; at: TextAt } | null;
  };
  /** the outline of series j's bar (of `count`) in category i */
  bar: (i: number, j: number, count: number, value: number) => string | null;
  tipAt: (i: number) => { x: number; y: number };
}

/** Bars growing up: categories along the bottom, values up the left. */
function verticalLayout(
  width: number,
  height: number,
  categories: readonly string[],
  values: readonly number[],
  formatValue: (value: number) => string,
): Layout {
  const top = MARGIN;
  const bottom = height - FONT_SIZE - 10;
  const ticks = niceTicks(
    Math.min(0, ...values),
    Math.max(0, ...values),
    Math.max(2, Math.min(5, Math.floor((bottom - top) / 40))),
  );
  const axisWidth = Math.max(...ticks.map((t) => textWidth(formatValue(t), FONT_SIZE))) + 8;
  const left = MARGIN + axisWidth;
  const right = width - MARGIN * 2;
  const y = linear([ticks[0]!, ticks.at(-1)!], [bottom, top]);
  const bandWidth = (right - left) / Math.max(1, categories.length);
  // every nth category's name, when they do not all fit
  const every = Math.max(
    1,
    Math.ceil((Math.max(0, ...categories.map((c) => textWidth(c, FONT_SIZE))) + 6) / bandWidth),
  );
  return {
    ticks: ticks.map((value) => ({
      value,
      line: { x1: left, x2: right, y1: y(value), y2: y(value) },
      text: { x: left - 6, y: y(value), dy: '0.32em', textAnchor: 'end' },
    })),
    zeroLine: { x1: left, x2: right, y1: y(0), y2: y(0) },
    band: (i: number) => ({
      rect: { x: left + i * bandWidth, y: top, width: bandWidth, height: bottom - top },
      label:
        i % every === 0
          ? {
              text: fitText(categories[i]!, bandWidth * every - 4, FONT_SIZE),
              at: { x: left + (i + 0.5) * bandWidth, y: bottom + FONT_SIZE + 4, textAnchor: 'middle' },
            }
          : null,
    }),
    bar: (i: number, j: number, count: number, value: number) => {
      const barWidth = Math.min(MAX_BAR, (bandWidth * 0.8) / count);
      const x = left + (i + 0.5) * bandWidth - (barWidth * count) / 2 + j * barWidth;
      return barPath(
        x,
        y(Math.max(0, value)),
        barWidth,
        y(Math.min(0, value)) - y(Math.max(0, value)),
        value < 0 ? 'bottom' : 'top',
      );
    },
    tipAt: (i: number) => ({ x: left + (i + 0.5) * bandWidth, y: top + 8 }),
  };
}

/** Bars growing right: categories down the left, values along the bottom. */
function horizontalLayout(
  width: number,
  height: number,
  categories: readonly string[],
  values: readonly number[],
  formatValue: (value: number) => string,
): Layout {
  const top = MARGIN / 2;
  const bottom = height - FONT_SIZE - 10;
  const labelWidth = Math.min(Math.max(0, ...categories.map((c) => textWidth(c, FONT_SIZE))), Math.round(width * 0.45));
  const left = MARGIN + labelWidth + 8;
  const right = width - MARGIN * 3;
  // as many ticks as their labels leave room for
  const ticksFor = (count: number) => niceTicks(Math.min(0, ...values), Math.max(0, ...values), count);
  let ticks = ticksFor(5);
  for (let count = 4; count >= 1; count--) {
    const widest = Math.max(...ticks.map((t) => textWidth(formatValue(t), FONT_SIZE)));
    if ((right - left) / Math.max(1, ticks.length - 1) >= widest + 8) break;
    ticks = ticksFor(count);
  }
  const x = linear([ticks[0]!, ticks.at(-1)!], [left, right]);
  const bandHeight = (bottom - top) / Math.max(1, categories.length);
  return {
    ticks: ticks.map((value) => ({
      value,
      line: { x1: x(value), x2: x(value), y1: top, y2: bottom },
      text: { x: x(value), y: bottom + FONT_SIZE + 4, dy: '0', textAnchor: 'middle' },
    })),
    zeroLine: { x1: x(0), x2: x(0), y1: top, y2: bottom },
    band: (i: number) => ({
      rect: { x: left, y: top + i * bandHeight, width: right - left, height: bandHeight },
      label: {
        text: fitText(categories[i]!, labelWidth, FONT_SIZE),
        at: { x: left - 8, y: top + (i + 0.5) * bandHeight, textAnchor: 'end' },
      },
    }),
    bar: (i: number, j: number, count: number, value: number) => {
      const barHeight = Math.min(MAX_BAR, (bandHeight * 0.8) / count);
      const y = top + (i + 0.5) * bandHeight - (barHeight * count) / 2 + j * barHeight;
      return barPath(
        x(Math.min(0, value)),
        y,
        x(Math.max(0, value)) - x(Math.min(0, value)),
        barHeight,
        value < 0 ? 'left' : 'right',
      );
    },
    tipAt: (i: number) => ({ x: left + (right - left) / 2, y: top + (i + 1) * bandHeight }),
  };
}

/** A bar's outline with its far `end` rounded; nothing for a bar of no length. */
function barPath(x: number, y: number, w: number, h: number, end: 'top' | 'bottom' | 'left' | 'right'): string | null {
  if (!(w > 0.5 && h > 0.5)) return null;
  const r = Math.min(
    RADIUS,
    (end === 'top' || end === 'bottom' ? w : h) / 2,
    end === 'top' || end === 'bottom' ? h : w,
  );
  const [x1, y1] = [x + w, y + h];
  switch (end) {
    case 'top':
      return `M${x},${y1}V${y + r}Q${x},${y} ${x + r},${y}H${x1 - r}Q${x1},${y} ${x1},${y + r}V${y1}Z`;
    case 'bottom':
      return `M${x},${y}H${x1}V${y1 - r}Q${x1},${y1} ${x1 - r},${y1}H${x + r}Q${x},${y1} ${x},${y1 - r}Z`;
    case 'right':
      return `M${x},${y}H${x1 - r}Q${x1},${y} ${x1},${y + r}V${y1 - r}Q${x1},${y1} ${x1 - r},${y1}H${x}Z`;
    case 'left':
      return `M${x1},${y}V${y1}H${x + r}Q${x},${y1} ${x},${y1 - r}V${y + r}Q${x},${y} ${x + r},${y}Z`;
  }
}
