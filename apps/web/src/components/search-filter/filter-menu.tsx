import { useId, useState, type ReactNode } from 'react';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import FilterListIcon from '@mui/icons-material/FilterList';
import RadioButtonCheckedIcon from '@mui/icons-material/RadioButtonChecked';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import type { Option } from '../multi-select';
import { VisuallyHidden } from '../visually-hidden';

/** A group of options of which one at most is chosen. */
export interface FilterGroup {
  /** Unique within the whole menu: the key of its choice in FilterValue. */
  id: string;
  label: string;
  options: Option[];
}

/** A menu level that opens its own groups (one choice per sub-group). */
export interface FilterLevel {
  id: string;
  label: string;
  groups: FilterGroup[];
}

/** The chosen option value of each group, by group id. */
export type FilterValue = Record<string, string>;

export interface FilterMenuProps {
  /** Groups shown directly and levels that open their sub-groups. */
  filters: (FilterGroup | FilterLevel)[];
  /** The choices. */
  value: FilterValue;
  /** Called with all the choices after one changed. */
  onChange: (value: FilterValue) => void;
  /** The button's text; default 'Filter'. */
  label?: string;
}

function isLevel(filter: FilterGroup | FilterLevel): filter is FilterLevel {
  return 'groups' in filter;
}

/** Chooses `option` in `group`; choosing the chosen option again clears the group. */
export function chooseFilter(value: FilterValue, groupId: string, option: string): FilterValue {
  const next = { ...value };
  if (next[groupId] === option) delete next[groupId];
  else next[groupId] = option;
  return next;
}

/** A filter button opening radio groups and multi-level menus; one choice per group or sub-group. */
export function FilterMenu({ filters, value, onChange, label = 'Filter' }: FilterMenuProps) {
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [levelId, setLevelId] = useState<string | null>(null);
  const level = filters.find((filter): filter is FilterLevel => isLevel(filter) && filter.id === levelId);
  const chosenCount = Object.keys(value).length;

  function close() {
    setAnchor(null);
    setLevelId(null);
  }

  function groupItems(group: FilterGroup): ReactNode[] {
    return [
      // a heading for the eye; a menu may hold only items, so it is no list item to assistive technology
      <ListSubheader key={`${group.id}-header`} role="none" sx={{ lineHeight: '36px' }}>
        {group.label}
      </ListSubheader>,
      ...group.options.map((option) => {
        const checked = value[group.id] === option.value;
        return (
          <MenuItem
            key={`${group.id}-${option.value}`}
            role="menuitemradio"
            aria-checked={checked}
            selected={checked}
            onClick={() => onChange(chooseFilter(value, group.id, option.value))}
          >
            <ListItemIcon>
              {checked ? (
                <RadioButtonCheckedIcon fontSize="small" color="primary" />
              ) : (
                <RadioButtonUncheckedIcon fontSize="small" />
              )}
            </ListItemIcon>
            <ListItemText primary={option.label} />
          </MenuItem>
        );
      }),
    ];
  }

  // A level replaces the menu's content (with a way back) instead of opening a side menu: it fits a phone.
  const items: ReactNode[] = level
    ? [
        <MenuItem key="back" onClick={() => setLevelId(null)}>
          <ListItemIcon>
            <ArrowBackIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary={level.label} />
        </MenuItem>,
        ...level.groups.flatMap(groupItems),
      ]
    : filters.flatMap((filter) =>
        isLevel(filter)
          ? [
              <MenuItem key={filter.id} aria-haspopup="menu" onClick={() => setLevelId(filter.id)}>
                <ListItemText primary={filter.label} />
                <ChevronRightIcon fontSize="small" sx={{ ml: 2, color: 'text.secondary' }} />
              </MenuItem>,
            ]
          : groupItems(filter),
      );

  return (
    <>
      {/* named by its text, 'Filter (2 applied)': the badge repeats the count for the eye only */}
      <Button
        variant="outlined"
        startIcon={
          <Badge badgeContent={chosenCount} color="primary" aria-hidden="true">
            <FilterListIcon />
          </Badge>
        }
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {label}
        {chosenCount > 0 && <VisuallyHidden>{` (${chosenCount} applied)`}</VisuallyHidden>}
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 220, maxWidth: 'calc(100vw - 32px)' } } }}
      >
        {items}
      </Menu>
    </>
  );
}
