import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '../components/confirm-dialog';

interface LeaveGuardProps {
  dirty: boolean;
  message: ReactNode;
  /** set by `allow()`: the next navigation goes through */
  allowed: RefObject<boolean>;
}

/** The guard itself: the router's blocker and the tab's beforeunload live while it is rendered. */
function LeaveGuard({ dirty, message, allowed }: LeaveGuardProps) {
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

  return (
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
}

/**
 * Asks before unsaved changes are left behind: another page of the console (the router's blocker, with
 * 'Leave without saving?' and `message`) or the browser tab itself (beforeunload, the browser's own
 * question). Render `dialog`: the guard lives in it, so one left unrendered guards nothing (the router
 * keeps one blocker, so a page whose parts each hold an editor renders one guard for them all).
 * `allow()` lets the next navigation through (a save's own move).
 */
export function useLeaveGuard(dirty: boolean, message: ReactNode): { dialog: ReactNode; allow: () => void } {
  const allowed = useRef(false);

  // a save's own navigation is let through once, then the guard is back
  useEffect(() => {
    allowed.current = false;
  });

  return {
    dialog: <LeaveGuard dirty={dirty} message={message} allowed={allowed} />,
    allow: () => {
      allowed.current = true;
    },
  };
}
