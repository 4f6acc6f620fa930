import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { HEADER_INPUT_MAX } from '@lectern/contract';
import type { TitleButtonConfig } from './types';

export interface TableToolbarProps {
  title?: string;
  titleId: string;
  titleButton?: TitleButtonConfig;
  searchable: boolean;
  search: string;
  onSearchChange: (search: string) => void;
  /** null while loading or failed. */
  countLine: { records: string; page: string } | null;
}

/** The table's title, count line ('25 records found', 'page 1 of 3'), search box and title button. */
export function TableToolbar({
  title,
  titleId,
  titleButton,
  searchable,
  search,
  onSearchChange,
  countLine,
}: TableToolbarProps) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 2,
        px: 2,
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ mr: 'auto', minWidth: 0 }}>
        {title && (
          <Typography id={titleId} variant="h2" component="h2" sx={{ fontSize: '1.125rem' }}>
            {title}
          </Typography>
        )}
        <Typography
          variant="body2"
          color="text.secondary"
          role="status"
          aria-live="polite"
          data-testid="data-table-count"
          sx={{ minHeight: '1.43em' }}
        >
          {countLine && (
            <>
              <span>{countLine.records}</span>
              <span aria-hidden="true"> · </span>
              <span>{countLine.page}</span>
            </>
          )}
        </Typography>
      </Box>
      {(searchable || titleButton) && (
        <Box
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', width: { xs: '100%', sm: 'auto' } }}
        >
          {searchable && (
            <SearchBox value={search} onChange={onSearchChange} label={title ? `Search ${title}` : 'Search'} />
          )}
          {titleButton && (
            <Button
              variant="contained"
              onClick={titleButton.onClick}
              startIcon={titleButton.icon}
              disabled={titleButton.disabled}
            >
              {titleButton.label}
            </Button>
          )}
        </Box>
      )}
    </Box>
  );
}

/**
 * The search input keeps its own text so typing stays smooth while the URL (a router navigation)
 * catches up; it adopts the URL's value when that changes from elsewhere (Back, a link).
 */
function SearchBox({ value, onChange, label }: { value: string; onChange: (value: string) => void; label: string }) {
  const [text, setText] = useState(value);
  const written = useRef(value);
  useEffect(() => {
    if (value !== written.current) {
      written.current = value;
      setText(value);
    }
  }, [value]);
  return (
    <TextField
      type="search"
      size="small"
      placeholder="Search..."
      value={text}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        // the URL drops a blank search, so remember it as ''
        written.current = next.trim() === '' ? '' : next;
        onChange(next);
      }}
      sx={{ flex: { xs: 1, sm: 'none' }, width: { sm: 260 } }}
      slotProps={{
        htmlInput: { 'aria-label': label, maxLength: HEADER_INPUT_MAX },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
