import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { useDragHandle } from '../sortable-context';

/**
 * The drag handle of a sortable row: focus it, press Space to lift, arrows to move, Space to drop
 * (Escape cancels). Outside a sortable table it is a plain icon.
 */
export function DragIconCell({ label = 'Drag to reorder' }: { label?: string }) {
  const binding = useDragHandle();
  if (!binding) return <DragIndicatorIcon fontSize="small" color="disabled" aria-hidden="true" />;
  const { attributes, listeners, setActivatorNodeRef, disabled, disabledReason } = binding;
  const handle = (
    <IconButton
      ref={setActivatorNodeRef}
      size="small"
      {...attributes}
      {...(disabled ? {} : listeners)}
      aria-label={label}
      aria-disabled={disabled || undefined}
      sx={{ cursor: disabled ? 'not-allowed' : 'grab', touchAction: 'none', opacity: disabled ? 0.4 : 1 }}
    >
      <DragIndicatorIcon fontSize="small" />
    </IconButton>
  );
  return disabled && disabledReason ? <Tooltip title={disabledReason}>{handle}</Tooltip> : handle;
}
