import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { orNA } from '@lectern/contract';
import { statusStyle, type StatusStyle } from '../status-styles';
import type { StatusCellConfig, StatusValue } from '../types';

type StatusCellProps = { status: StatusValue } & StatusCellConfig;

/** 'NA' for a blank status; otherwise `render` with the status's label and colours. */
function withStatusLook(
  { status, labels, styles }: StatusCellProps,
  render: (look: StatusStyle, status: string) => ReactNode,
): ReactNode {
  if (status === null || status === undefined || status.trim() === '') return orNA(status);
  return render(statusStyle(status, { labels, styles }), status);
}

/** Coloured status text with a dot, e.g. a green 'Published'. */
export function StatusSpanCell(props: StatusCellProps) {
  return withStatusLook(props, (look, status) => (
    <Box
      component="span"
      data-status={status}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.75,
        color: look.colour,
        fontWeight: 600,
        whiteSpace: 'nowrap',
      }}
    >
      <Box
        component="span"
        aria-hidden="true"
        sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: look.colour, flexShrink: 0 }}
      />
      {look.label}
    </Box>
  ));
}

/** A small uppercase label on a tinted background, e.g. 'READY TO BE PUBLISHED'. */
export function StatusLabelCell(props: StatusCellProps) {
  return withStatusLook(props, (look, status) => (
    <Box
      component="span"
      data-status={status}
      sx={{
        display: 'inline-block',
        px: 1,
        py: 0.25,
        borderRadius: 1,
        bgcolor: look.background,
        color: look.colour,
        fontSize: '0.75rem',
        fontWeight: 700,
        letterSpacing: '0.03em',
        textTransform: 'uppercase',
        whiteSpace: 'nowrap',
      }}
    >
      {look.label}
    </Box>
  ));
}

/** A rounded tag (chip) in the status colours. */
export function TagCell(props: StatusCellProps) {
  return withStatusLook(props, (look, status) => (
    <Chip
      size="small"
      label={look.label}
      data-status={status}
      sx={{ bgcolor: look.background, color: look.colour, border: 1, borderColor: look.colour, fontWeight: 600 }}
    />
  ));
}
