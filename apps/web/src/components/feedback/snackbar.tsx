import { forwardRef, type ReactNode } from 'react';
import type { AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Snackbar from '@mui/material/Snackbar';
import { SnackbarContent, SnackbarProvider, type CustomContentProps } from 'notistack';
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

/** A snackbar raised through notify(): notistack's placement and queue, the look and live region of LiveAlert. */
const NotifySnackbar = forwardRef<HTMLDivElement, CustomContentProps>(function NotifySnackbar(
  { message, variant, style, className },
  ref,
) {
  return (
    <SnackbarContent ref={ref} style={style} className={className}>
      <LiveAlert severity={variant === 'default' ? 'info' : variant} variant="filled" sx={{ width: '100%' }}>
        {message}
      </LiveAlert>
    </SnackbarContent>
  );
});

const NOTIFY_SNACKBARS = {
  default: NotifySnackbar,
  success: NotifySnackbar,
  error: NotifySnackbar,
  warning: NotifySnackbar,
  info: NotifySnackbar,
};

/** Where notify() shows its snackbars: at most 4 at once, hidden after 4000 ms (spec 1 §9). */
export function NotifySnackbarProvider({ children }: { children?: ReactNode }) {
  return (
    <SnackbarProvider
      maxSnack={CONSTANTS.notificationSnackbarMax}
      autoHideDuration={CONSTANTS.notificationSnackbarAutoHideMs}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      Components={NOTIFY_SNACKBARS}
    >
      {children}
    </SnackbarProvider>
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
