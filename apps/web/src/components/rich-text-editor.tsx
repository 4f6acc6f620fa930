import { useEffect, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import TitleIcon from '@mui/icons-material/Title';
import UndoIcon from '@mui/icons-material/Undo';
import RedoIcon from '@mui/icons-material/Redo';

export interface RichTextEditorProps {
  /** The accessible name of the text area, and its visible label. */
  label: string;
  /** The HTML shown when the editor opens, and again whenever `resetKey` changes. */
  value: string;
  /** Called with the editor's HTML after each change. */
  onChange: (html: string) => void;
  /** Changing it loads `value` afresh (after a save, or when another version is opened). */
  resetKey?: string | number;
  /** Shown under the editor (a count, an error). */
  helperText?: ReactNode;
  error?: boolean;
  minHeight?: number;
}

interface ToolProps {
  label: string;
  shortcut?: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}

function Tool({ label, shortcut, active, disabled, onClick, children }: ToolProps) {
  const title = shortcut ? `${label} (${shortcut})` : label;
  return (
    <Tooltip title={title}>
      <span>
        <IconButton
          size="small"
          aria-label={label}
          aria-pressed={active === undefined ? undefined : active}
          disabled={disabled}
          onClick={onClick}
          color={active ? 'primary' : 'default'}
          // the text keeps its selection while a tool is clicked
          onMouseDown={(event) => event.preventDefault()}
        >
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

function Toolbar({ editor, label }: { editor: Editor; label: string }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      heading: e.isActive('heading', { level: 3 }),
      bullets: e.isActive('bulletList'),
      numbers: e.isActive('orderedList'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <Box
      role="toolbar"
      aria-label={`${label} formatting`}
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.25, px: 0.5, py: 0.25 }}
    >
      <Tool label="Bold" shortcut="Ctrl+B" active={state.bold} onClick={() => chain().toggleBold().run()}>
        <FormatBoldIcon fontSize="small" />
      </Tool>
      <Tool label="Italic" shortcut="Ctrl+I" active={state.italic} onClick={() => chain().toggleItalic().run()}>
        <FormatItalicIcon fontSize="small" />
      </Tool>
      <Tool label="Heading" active={state.heading} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
        <TitleIcon fontSize="small" />
      </Tool>
      <Tool label="Bulleted list" active={state.bullets} onClick={() => chain().toggleBulletList().run()}>
        <FormatListBulletedIcon fontSize="small" />
      </Tool>
      <Tool label="Numbered list" active={state.numbers} onClick={() => chain().toggleOrderedList().run()}>
        <FormatListNumberedIcon fontSize="small" />
      </Tool>
      <Divider orientation="vertical" flexItem sx={{ mx: 0.5 }} />
      <Tool label="Undo" shortcut="Ctrl+Z" disabled={!state.canUndo} onClick={() => chain().undo().run()}>
        <UndoIcon fontSize="small" />
      </Tool>
      <Tool label="Redo" shortcut="Ctrl+Shift+Z" disabled={!state.canRedo} onClick={() => chain().redo().run()}>
        <RedoIcon fontSize="small" />
      </Tool>
    </Box>
  );
}

/**
 * A rich-text field (TipTap): headings, bold, italic, lists, with a toolbar reachable by Tab and the
 * usual shortcuts. The HTML it produces is sanitised again by the server; this only edits it.
 */
export function RichTextEditor({
  label,
  value,
  onChange,
  resetKey,
  helperText,
  error,
  minHeight = 240,
}: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3, 4] }, link: false, underline: false })],
    content: value,
    editorProps: {
      attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': label, class: 'lectern-rich-text' },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    immediatelyRender: true,
  });

  // a new version or a save: show the text afresh, without adding to the undo history
  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.commands.setContent(value, { emitUpdate: false });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the caller asks for a reset
  }, [editor, resetKey]);

  return (
    <Box>
      <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block', mb: 0.5 }}>
        {label}
      </Typography>
      <Box
        sx={{
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
          '&:focus-within': { borderColor: error ? 'error.main' : 'primary.main', boxShadow: 1 },
        }}
      >
        {editor && <Toolbar editor={editor} label={label} />}
        <Divider />
        <Box
          sx={{
            px: 2,
            '& .lectern-rich-text': { minHeight, outline: 'none', py: 1.5, overflowWrap: 'anywhere' },
            '& .lectern-rich-text h3': { fontSize: '1.05rem', mt: 2, mb: 1 },
            '& .lectern-rich-text p': { my: 1 },
          }}
        >
          <EditorContent editor={editor} />
        </Box>
      </Box>
      {helperText && (
        <Typography variant="caption" color={error ? 'error' : 'text.secondary'} sx={{ display: 'block', mt: 0.5 }}>
          {helperText}
        </Typography>
      )}
    </Box>
  );
}
