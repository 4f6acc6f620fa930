import { useRef, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { EDITABLE_TEXT_MAX, editableTextCommit, orNA } from '@lectern/contract';
import { VisuallyHidden } from '../../visually-hidden';
import type { EditableTextValue } from '../types';

/**
 * Multi-line text edited in place (spec 1 §5): double-click (or Enter/F2 when focused) to edit, at most
 * 200 characters; blur or Enter commits, Shift+Enter adds a line, Escape cancels. A blank value is
 * ignored and `onCommit` fires only when the trimmed value differs.
 */
export function EditableTextCell({
  value,
  onCommit,
  label,
  disabled = false,
}: {
  value: EditableTextValue;
  /** A returned promise that rejects (the save failed) reopens the editor with the typed text. */
  onCommit: (value: string) => void | Promise<unknown>;
  /** Accessible name of the text box, e.g. 'Edit description'. */
  label: string;
  disabled?: boolean;
}) {
  const current = value ?? '';
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(current);
  // The committed text is shown until the caller's value changes (then the caller's value wins).
  const [pending, setPending] = useState<{ base: string; text: string } | null>(null);
  const finished = useRef(false);
  const restoreFocus = useRef(false);
  const shown = pending && pending.base === current ? pending.text : current;

  function start() {
    if (disabled) return;
    finished.current = false;
    setDraft(shown);
    setEditing(true);
  }

  function finish(commit: boolean, keyboard: boolean) {
    if (finished.current) return;
    finished.current = true;
    restoreFocus.current = keyboard;
    setEditing(false);
    if (!commit) return;
    const next = editableTextCommit(shown, draft);
    if (next === null) return;
    setPending({ base: current, text: next });
    const result = onCommit(next);
    if (typeof result === 'object' && result !== null && typeof result.then === 'function') {
      result.then(undefined, () => {
        // the save failed: nothing typed is lost, the editor opens again with it for a retry
        setPending(null);
        setDraft(next);
        finished.current = false;
        setEditing(true);
      });
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      finish(false, true);
    } else if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      finish(true, true);
    }
  }

  if (editing) {
    return (
      <TextField
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => finish(true, false)}
        // the caret starts at the end of the text, ready to add to it
        onFocus={(event) => {
          const end = event.target.value.length;
          event.target.setSelectionRange(end, end);
        }}
        onKeyDown={onKeyDown}
        autoFocus
        multiline
        minRows={1}
        maxRows={6}
        size="small"
        fullWidth
        helperText={`${draft.length}/${EDITABLE_TEXT_MAX}`}
        slotProps={{ htmlInput: { maxLength: EDITABLE_TEXT_MAX, 'aria-label': label } }}
      />
    );
  }

  return (
    <Box
      ref={(node: HTMLDivElement | null) => {
        if (node && restoreFocus.current) {
          restoreFocus.current = false;
          node.focus();
        }
      }}
      tabIndex={disabled ? undefined : 0}
      onDoubleClick={start}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === 'F2') {
          event.preventDefault();
          start();
        }
      }}
      title={disabled ? undefined : 'Double-click to edit'}
      sx={{
        whiteSpace: 'pre-line',
        overflowWrap: 'break-word',
        cursor: disabled ? 'default' : 'text',
        borderRadius: 0.5,
        px: 0.5,
        mx: -0.5,
        '&:hover': disabled ? undefined : { bgcolor: 'action.hover' },
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
      }}
    >
      <span>{shown.trim() === '' ? orNA(shown) : shown}</span>
      {!disabled && <VisuallyHidden>{` (${label}: press Enter)`}</VisuallyHidden>}
    </Box>
  );
}
