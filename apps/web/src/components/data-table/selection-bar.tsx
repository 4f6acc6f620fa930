import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { formatIndianNumber } from '@lectern/contract';

export interface SelectionBarProps {
  /** Number of selected items; the bar renders nothing at 0. */
  count: number;
  /** Adds a 'Delete' action. */
  onDelete?: () => void;
  deleteLabel?: string;
  /** Custom actions, shown before Delete. */
  actions?: ReactNode;
  /** Adds a 'Clear selection' control. */
  onClear?: () => void;
  /** 'inline' (default) sits in the page flow; 'bottom' sticks to the bottom of the viewport. */
  position?: 'inline' | 'bottom';
  disabled?: boolean;
}

/** The edit bar for bulk actions: 'N selected' with Delete and/or custom actions. */
export function SelectionBar({
  count,
  onDelete,
  deleteLabel = 'Delete',
  actions,
  onClear,
  position = 'inline',
  disabled = false,
}: SelectionBarProps) {
  if (count <= 0) return null;
  const bottom = position === 'bottom';
  return (
    <Paper
      role="toolbar"
      aria-label="Selected rows"
      elevation={bottom ? 6 : 0}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        px: 2,
        py: 1,
        backgroundColor: (theme) => (bottom ? theme.palette.background.paper : `${theme.palette.primary.main}14`),
        ...(bottom && {
          position: 'sticky',
          bottom: 16,
          zIndex: (theme) => theme.zIndex.appBar - 1,
          mx: 'auto',
          width: 'fit-content',
          maxWidth: 'calc(100% - 32px)',
          borderRadius: 2,
        }),
      }}
    >
      {onClear && (
        <Tooltip title="Clear selection">
          <IconButton size="small" aria-label="Clear selection" onClick={onClear}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <Typography component="p" variant="subtitle2" role="status" sx={{ mr: 'auto', fontWeight: 600 }}>
        {`${formatIndianNumber(count)} selected`}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {actions}
        {onDelete && (
          <Button
            color="error"
            variant="contained"
            size="small"
            startIcon={<DeleteOutlineIcon />}
            onClick={onDelete}
            disabled={disabled}
          >
            {deleteLabel}
          </Button>
        )}
      </Box>
    </Paper>
  );
}
