import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { orNA } from '@lectern/contract';
import type { ProgressValue } from '../types';

/** A percent (0-100) as a bar with the number beside it, e.g. a running transcode; 'NA' when absent. */
export function ProgressCell({ value, label = 'Completion' }: { value: ProgressValue; label?: string }) {
  if (value === null || value === undefined || Number.isNaN(value)) return <>{orNA(null)}</>;
  const percent = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 120 }}>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={label}
        sx={{ flex: 1, height: 8, borderRadius: 4 }}
      />
      <Box
        component="span"
        sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', minWidth: '4ch', textAlign: 'right' }}
      >
        {`${percent}%`}
      </Box>
    </Box>
  );
}
