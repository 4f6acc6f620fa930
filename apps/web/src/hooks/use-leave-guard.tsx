import { useEffect, useRef, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../components/confirm-dialog';

/**
 * Asks before unsaved changes are left behind: another page of the console (the router's blocker, with
 * 'Leave without saving?' and `message`) or the browser tab itself (beforeunload, the browser's own
 * question). Render `dialog`; `allow()` lets the next navigation through (a save's own move).
 */
export function useLeaveGuard(dirty: boolean, message: ReactNode): { dialog: ReactNode; allow: () => void } {
  const allowed = useRef(false);
  const proceeding = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !allowed.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  // a save's own navigation is let through once, then the guard is back
  useEffect(() => {
    allowed.current = false;
  });

  const dialog = (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Leave without saving?"
      message={message}
      confirmLabel="Leave"
      cancelLabel="Stay"
      destructive
      onConfirm={() => {
        proceeding.current = true;
        blocker.proceed?.();
      }}
      onClose={() => {
        if (!proceeding.current) blocker.reset?.();
        proceeding.current = false;
      }}
    />
  );
  return {
    dialog,
    allow: () => {
      allowed.current = true;
    },
  };
}
