import { useMemo } from 'react';
import {
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DndContextProps,
  type DragEndEvent,
  type Modifier,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { reorderRows } from './table-logic';
import type { ReorderEvent, RowId, TableConfig } from './types';

const DRAG_BLOCKED_REASON = 'Clear the search and sorting to reorder';
const SCREEN_READER_INSTRUCTIONS =
  'To reorder, press Space or Enter to lift the row, use the arrow keys to move it, press Space or Enter again to drop it, or Escape to cancel.';

const restrictToVerticalAxis: Modifier = ({ transform }) => ({ ...transform, x: 0 });
const modifiers = [restrictToVerticalAxis];

export interface SortableRowsOptions<Row> {
  config: TableConfig<Row>;
  /** The caller's full order, which a drop reorders. */
  rows: readonly Row[];
  /** The rows shown, in the order shown. */
  pageRows: readonly Row[];
  getId: (row: Row) => RowId;
  /** A search or sort changes the order shown, so a drop could not be mapped back to `rows`. */
  blocked: boolean;
  loading: boolean;
  onReorder?: (event: ReorderEvent<Row>) => void;
}

export interface SortableRows {
  /** Rows are sortable (render them inside `context` with `ids`). */
  enabled: boolean;
  /** Handles are shown but inert. */
  disabled: boolean;
  /** Why the handles are inert, for their tooltip. */
  disabledReason?: string;
  /** The table adds a handle column (there is no `dragIcon` column to hold the handle). */
  handleColumn: boolean;
  /** The ids of the shown rows, as dnd-kit's SortableContext takes them. */
  ids: string[];
  /** Props of dnd-kit's DndContext: sensors, announcements and the drop. */
  context: DndContextProps;
}

/**
 * Drag-and-drop reordering by pointer or keyboard (dnd-kit), over the caller's full order; off while a
 * search or sort reorders the view. The caller applies the new order it gets through `onReorder`.
 */
export function useSortableRows<Row>({
  config,
  rows,
  pageRows,
  getId,
  blocked,
  loading,
  onReorder,
}: SortableRowsOptions<Row>): SortableRows {
  const enabled = config.dragAndDrop?.enabled === true;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = useMemo(() => pageRows.map((row) => String(getId(row))), [pageRows, getId]);
  const position = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up row ${position(active.id)} of ${ids.length}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `Row ${position(active.id)} is over position ${position(over.id)} of ${ids.length}.`
        : `Row ${position(active.id)} is not over a position.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `Row ${position(active.id)} was dropped at position ${position(over.id)} of ${ids.length}.`
        : `Row ${position(active.id)} was dropped.`,
    onDragCancel: ({ active }) => `Reordering cancelled. Row ${position(active.id)} is back in place.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const result = reorderRows(rows, getId, active.id, over.id);
    if (result) onReorder?.(result);
  };

  return {
    enabled,
    disabled: config.dragAndDrop?.disabled === true || blocked || loading,
    disabledReason: blocked ? DRAG_BLOCKED_REASON : undefined,
    handleColumn: enabled && !config.columns.some((column) => column.elementType === 'dragIcon'),
    ids,
    context: {
      sensors,
      collisionDetection: closestCenter,
      modifiers,
      onDragEnd,
      accessibility: { announcements, screenReaderInstructions: { draggable: SCREEN_READER_INSTRUCTIONS } },
    },
  };
}
