import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { HEADER_INPUT_MAX, clampHeaderInput, isHeaderInputSubmittable } from '@lectern/contract';
import { SearchBar } from './search-bar';

export interface TableHeaderSearchProps {
  /** Called with the trimmed text on every change (the table filters as the user types). */
  onSearch: (text: string) => void;
  /** Placeholder; default 'Search...'. */
  placeholder?: string;
  /** Accessible name; default the placeholder. */
  label?: string;
}

/** The table header's search box: a search bar without a button that filters as the user types. */
export function TableHeaderSearch({ onSearch, placeholder, label }: TableHeaderSearchProps) {
  return (
    <SearchBar
      hideButton
      placeholder={placeholder}
      label={label}
      onSearch={onSearch}
      onChange={(text) => onSearch(text.trim())}
    />
  );
}

export interface TableHeaderInputProps {
  /**
   * Called with the trimmed text; the input is cleared afterwards. When it returns a promise the text
   * stays until the promise resolves, and stays for a retry when it rejects (a failed save loses nothing).
   */
  onSubmit: (text: string) => void | Promise<unknown>;
  /** The button's text. */
  buttonLabel: string;
  /** Accessible name of the input (and its placeholder unless one is given). */
  label: string;
  /** Placeholder; default the label. */
  placeholder?: string;
  /** Disable the button on empty or whitespace-only text; default true. */
  validate?: boolean;
  /** Disable input and button. */
  disabled?: boolean;
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}

/** An input with a button (at most 200 characters, cleared after submit). */
export function TableHeaderInput({
  onSubmit,
  buttonLabel,
  label,
  placeholder,
  validate = true,
  disabled = false,
}: TableHeaderInputProps) {
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  const canSubmit = !disabled && !saving && (!validate || isHeaderInputSubmittable(text));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit) return;
    const result = onSubmit(text.trim());
    if (!isPromiseLike(result)) {
      setText('');
      return;
    }
    setSaving(true);
    const submitted = text;
    result.then(
      () => {
        setSaving(false);
        // clear only what was saved: text typed meanwhile stays
        setText((current) => (current === submitted ? '' : current));
      },
      () => setSaving(false),
    );
  }

  return (
    <Box
      component="form"
      onSubmit={submit}
      noValidate
      sx={{ display: 'flex', gap: 1, alignItems: 'center', width: { xs: '100%', sm: 'auto' }, minWidth: 0 }}
    >
      <TextField
        size="small"
        value={text}
        disabled={disabled}
        placeholder={placeholder ?? label}
        onChange={(event) => setText(clampHeaderInput(event.target.value))}
        sx={{ flex: 1, minWidth: { xs: 0, sm: 220 } }}
        slotProps={{ htmlInput: { 'aria-label': label, maxLength: HEADER_INPUT_MAX } }}
      />
      <Button type="submit" variant="contained" disabled={!canSubmit} sx={{ flexShrink: 0 }}>
        {buttonLabel}
      </Button>
    </Box>
  );
}
