import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { NUMBER_SEARCH_MAX, numberSearchInput } from '@lectern/contract';

export const SEARCH_PLACEHOLDER = 'Search...';
export const SEARCH_BUTTON_TEXT = 'Search';

export interface SearchBarProps {
  /** Called with the trimmed text when the button is pressed or Enter is hit. */
  onSearch: (text: string) => void;
  /** Called on every change, for search-as-you-type. */
  onChange?: (text: string) => void;
  /** The text, when the caller keeps it; omit to let the bar keep its own. */
  value?: string;
  /** Placeholder; default 'Search...'. */
  placeholder?: string;
  /** Button text; default 'Search'. */
  buttonText?: string;
  /** Hide the button (Enter still searches). */
  hideButton?: boolean;
  /** Number mode: digits only, at most 10; any other input clears the field. */
  numberMode?: boolean;
  /** Accessible name of the input; default the placeholder. */
  label?: string;
  /** Longest text the input takes (text mode). */
  maxLength?: number;
  /** Take the whole width of the container. */
  fullWidth?: boolean;
  /**
   * The bar sits inside another form (a drawer): it renders no form of its own, and Enter searches
   * without submitting the outer one.
   */
  inForm?: boolean;
}

/** A search input with a 'Search' button; in number mode it accepts up to 10 digits. */
export function SearchBar({
  onSearch,
  onChange,
  value,
  placeholder = SEARCH_PLACEHOLDER,
  buttonText = SEARCH_BUTTON_TEXT,
  hideButton = false,
  numberMode = false,
  label,
  maxLength,
  fullWidth = false,
  inForm = false,
}: SearchBarProps) {
  // The bar always shows its own text. A caller's `value` (often the URL) arrives after a change is
  // sent, and can lag several keystrokes when the machine is busy: shown directly, it would put back
  // an older text under the user's typing and lose characters. So `value` echoing one of the texts
  // sent is the bar's own write landing; any other `value` (Back, 'Clear filters') replaces the text.
  const [own, setOwn] = useState<{ text: string; sent: readonly string[]; value: string | undefined }>({
    text: value ?? '',
    sent: [],
    value,
  });
  // Computed from the state it lands on, not from this render's: the URL's change renders at a
  // transition's priority, before keystrokes queued at a higher one; React applies those first when
  // it rebases, and a plain new state made here would then put back the text from before them.
  if (value !== own.value) {
    setOwn((previous) => {
      if (previous.value === value) return previous;
      const echo = value === undefined ? -1 : previous.sent.indexOf(value);
      // Every text sent stays an echo until a value from elsewhere lands: the same text can land twice
      // (a write, then a render of the router), and under load an older write can render after a newer
      // one (CI's keyboard journey read 'Acous958856961' for 'Acoustics 1795885796961').
      return echo >= 0
        ? { text: previous.text, sent: previous.sent, value }
        : { text: value ?? previous.text, sent: [], value };
    });
  }
  const text = own.text;
  const inputId = useId();

  function change(next: string) {
    const accepted = numberMode ? numberSearchInput(next) : next;
    setOwn((previous) => ({
      ...previous,
      text: accepted,
      sent: value === undefined || !onChange ? [] : [...previous.sent, accepted],
    }));
    onChange?.(accepted);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSearch(text.trim());
  }

  // Inside another form, Enter would submit that form: it searches here instead.
  function keyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!inForm || event.key !== 'Enter') return;
    event.preventDefault();
    onSearch(text.trim());
  }

  return (
    <Box
      component={inForm ? 'div' : 'form'}
      role="search"
      // named like its input, so two search landmarks on a page can be told apart
      aria-label={label ?? placeholder}
      onSubmit={inForm ? undefined : submit}
      noValidate={!inForm}
      sx={{
        display: 'flex',
        gap: 1,
        alignItems: 'center',
        width: fullWidth ? '100%' : { xs: '100%', sm: 'auto' },
        minWidth: 0,
      }}
    >
      <TextField
        id={inputId}
        size="small"
        type={numberMode ? 'text' : 'search'}
        value={text}
        placeholder={placeholder}
        onChange={(event) => change(event.target.value)}
        onKeyDown={keyDown}
        sx={{ flex: 1, minWidth: { xs: 0, sm: 220 } }}
        slotProps={{
          htmlInput: {
            'aria-label': label ?? placeholder,
            ...(numberMode ? { inputMode: 'numeric', pattern: '[0-9]*', maxLength: NUMBER_SEARCH_MAX } : { maxLength }),
          },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      {!hideButton && (
        <Button
          type={inForm ? 'button' : 'submit'}
          variant="contained"
          sx={{ flexShrink: 0 }}
          onClick={inForm ? () => onSearch(text.trim()) : undefined}
        >
          {buttonText}
        </Button>
      )}
    </Box>
  );
}
