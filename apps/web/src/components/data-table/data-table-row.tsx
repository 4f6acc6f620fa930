import { useCallback, useMemo, type CSSProperties, type ReactNode, type Ref } from 'react';
import TableRow from '@mui/material/TableRow';
import type { SxProps, Theme } from '@mui/material/styles';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { DragHandleContext, type DragHandleBinding } from './sortable-context';

/** A virtual row's place in the page and the virtualiser's measuring ref. */
export interface RowMeasure {
  index: number;
  ref: (node: Element | null) => void;
}

interface DataRowProps {
  selected: boolean;
  /** Only on virtual rows. */
  measure?: RowMeasure;
  /** A virtual row is at least its estimated height, so rows measure what was estimated. */
  height?: number;
  children: ReactNode;
}

// The one body row: a virtual row tells screen readers its position (after the header row).
function BodyRow({
  selected,
  measure,
  rowRef,
  style,
  sx,
  children,
}: Omit<DataRowProps, 'height'> & {
  rowRef?: Ref<HTMLTableRowElement>;
  style?: CSSProperties;
  sx?: SxProps<Theme>;
}) {
  return (
    <TableRow
      ref={rowRef}
      hover
      selected={selected}
      data-index={measure?.index}
      aria-rowindex={measure ? measure.index + 2 : undefined}
      style={style}
      sx={sx}
    >
      {children}
    </TableRow>
  );
}

/** A row of a table without reordering. */
export function PlainRow({ selected, measure, height, children }: DataRowProps) {
  return (
    <BodyRow
      selected={selected}
      measure={measure}
      rowRef={measure?.ref}
      style={height === undefined ? undefined : { height }}
    >
      {children}
    </BodyRow>
  );
}

/** A row that can be dragged by its handle (dnd-kit); the handle finds its binding through context. */
export function SortableRow({
  id,
  disabled,
  disabledReason,
  selected,
  measure,
  height,
  children,
}: DataRowProps & { id: string; disabled: boolean; disabledReason?: string }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled,
  });
  const binding = useMemo<DragHandleBinding>(
    () => ({ attributes, listeners, setActivatorNodeRef, disabled, disabledReason }),
    [attributes, listeners, setActivatorNodeRef, disabled, disabledReason],
  );
  const measureRef = measure?.ref;
  const ref = useCallback(
    (node: HTMLTableRowElement | null) => {
      setNodeRef(node);
      measureRef?.(node);
    },
    [setNodeRef, measureRef],
  );
  return (
    <DragHandleContext.Provider value={binding}>
      <BodyRow
        selected={selected}
        measure={measure}
        rowRef={ref}
        style={{
          height,
          transform: CSS.Translate.toString(transform),
          transition,
          position: 'relative',
          zIndex: isDragging ? 2 : undefined,
        }}
        sx={isDragging ? { bgcolor: 'background.paper', boxShadow: 3 } : undefined}
      >
        {children}
      </BodyRow>
    </DragHandleContext.Provider>
  );
}

/** Stands in for the rows a virtual body does not render, so the scroll height and columns stay right. */
export function SpacerRow({ height, columns }: { height: number; columns: number }) {
  return (
    <tr aria-hidden="true" style={{ height }}>
      <td colSpan={columns} style={{ padding: 0, border: 0 }} />
    </tr>
  );
}
