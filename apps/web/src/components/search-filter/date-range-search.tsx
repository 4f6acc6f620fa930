import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs, { type Dayjs } from 'dayjs';
import { defaultDateRange, validateDateRange } from '@lectern/contract';

/** The search-field date format of spec §5. */
export const SEARCH_DATE_FORMAT = 'MM/DD/YYYY';

/** A range of whole days: start at 00:00 of its day, end at 23:59:59.999 of its day. */
export interface DateRange {
  start: Date;
  end: Date;
}

export interface DateRangeSearchProps {
  /** Called with the range when it is proper (start day before end day). */
  onSearch: (range: DateRange) => void;
  /** The starting range; default the last 30 days up to today. */
  initialRange?: { start: Date; end: Date };
  /** The form's accessible name; default 'Date range search' (two on one page need different names). */
  label?: string;
}

/** 'Start Date', 'End Date' (MM/DD/YYYY) and 'Search'; refuses a range whose start is not before its end. */
export function DateRangeSearch({ onSearch, initialRange, label = 'Date range search' }: DateRangeSearchProps) {
  const [range] = useState(() => initialRange ?? defaultDateRange());
  const [start, setStart] = useState<Dayjs | null>(() => dayjs(range.start));
  const [end, setEnd] = useState<Dayjs | null>(() => dayjs(range.end));
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Whole days are compared: the same day twice is not a range.
    const from = start?.isValid() ? start.startOf('day') : null;
    const to = end?.isValid() ? end.startOf('day') : null;
    const message = validateDateRange(from?.toDate() ?? null, to?.toDate() ?? null);
    setError(message);
    if (message || !from || !to) return;
    onSearch({ start: from.toDate(), end: to.endOf('day').toDate() });
  }

  const field = { size: 'small' as const, sx: { width: { xs: '100%', sm: 180 } } };
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <Box component="form" noValidate onSubmit={submit} aria-label={label} sx={{ width: { xs: '100%', sm: 'auto' } }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <DatePicker
            label="Start Date"
            format={SEARCH_DATE_FORMAT}
            value={start}
            onChange={(next) => {
              setStart(next);
              setError(undefined);
            }}
            enableAccessibleFieldDOMStructure={false}
            slotProps={{ textField: field }}
          />
          <DatePicker
            label="End Date"
            format={SEARCH_DATE_FORMAT}
            value={end}
            onChange={(next) => {
              setEnd(next);
              setError(undefined);
            }}
            enableAccessibleFieldDOMStructure={false}
            slotProps={{ textField: field }}
          />
          <Button type="submit" variant="contained" sx={{ width: { xs: '100%', sm: 'auto' } }}>
            Search
          </Button>
        </Box>
        {error && (
          <Typography role="alert" variant="body2" color="error" sx={{ mt: 0.5 }}>
            {error}
          </Typography>
        )}
      </Box>
    </LocalizationProvider>
  );
}
