import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import { MultiSelect, type MultiSelectProps } from './multi-select';
import { SearchBar, type SearchBarProps } from './search-bar';
import { TableHeaderInput, type TableHeaderInputProps } from './table-header-inputs';

/** A button of the sub-header. */
export interface SubHeaderButton {
  label: string;
  onClick: () => void;
  variant?: ButtonProps['variant'];
  color?: ButtonProps['color'];
  startIcon?: ReactNode;
  disabled?: boolean;
}

/** One item of the sub-header, left to right. */
export type SubHeaderItem =
  | ({ kind: 'search' } & SearchBarProps)
  /** `validate` (default false here) enables the button only for non-blank trimmed text. */
  | ({ kind: 'input' } & TableHeaderInputProps)
  | ({ kind: 'multi-select' } & MultiSelectProps)
  | ({ kind: 'button' } & SubHeaderButton)
  /** Pushes the following items to the right. */
  | { kind: 'spacer' };

export interface SubHeaderProps {
  /** The items, left to right. */
  items: SubHeaderItem[];
}

/** The row under the page header: search bar, text input, multi-select, buttons and spacers, from a list of configs. */
export function SubHeader({ items }: SubHeaderProps) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 2 }}>
      {items.map((item, index) => (
        <SubHeaderPart key={index} item={item} />
      ))}
    </Box>
  );
}

function SubHeaderPart({ item }: { item: SubHeaderItem }) {
  switch (item.kind) {
    case 'search': {
      const { kind: _kind, ...props } = item;
      return <SearchBar {...props} />;
    }
    case 'input': {
      const { kind: _kind, validate = false, ...props } = item;
      return <TableHeaderInput validate={validate} {...props} />;
    }
    case 'multi-select': {
      const { kind: _kind, ...props } = item;
      return <MultiSelect {...props} />;
    }
    case 'button':
      return (
        <Button
          variant={item.variant ?? 'contained'}
          color={item.color}
          startIcon={item.startIcon}
          disabled={item.disabled}
          onClick={item.onClick}
          sx={{ flexShrink: 0 }}
        >
          {item.label}
        </Button>
      );
    case 'spacer':
      return <Box aria-hidden sx={{ flexGrow: 1, display: { xs: 'none', sm: 'block' } }} />;
  }
}
