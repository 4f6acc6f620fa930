import { forwardRef, useEffect, useState } from 'react';
import Alert, { type AlertColor, type AlertProps } from '@mui/material/Alert';

/**
 * The live-region role of a message: errors and warnings interrupt a screen reader ('alert',
 * assertive); successes and information wait their turn ('status', polite).
 */
export function liveRole(severity: AlertColor): 'alert' | 'status' {
  return severity === 'error' || severity === 'warning' ? 'alert' : 'status';
}

/** Long enough for the accessibility tree to learn of a new region before its text arrives. */
export const LIVE_TEXT_DELAY_MS = 150;

/**
 * The text for a live region that mounts together with its message (a snackbar): empty at first,
 * the text a moment later. Screen readers read a change inside a region they already know; a region
 * that arrives already holding its text is often not read at all.
 */
export function useLiveText<T>(text: T): T | null {
  const [shown, setShown] = useState<T | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setShown(text), LIVE_TEXT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return shown;
}

export interface LiveAlertProps extends Omit<AlertProps, 'role' | 'severity'> {
  severity: AlertColor;
}

/**
 * An MUI alert that is its own live region, with the politeness of its severity (liveRole); its text
 * arrives just after the region (useLiveText), so a screen reader reads it as it appears. Snackbars
 * and banners are made of it.
 */
export const LiveAlert = forwardRef<HTMLDivElement, LiveAlertProps>(function LiveAlert(
  { severity, children, ...props },
  ref,
) {
  const role = liveRole(severity);
  const text = useLiveText(children);
  return (
    <Alert
      ref={ref}
      {...props}
      severity={severity}
      role={role}
      aria-live={role === 'alert' ? 'assertive' : 'polite'}
      aria-atomic="true"
    >
      {text}
    </Alert>
  );
});
