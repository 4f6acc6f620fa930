import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import CloseIcon from '@mui/icons-material/Close';
import MovieOutlinedIcon from '@mui/icons-material/MovieOutlined';
import { shortenFileName } from '@lectern/contract';
import type { MultiActionValue } from '../types';
import { VisuallyHidden } from '../../visually-hidden';
import { LabelText } from './label-text';

/** The attached video's name with a remove control; '—' or an 'Attach' action when none is attached. */
export function MultiActionCell({
  name,
  onRemove,
  onAttach,
  removeLabel = 'Remove video',
  attachLabel = 'Attach',
  disabled = false,
}: {
  name: MultiActionValue;
  onRemove: () => void;
  onAttach?: () => void;
  removeLabel?: string;
  attachLabel?: string;
  disabled?: boolean;
}) {
  if (name === null || name === undefined || name.trim() === '') {
    return onAttach ? (
      <Button size="small" onClick={onAttach} disabled={disabled}>
        {attachLabel}
      </Button>
    ) : (
      <span>
        <span aria-hidden="true">—</span>
        <VisuallyHidden>No video attached</VisuallyHidden>
      </span>
    );
  }
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, maxWidth: '100%' }}>
      <MovieOutlinedIcon fontSize="small" color="action" aria-hidden="true" />
      <Box component="span" sx={{ minWidth: 0 }}>
        <LabelText text={name} shorten={shortenFileName} />
      </Box>
      <Tooltip title={removeLabel}>
        <span>
          <IconButton size="small" aria-label={`${removeLabel} ${name}`} onClick={onRemove} disabled={disabled}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}
