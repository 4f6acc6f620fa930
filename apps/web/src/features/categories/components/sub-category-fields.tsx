import { useId, type ReactNode } from 'react';
import { useFieldArray, useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type Modifier,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { CategoryFormInput } from './category-form';
import { plural } from '@lectern/contract';

const SCREEN_READER_INSTRUCTIONS =
  'To reorder, press Space or Enter to lift the sub-category, use the arrow keys to move it, press Space or Enter again to drop it, or Escape to cancel.';

const restrictToVerticalAxis: Modifier = ({ transform }) => ({ ...transform, x: 0 });
const modifiers = [restrictToVerticalAxis];

interface SubCategoryFieldsProps {
  control: Control<CategoryFormInput>;
  register: UseFormRegister<CategoryFormInput>;
  errors: FieldErrors<CategoryFormInput>;
  /** How many catalogues are listed in each saved sub-category, by its id. */
  listed: ReadonlyMap<string, number>;
}

/**
 * The sub-category rows of the category form, in their order: add, rename, remove, and drag to
 * reorder by pointer or keyboard (dnd-kit, as the data table reorders rows).
 */
export function SubCategoryFields({ control, register, errors, listed }: SubCategoryFieldsProps) {
  const headingId = useId();
  const { fields, append, remove, move } = useFieldArray({ control, name: 'subCategories' });
  const values = useWatch({ control, name: 'subCategories' }) ?? [];
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = fields.map((field) => field.id);
  const nameAt = (index: number) => values[index]?.subCategoryName.trim() || `Sub-category ${index + 1}`;
  const nameOf = (id: UniqueIdentifier) => nameAt(ids.indexOf(String(id)));
  const place = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, position ${place(active.id)} of ${ids.length}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} is over position ${place(over.id)} of ${ids.length}.`
        : `${nameOf(active.id)} is not over a position.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} was dropped at position ${place(over.id)} of ${ids.length}.`
        : `${nameOf(active.id)} was dropped.`,
    onDragCancel: ({ active }) => `Reordering cancelled. ${nameOf(active.id)} is back in place.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) move(from, to);
  };
  const listError = errors.subCategories?.root?.message ?? errors.subCategories?.message;

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Sub-categories
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {fields.length === 0
          ? 'None yet. Store listings can sit in the category itself or in one of its sub-categories.'
          : 'In the order students see them. Drag the handle to reorder.'}
      </Typography>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        modifiers={modifiers}
        onDragEnd={onDragEnd}
        accessibility={{ announcements, screenReaderInstructions: { draggable: SCREEN_READER_INSTRUCTIONS } }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <Box
            component="ol"
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}
          >
            {fields.map((field, index) => {
              const savedId = values[index]?.subCategoryId;
              const count = savedId ? (listed.get(savedId) ?? 0) : 0;
              const error = errors.subCategories?.[index]?.subCategoryName?.message;
              return (
                <SortableSubCategory key={field.id} id={field.id} name={nameAt(index)}>
                  <TextField
                    label={`Sub-category ${index + 1}`}
                    required
                    size="small"
                    fullWidth
                    autoComplete="off"
                    {...register(`subCategories.${index}.subCategoryName`)}
                    error={Boolean(error)}
                    helperText={
                      error ??
                      (count > 0
                        ? `${plural(count, 'catalogue')} listed here; removing it keeps ${count === 1 ? 'it' : 'them'} in the category.`
                        : undefined)
                    }
                    slotProps={{ htmlInput: { maxLength: 80 } }}
                  />
                  <IconButton aria-label={`Remove ${nameAt(index)}`} onClick={() => remove(index)} sx={{ mt: 0.25 }}>
                    <DeleteOutline />
                  </IconButton>
                </SortableSubCategory>
              );
            })}
          </Box>
        </SortableContext>
      </DndContext>
      {listError && (
        <Typography variant="body2" color="error" sx={{ mt: 1 }}>
          {listError}
        </Typography>
      )}
      <Button
        startIcon={<AddIcon />}
        onClick={() => append({ subCategoryName: '' }, { shouldFocus: true })}
        disabled={fields.length >= 50}
        sx={{ mt: 1.5 }}
      >
        Add sub-category
      </Button>
    </Box>
  );
}

/** One row: its drag handle (focus it, Space, arrows, Space; Escape cancels) and the fields beside it. */
function SortableSubCategory({ id, name, children }: { id: string; name: string; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  return (
    <Box
      component="li"
      ref={setNodeRef}
      data-testid="sub-category-row"
      style={{ transform: CSS.Translate.toString(transform), transition }}
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 0.5,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
        bgcolor: 'background.paper',
        borderRadius: 1,
        boxShadow: isDragging ? 3 : undefined,
      }}
    >
      <IconButton
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Drag to reorder ${name}`}
        sx={{ cursor: 'grab', touchAction: 'none', mt: 0.25 }}
      >
        <DragIndicatorIcon fontSize="small" />
      </IconButton>
      {children}
    </Box>
  );
}
