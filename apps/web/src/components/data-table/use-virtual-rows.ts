import { useCallback, useRef, type RefObject } from 'react';
import { useVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import type { RowId, VirtualizationConfig } from './types';

const DEFAULT_VIRTUAL_THRESHOLD = 100;
const DEFAULT_VIRTUAL_HEIGHT = 560;

export interface VirtualRowsOptions<Row> {
  config: VirtualizationConfig | undefined;
  /** The rows of the page, in the order shown; must keep its identity while it does not change. */
  pageRows: readonly Row[];
  getId: (row: Row) => RowId;
  dense: boolean;
  /** The body shows rows (not skeletons or an error). */
  showingRows: boolean;
}

export interface VirtualRows {
  /** The body renders only the visible rows. */
  enabled: boolean;
  /** Goes on the scroll container. */
  scrollRef: RefObject<HTMLDivElement | null>;
  /** Height of the scroll area in px. */
  bodyHeight: number;
  /** Estimated row height in px; virtual rows are given it as their height. */
  rowHeight: number;
  /** The rows to render now (indices into the page's rows). */
  items: VirtualItem[];
  /** Heights of the spacer rows standing in for the rows above and below `items`. */
  paddingTop: number;
  paddingBottom: number;
  /** Ref callback for each rendered row, so the virtualiser learns real heights. */
  measureElement: (node: Element | null) => void;
}

/** A virtualised body (TanStack Virtual) for pages longer than the threshold. */
export function useVirtualRows<Row>({
  config,
  pageRows,
  getId,
  dense,
  showingRows,
}: VirtualRowsOptions<Row>): VirtualRows {
  const threshold = config?.threshold ?? DEFAULT_VIRTUAL_THRESHOLD;
  const bodyHeight = config?.height ?? DEFAULT_VIRTUAL_HEIGHT;
  const rowHeight = config?.rowHeight ?? (dense ? 33 : 53);
  const enabled = showingRows && pageRows.length > threshold;
  const scrollRef = useRef<HTMLDivElement>(null);

  // The virtualiser recomputes every row's position whenever getItemKey changes identity: a new function
  // each render made each render walk all rows (scroll jank on 10,000 rows), so keys change only with
  // the rows.
  const getItemKey = useCallback(
    (index: number) => {
      const row = pageRows[index];
      return row === undefined ? index : String(getId(row));
    },
    [pageRows, getId],
  );
  const estimateSize = useCallback(() => rowHeight, [rowHeight]);
  // A row that measures 0 (not laid out yet) keeps its estimate instead of collapsing the list. Whole
  // pixels: a row that measures its estimate (virtual rows are given it as their height) changes
  // nothing, where a fraction of a pixel would make the virtualiser re-measure all 10,000 rows.
  const measureRow = useCallback(
    (element: Element) => Math.round(element.getBoundingClientRect().height) || rowHeight,
    [rowHeight],
  );
  const getScrollElement = useCallback(() => scrollRef.current, []);

  const virtualizer = useVirtualizer({
    count: enabled ? pageRows.length : 0,
    enabled,
    getScrollElement,
    estimateSize,
    overscan: 8,
    initialRect: { width: 0, height: bodyHeight },
    measureElement: measureRow,
    getItemKey,
    useFlushSync: false,
  });

  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  return {
    enabled,
    scrollRef,
    bodyHeight,
    rowHeight,
    items,
    paddingTop: first ? first.start : 0,
    paddingBottom: last ? virtualizer.getTotalSize() - last.end : 0,
    measureElement: virtualizer.measureElement,
  };
}
