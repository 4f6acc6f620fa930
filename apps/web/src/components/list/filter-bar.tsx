import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { MultiSelect, type MultiSelectProps } from '../multi-select';
import { SearchBar, type SearchBarProps } from '../search-bar';
import { DateRangeSearch, type DateRangeSearchProps } from '../search-filter/date-range-search';
import { FilterChips, filterChips, type FilterChip } from '../search-filter/filter-chips';
import { FilterMenu, type FilterGroup, type FilterLevel, type FilterValue } from '../search-filter/filter-menu';

/** The 'no filter' entry's value: never a real choice. */
const ANY = '__any__';

export interface FilterChoice {
  value: string;
  label: string;
}

/** A filter shown as its own select. */
export interface FilterSelect<K extends string> {
  key: K;
  label: string;
  options: readonly FilterChoice[];
  /** the 'no filter' entry: 'Any' unless given ('All categories') */
  anyLabel?: string;
  /** spans the whole row on a phone (a long list such as categories) */
  wide?: boolean;
}

/** Filters behind one 'Filter' button: radio groups and levels that open their own groups. */
export interface FilterBarMenu {
  filters: (FilterGroup | FilterLevel)[];
  value: FilterValue;
  onChange: (value: FilterValue) => void;
  /** the button's text; default 'Filter' */
  label?: string;
}

/** A chip of a filter the bar shows no control for (a day from a link); removable. */
export interface ExtraChip extends FilterChip {
  onDelete: () => void;
}

export interface FilterBarProps<K extends string> {
  /** names the search landmark, like 'Filter coupons' */
  label: string;
  /** a search box with its 'Search' button (SearchBar's props) */
  search?: Pick<
    SearchBarProps,
    'onSearch' | 'value' | 'onChange' | 'placeholder' | 'label' | 'hideButton' | 'maxLength'
  >;
  selects?: readonly FilterSelect<K>[];
  values?: Readonly<Partial<Record<K, string | null | undefined>>>;
  onChange?: (key: K, value: string | null) => void;
  /** filters of several choices each, as checkbox selects */
  multiSelects?: readonly (MultiSelectProps & { key: string })[];
  menu?: FilterBarMenu;
  /** a date range with its 'Search'; refuses an improper range with 'Select proper date range!'; a new `key` resets it */
  dateRange?: DateRangeSearchProps & { key?: string };
  /** chips of filters set by a link, beside the menu's chips */
  chips?: readonly ExtraChip[];
  /** 'Clear filters' shows while `filtered` */
  onClear?: () => void;
  /** the clear button's text; default 'Clear filters' */
  clearLabel?: string;
  filtered?: boolean;
  /** the widest a select grows on a desktop, in px */
  selectWidth?: number;
  /** what the row starts with (a view switch) */
  leading?: ReactNode;
  /** anything else the row holds (a note or a button at its end) */
  children?: ReactNode;
}

/**
 * The one filter view of every list: a search box, selects (two a row on a phone), a filter menu with
 * multi-level groups, a date range, the active menu and link filters as removable chips, and 'Clear
 * filters' while any is set. Everything wraps, so a phone never pans sideways. A select value from a
 * link whose choice is not (yet) among the options still reads as chosen, so a shared filtered link
 * never shows 'Any' while it filters.
 */
export function FilterBar<K extends string>({
  label,
  search,
  selects = [],
  values,
  onChange,
  multiSelects = [],
  menu,
  dateRange,
  chips = [],
  onClear,
  clearLabel = 'Clear filters',
  filtered = false,
  selectWidth = 220,
  leading,
  children,
}: FilterBarProps<K>) {
  const menuChips = menu ? filterChips(menu.filters, menu.value) : [];
  const allChips: FilterChip[] = [...menuChips, ...chips];
  function deleteChip(key: string) {
    const extra = chips.find((chip) => chip.key === key);
    if (extra) return extra.onDelete();
    if (!menu) return;
    const next = { ...menu.value };
    delete next[key];
    menu.onChange(next);
  }

  return (
    <Box
      role="search"
      aria-label={label}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, mb: 2, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', minWidth: 0 }}>
        {leading}
        {search && <SearchBar {...search} />}
        {selects.map((select) => {
          const value = values?.[select.key] ?? null;
          const unknown = value !== null && !select.options.some((option) => option.value === value);
          const half = 'calc(50% - 6px)';
          return (
            <TextField
              key={select.key}
              select
              size="small"
              label={select.label}
              value={value ?? ANY}
              onChange={(event) => onChange?.(select.key, event.target.value === ANY ? null : event.target.value)}
              sx={{
                flex: { xs: `1 1 ${select.wide ? '100%' : half}`, md: `0 1 ${selectWidth}px` },
                minWidth: 0,
                maxWidth: { xs: '100%', md: selectWidth },
              }}
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
        {multiSelects.map(({ key, ...multi }) => (
          <MultiSelect key={key} {...multi} />
        ))}
        {dateRange && (
          <DateRangeSearch
            key={dateRange.key}
            onSearch={dateRange.onSearch}
            initialRange={dateRange.initialRange}
            label={dateRange.label}
          />
        )}
        {menu && <FilterMenu filters={menu.filters} value={menu.value} onChange={menu.onChange} label={menu.label} />}
        {children}
        {filtered && onClear && (
          <Button onClick={onClear} sx={{ flexShrink: 0 }}>
            {clearLabel}
          </Button>
        )}
      </Box>
      <FilterChips chips={allChips} onDelete={deleteChip} />
    </Box>
  );
}
