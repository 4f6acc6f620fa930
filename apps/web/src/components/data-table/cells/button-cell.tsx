import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { Link as RouterLink } from 'react-router';
import { VisuallyHidden } from '../../visually-hidden';

export interface ButtonCellProps {
  label: string;
  /** Renders a react-router link to this target (path plus query string). */
  to?: string;
  onClick?: () => void;
  variant?: 'text' | 'outlined' | 'contained';
  disabled?: boolean;
  /** Why the button is disabled: an info button beside it shows it on hover, focus or tap. */
  disabledReason?: string;
  ariaLabel?: string;
}

/** A button, or a link styled as a button when `to` is given. */
export function ButtonCell({
  label,
  to,
  onClick,
  variant = 'outlined',
  disabled = false,
  disabledReason,
  ariaLabel,
}: ButtonCellProps) {
  const reasonId = useId();
  const explained = disabled && Boolean(disabledReason);
  const props = {
    onClick,
    size: 'small',
    variant,
    disabled,
    'aria-label': ariaLabel,
    'aria-describedby': explained ? reasonId : undefined,
    sx: { whiteSpace: 'nowrap' },
    children: label,
  } as const;
  const button = to !== undefined ? <Button component={RouterLink} to={to} {...props} /> : <Button {...props} />;
  if (!explained || !disabledReason) return button;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center' }}>
      {button}
      <VisuallyHidden id={reasonId}>{disabledReason}</VisuallyHidden>
      <ReasonButton reason={disabledReason} label={`Why ${label} is unavailable`} />
    </Box>
  );
}

/** An info button whose tooltip opens on hover and focus, and on a tap (a touch screen has no hover). */
function ReasonButton({ reason, label }: { reason: string; label: string }) {
  const [open, setOpen] = useState(false);
  return (
    <ClickAwayListener onClickAway={() => setOpen(false)}>
      <span>
        <Tooltip title={reason} describeChild open={open} onOpen={() => setOpen(true)} onClose={() => setOpen(false)}>
          <IconButton size="small" aria-label={label} onClick={() => setOpen((shown) => !shown)}>
            <InfoOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </span>
    </ClickAwayListener>
  );
}
