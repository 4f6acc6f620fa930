import type { ReactNode } from 'react';
import IconButton, { type IconButtonProps } from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';

/**
 * A small icon button with its tooltip. The span lets the tooltip show over a disabled button (a
 * disabled button fires no pointer events).
 */
export function TooltipIconButton({
  title,
  label = title,
  color,
  disabled,
  onClick,
  children,
}: {
  title: string;
  /** Accessible name; defaults to the tooltip. */
  label?: string;
  color?: IconButtonProps['color'];
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip title={title}>
      <span>
        <IconButton aria-label={label} color={color} size="small" disabled={disabled} onClick={onClick}>
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}
