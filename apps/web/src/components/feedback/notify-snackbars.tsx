import { forwardRef, useEffect } from 'react';
import { SnackbarContent, SnackbarProvider, enqueueSnackbar, type CustomContentProps } from 'notistack';
import { CONSTANTS } from '@lectern/contract';
import { LiveAlert } from './live-region';

// notistack and the snackbars of notify(): their own chunk, loaded by NotifySnackbarHost when the
// first message is raised, so that no screen's first load carries them.

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

/**
 * Where notify() shows its snackbars: at most 4 at once, hidden after 4000 ms (spec 1 §9). It stands
 * beside the screens (notistack's global enqueueSnackbar), and shows what was raised before it
 * mounted once it has.
 */
export default function NotifySnackbarProvider({ onReady }: { onReady: () => void }) {
  useEffect(onReady, [onReady]);
  return (
    <SnackbarProvider
      maxSnack={CONSTANTS.notificationSnackbarMax}
      autoHideDuration={CONSTANTS.notificationSnackbarAutoHideMs}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      Components={NOTIFY_SNACKBARS}
    />
  );
}

export { enqueueSnackbar };
