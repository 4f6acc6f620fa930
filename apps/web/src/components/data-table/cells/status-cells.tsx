import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { orNA } from '@lectern/contract';
import { statusStyle } from '../status-styles';
import type { StatusCellConfig, StatusValue } from '../types';

type StatusCellProps = { status: StatusValue } & StatusCellConfig;

function isBlank(status: StatusValue): status is null | undefined | '' {
  return status === null || status === undefined || status.trim() === '';
}

/** Coloured status text with a dot, e.g. a green 'Published'. */
export function StatusSpanCell({ status, labels, styles }: StatusCellProps) {
  if (isBlank(status)) return <>{orNA(status)}</>;
  const look = statusStyle(status, { labels, styles });
  return (
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
  );
}

/** A small uppercase label on a tinted background, e.g. 'READY TO BE PUBLISHED'. */
export function StatusLabelCell({ status, labels, styles }: StatusCellProps) {
  if (isBlank(status)) return <>{orNA(status)}</>;
  const look = statusStyle(status, { labels, styles });
  return (
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
  );
}

/** A rounded tag (chip) in the status colours. */
export function TagCell({ status, labels, styles }: StatusCellProps) {
  if (isBlank(status)) return <>{orNA(status)}</>;
  const look = statusStyle(status, { labels, styles });
  return (
    <Chip
      size="small"
      label={look.label}
      data-status={status}
      sx={{ bgcolor: look.background, color: look.colour, border: 1, borderColor: look.colour, fontWeight: 600 }}
    />
  );
}
