import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { FilterGroup, FilterLevel, FilterValue } from './filter-menu';

/** One removable chip. */
export interface FilterChip {
  key: string;
  label: string;
  /** a test id for the chip, for a test that finds one chip among many */
  testId?: string;
}

export interface FilterChipsProps {
  /** The chips, in order. */
  chips: FilterChip[];
  /** Called with a chip's key when its delete icon (or Delete/Backspace on it) is used. */
  onDelete: (key: string) => void;
}

/** The chosen filters as chips, removable by their delete icon. */
export function FilterChips({ chips, onDelete }: FilterChipsProps) {
  if (chips.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label="Applied filters"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, listStyle: 'none' }}
    >
      {chips.map((chip) => (
        <li key={chip.key}>
          <Chip label={chip.label} size="small" onDelete={() => onDelete(chip.key)} data-testid={chip.testId} />
        </li>
      ))}
    </Box>
  );
}

/** One chip per chosen filter, 'Group: Option', keyed by group id. */
export function filterChips(filters: (FilterGroup | FilterLevel)[], value: FilterValue): FilterChip[] {
  const groups = filters.flatMap((filter) => ('groups' in filter ? filter.groups : [filter]));
  return groups.flatMap((group) => {
    const option = group.options.find((o) => o.value === value[group.id]);
    return option ? [{ key: group.id, label: `${group.label}: ${option.label}` }] : [];
  });
}
