import type { AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Snackbar from '@mui/material/Snackbar';
import { CONSTANTS, MESSAGES } from '@lectern/contract';
import { LiveAlert } from './live-region';

/** The default text of a snackbar: the generic failure for errors, the default success otherwise. */
export function defaultSnackbarMessage(severity: AlertColor): string {
  return severity === 'error' ? MESSAGES.generic : MESSAGES.defaultSuccess;
}

export interface FeedbackSnackbarProps {
  /** Whether it shows. */
  open: boolean;
  /** Called on the close button, Escape and after the auto-hide time. */
  onClose: () => void;
  /** Colour and icon; default 'success'. */
  severity?: AlertColor;
  /** A bold first line. */
  title?: string;
  /** The text; default by severity. */
  message?: string;
  /** Hides after this many ms; default 6000; null keeps it until closed. */
  autoHideMs?: number | null;
}

/** A snackbar with a severity and an optional title, for a screen that shows its own message. */
export function FeedbackSnackbar({
  open,
  onClose,
  severity = 'success',
  title,
  message,
  autoHideMs = CONSTANTS.snackbarAutoHideMs,
}: FeedbackSnackbarProps) {
  return (
    <Snackbar
      open={open}
      autoHideDuration={autoHideMs}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      onClose={(_event, reason) => {
        // a click elsewhere on the page must not dismiss a message before it is read
        if (reason !== 'clickaway') onClose();
      }}
    >
      <LiveAlert severity={severity} variant="filled" onClose={onClose} sx={{ width: '100%' }}>
        {title && <AlertTitle>{title}</AlertTitle>}
        {message ?? defaultSnackbarMessage(severity)}
      </LiveAlert>
    </Snackbar>
  );
}

/** A title line above a message, for notistack snackbars raised through notify(). */
export function SnackbarText({ title, message }: { title: string; message: string }) {
  return (
    <Box component="span" sx={{ display: 'block' }}>
      <Box component="strong" sx={{ display: 'block', fontWeight: 700 }}>
        {title}
      </Box>
      {message}
    </Box>
  );
}
