import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { useElementWidth } from './use-element-width';

/** What a chart shows on hover over a bar or point: a heading and a line per value. */
export interface ChartTip {
  title: string;
  lines: readonly string[];
}

/** A tooltip and where it points, in the SVG's pixels. */
export type PlacedTip = ChartTip & { x: number; y: number };

export const FONT_SIZE = 12;
export const GRID_COLOUR = '#E5E7EB';
export const AXIS_COLOUR = '#9CA3AF';
const LEGEND_HEIGHT = 28;
/** The width before the box is measured (and in tests, where nothing has a size). */
const FALLBACK_WIDTH = 600;

/** The tip's text in one line, for an SVG <title>. */
export const tipText = (tip: ChartTip) => [tip.title, ...tip.lines].join(': ');

/**
 * A chart's box: `role="img"` named by `label` (screen readers hear the summary only; the SVG and
 * the tooltip are hidden from them), as wide as its container and `height` tall, with the legend
 * under the SVG and the hover tooltip beside the point it is for.
 */
export function ChartFrame({
  label,
  height,
  legend,
  children,
}: {
  label: string;
  height: number;
  legend?: readonly { name: string; colour: string }[] | undefined;
  /** the drawing for the SVG's size, and the tooltip to show with it, if any */
  children: (size: { width: number; height: number }) => { drawing: ReactNode; tip: PlacedTip | null };
}) {
  const { ref, width } = useElementWidth<HTMLDivElement>(FALLBACK_WIDTH);
  const svgHeight = legend ? height - LEGEND_HEIGHT : height;
  const { drawing, tip } = children({ width, height: svgHeight });
  return (
    <Box
      ref={ref}
      role="img"
      aria-label={label}
      sx={{ position: 'relative', width: '100%', minWidth: 0, height, color: 'text.secondary' }}
    >
      {/* absolute, so that its width never holds a shrinking grid column open */}
      <svg
        aria-hidden="true"
        focusable="false"
        width={width}
        height={svgHeight}
        viewBox={`0 0 ${width} ${svgHeight}`}
        style={{ position: 'absolute', left: 0, top: 0, display: 'block', fontSize: FONT_SIZE }}
      >
        {drawing}
      </svg>
      {legend && (
        <Box
          component="ul"
          aria-hidden="true"
          sx={{
            position: 'absolute',
            left: 0,
            right: 0,
            bottom: 0,
            height: LEGEND_HEIGHT,
            m: 0,
            p: 0,
            listStyle: 'none',
            display: 'flex',
            justifyContent: 'center',
            alignItems: 'center',
            gap: 2,
            fontSize: FONT_SIZE,
          }}
        >
          {legend.map((item) => (
            <Box component="li" key={item.name} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
              <Box component="span" sx={{ width: 10, height: 10, borderRadius: 0.5, bgcolor: item.colour }} />
              {item.name}
            </Box>
          ))}
        </Box>
      )}
      {tip && (
        <Box
          aria-hidden="true"
          data-testid="chart-tooltip"
          sx={{
            position: 'absolute',
            top: Math.max(0, Math.min(tip.y, svgHeight - 56)),
            ...(tip.x <= width / 2 ? { left: tip.x + 12 } : { right: width - tip.x + 12 }),
            pointerEvents: 'none',
            zIndex: 1,
            px: 1.25,
            py: 0.75,
            bgcolor: 'background.paper',
            color: 'text.primary',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            boxShadow: 2,
            fontSize: FONT_SIZE,
            lineHeight: 1.5,
            whiteSpace: 'nowrap',
          }}
        >
          <Box sx={{ fontWeight: 600 }}>{tip.title}</Box>
          {tip.lines.map((line) => (
            <div key={line}>{line}</div>
          ))}
        </Box>
      )}
    </Box>
  );
}
