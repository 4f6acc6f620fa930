import Box from '@mui/material/Box';
import { DateRangeSearch, type DateRange } from './date-range-search';
import { FilterChips, filterChips } from './filter-chips';
import { FilterMenu, type FilterGroup, type FilterLevel, type FilterValue } from './filter-menu';

export interface SearchFilterToolbarProps {
  /** Shows the date-range search; called with a proper range. */
  onDateSearch?: (range: DateRange) => void;
  /** The starting date range; default the last 30 days up to today. */
  initialRange?: DateRange;
  /** Radio groups and multi-level menus; shows the filter button and chips when given. */
  filters?: (FilterGroup | FilterLevel)[];
  /** The chosen filters, by group id. */
  filterValue?: FilterValue;
  /** Called with all the choices after one changed (from the menu or a chip's delete). */
  onFilterChange?: (value: FilterValue) => void;
  /** The filter button's text; default 'Filter'. */
  filterLabel?: string;
}

/** Date-range search on the left, the filter menu on the right, and the chosen filters as removable chips below. */
export function SearchFilterToolbar({
  onDateSearch,
  initialRange,
  filters,
  filterValue = {},
  onFilterChange,
  filterLabel,
}: SearchFilterToolbarProps) {
  const chips = filters ? filterChips(filters, filterValue) : [];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, mb: 2 }}>
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start', justifyContent: 'space-between' }}
      >
        {onDateSearch && <DateRangeSearch onSearch={onDateSearch} initialRange={initialRange} />}
        {filters && onFilterChange && (
          <Box sx={{ ml: 'auto' }}>
            <FilterMenu filters={filters} value={filterValue} onChange={onFilterChange} label={filterLabel} />
          </Box>
        )}
      </Box>
      {onFilterChange && (
        <FilterChips
          chips={chips}
          onDelete={(groupId) => {
            const next = { ...filterValue };
            delete next[groupId];
            onFilterChange(next);
          }}
        />
      )}
    </Box>
  );
}
