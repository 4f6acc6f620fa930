import type { ReactNode } from 'react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';

const INSTRUCTIONS =
  'To reorder, press Space or Enter on the handle to lift the item, use the arrow keys to move it, press Space or Enter again to drop it, or Escape to cancel.';

export interface SortableItemsProps {
  /** the items' stable ids (react-hook-form's field ids), in order */
  ids: readonly string[];
  /** what an item is called: 'FAQ' gives 'Move FAQ 2 up' */
  noun: string;
  /** the name of item i for the controls ('FAQ 2: Is there a free trial?') */
  itemName: (index: number) => string;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
  children: (index: number) => ReactNode;
}

function SortableItem({
  id,
  index,
  count,
  name,
  onMove,
  onRemove,
  children,
}: {
  id: string;
  index: number;
  count: number;
  name: string;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
  children: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  return (
    <Box
      ref={setNodeRef}
      component="li"
      aria-label={name}
      sx={{
        transform: CSS.Transform.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 1 : 'auto',
        display: 'flex',
        gap: 1,
        alignItems: 'flex-start',
        border: 1,
        borderColor: isDragging ? 'primary.main' : 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
        p: { xs: 1, sm: 1.5 },
        boxShadow: isDragging ? 3 : 0,
      }}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', flexShrink: 0 }}>
        <Tooltip title="Drag to reorder">
          <IconButton
            ref={setActivatorNodeRef}
            size="small"
            {...attributes}
            {...listeners}
            aria-label={`Reorder ${name}`}
            sx={{ cursor: 'grab', touchAction: 'none' }}
          >
            <DragIndicatorIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <IconButton
          size="small"
          aria-label={`Move ${name} up`}
          disabled={index === 0}
          onClick={() => onMove(index, index - 1)}
        >
          <ArrowUpwardIcon fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          aria-label={`Move ${name} down`}
          disabled={index === count - 1}
          onClick={() => onMove(index, index + 1)}
        >
          <ArrowDownwardIcon fontSize="small" />
        </IconButton>
      </Box>
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>{children}</Box>
      <IconButton aria-label={`Delete ${name}`} onClick={() => onRemove(index)} sx={{ flexShrink: 0 }}>
        <DeleteOutlineIcon />
      </IconButton>
    </Box>
  );
}

/**
 * An ordered list of editable items: reordered by dragging the handle (pointer or keyboard, dnd-kit)
 * or with the up and down buttons; each with a delete button (the caller asks first).
 */
export function SortableItems({ ids, noun, itemName, onMove, onRemove, children }: SortableItemsProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  function end(event: DragEndEvent) {
    const from = ids.indexOf(String(event.active.id));
    const to = event.over ? ids.indexOf(String(event.over.id)) : -1;
    if (from >= 0 && to >= 0 && from !== to) onMove(from, to);
  }
  const position = (id: string | number) => ids.indexOf(String(id)) + 1;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={end}
      accessibility={{
        screenReaderInstructions: { draggable: INSTRUCTIONS },
        announcements: {
          onDragStart: ({ active }) => `Picked up ${noun} ${position(active.id)}.`,
          onDragOver: ({ active, over }) =>
            over ? `${noun} ${position(active.id)} is over position ${position(over.id)}.` : undefined,
          onDragEnd: ({ active, over }) =>
            over ? `${noun} ${position(active.id)} was dropped at position ${position(over.id)}.` : `${noun} dropped.`,
          onDragCancel: ({ active }) => `Moving ${noun} ${position(active.id)} was cancelled.`,
        },
      }}
    >
      <SortableContext items={[...ids]} strategy={verticalListSortingStrategy}>
        {ids.length === 0 ? null : (
          <Box
            component="ol"
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}
          >
            {ids.map((id, index) => (
              <SortableItem
                key={id}
                id={id}
                index={index}
                count={ids.length}
                name={itemName(index)}
                onMove={onMove}
                onRemove={onRemove}
              >
                {children(index)}
              </SortableItem>
            ))}
          </Box>
        )}
      </SortableContext>
      <Typography variant="caption" color="text.secondary">
        Drag an item by its handle (or lift it with Space and move it with the arrow keys), or use the arrows, to change
        the order students see.
      </Typography>
    </DndContext>
  );
}
