import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { alpha, type Theme } from '@mui/material/styles';

/** The colours a badge comes in. */
export type BadgeColor = 'primary' | 'secondary' | 'error' | 'success' | 'warning' | 'grey';

export interface BadgeProps {
  /** The text, shown in capitals. */
  children?: ReactNode;
  /** Colour; default 'grey'. */
  color?: BadgeColor;
  /** 'filled' (a tinted background, the default) or 'outlined'. */
  variant?: 'filled' | 'outlined';
}

function tones(theme: Theme, color: BadgeColor): { main: string; text: string } {
  if (color === 'grey') return { main: theme.palette.grey[500], text: theme.palette.grey[800] };
  const palette = theme.palette[color];
  // the dark shade keeps small text readable on the light tint (WCAG AA)
  return { main: palette.main, text: palette.dark };
}

/** A small uppercase badge, e.g. a status. */
export function Badge({ children, color = 'grey', variant = 'filled' }: BadgeProps) {
  return (
    <Box
      component="span"
      data-color={color}
      sx={(theme) => {
        const { main, text } = tones(theme, color);
        return {
          display: 'inline-flex',
          alignItems: 'center',
          minHeight: 22,
          px: 1,
          borderRadius: 1,
          fontSize: '0.6875rem',
          fontWeight: 700,
          letterSpacing: '0.04em',
          lineHeight: 1.5,
          textTransform: 'uppercase',
          whiteSpace: 'nowrap',
          color: text,
          border: '1px solid',
          borderColor: variant === 'outlined' ? main : 'transparent',
          bgcolor: variant === 'outlined' ? 'transparent' : alpha(main, 0.14),
        };
      }}
    >
      {children}
    </Box>
  );
}
