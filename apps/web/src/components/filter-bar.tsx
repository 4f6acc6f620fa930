import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

/** The 'no filter' entry's value: never a real choice. */
const ANY = '__any__';

export interface FilterChoice {
  value: string;
  label: string;
}

export interface FilterSelect<K extends string> {
  key: K;
  label: string;
  options: readonly FilterChoice[];
  /** the 'no filter' entry: 'Any' unless given ('All categories') */
  anyLabel?: string;
  /** spans the whole row on a phone (a long list such as categories) */
  wide?: boolean;
}

interface FilterBarProps<K extends string> {
  /** names the search landmark, like 'Filter coupons' */
  label: string;
  selects: readonly FilterSelect<K>[];
  values: Readonly<Partial<Record<K, string | null>>>;
  onChange: (key: K, value: string | null) => void;
  /** 'Clear filters' shows while `filtered` */
  onClear: () => void;
  filtered: boolean;
  /** the widest a select grows on a desktop, in px */
  selectWidth?: number;
}

/**
 * A list's filters as one row of selects (two a row on a phone) in a search landmark, with 'Clear
 * filters' while any is set. A value from a link whose choice is not (yet) among the options still
 * reads as chosen, so a shared filtered link never shows 'Any' while it filters.
 */
export function FilterBar<K extends string>({
  label,
  selects,
  values,
  onChange,
  onClear,
  filtered,
  selectWidth = 220,
}: FilterBarProps<K>) {
  return (
    <Box
      component="form"
      role="search"
      aria-label={label}
      onSubmit={(event) => event.preventDefault()}
      sx={{
        display: 'grid',
        gap: 1.5,
        mb: 2,
        alignItems: 'center',
        gridTemplateColumns: { xs: '1fr 1fr', md: `repeat(${selects.length}, minmax(0, ${selectWidth}px)) auto` },
      }}
    >
      {selects.map((select) => {
        const value = values[select.key] ?? null;
        const unknown = value !== null && !select.options.some((option) => option.value === value);
        return (
          <TextField
            key={select.key}
            select
            size="small"
            label={select.label}
            value={value ?? ANY}
            onChange={(event) => onChange(select.key, event.target.value === ANY ? null : event.target.value)}
            sx={select.wide ? { gridColumn: { xs: '1 / -1', md: 'auto' } } : undefined}
          >
            <MenuItem value={ANY}>{select.anyLabel ?? 'Any'}</MenuItem>
            {select.options.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
            {unknown && <MenuItem value={value}>{value}</MenuItem>}
          </TextField>
        );
      })}
      {filtered && (
        <Button onClick={onClear} sx={{ justifySelf: 'start' }}>
          Clear filters
        </Button>
      )}
    </Box>
  );
}
