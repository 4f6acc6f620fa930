import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CloseIcon from '@mui/icons-material/Close';
import MovieOutlinedIcon from '@mui/icons-material/MovieOutlined';
import { shortenFileName } from '@lectern/contract';
import type { MultiActionValue } from '../types';
import { VisuallyHidden } from '../../visually-hidden';
import { LabelText } from './label-text';
import { TooltipIconButton } from './tooltip-icon-button';

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
      <TooltipIconButton title={removeLabel} label={`${removeLabel} ${name}`} disabled={disabled} onClick={onRemove}>
        <CloseIcon fontSize="small" />
      </TooltipIconButton>
    </Box>
  );
}
