import Box from '@mui/material/Box';
import { formatDuration, formatIndiaDate, formatMoney, orNA } from '@lectern/contract';
import type { AmountValue, DateValue, DurationValue } from '../types';

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** Money (paise) as 'Rs. 12,34,567' or 'Rs. 1,499.50' (Indian grouping); 'NA' when absent. */
export function AmountCell({ value }: { value: AmountValue }) {
  return (
    <Box component="span" sx={numeric}>
      {formatMoney(value)}
    </Box>
  );
}

/** A date as DD-MM-YYYY, the India day of an instant (a calendar date keeps its day); 'NA' when absent or invalid. */
export function DateCell({ value }: { value: DateValue }) {
  return (
    <Box component="span" sx={numeric}>
      {formatIndiaDate(value)}
    </Box>
  );
}

/** Seconds as H:MM:SS; 'NA' when absent. */
export function DurationCell({ value }: { value: DurationValue }) {
  return (
    <Box component="span" sx={numeric}>
      {value === null || value === undefined ? orNA(value) : formatDuration(value)}
    </Box>
  );
}
