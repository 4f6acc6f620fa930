import { Suspense, createElement, lazy, useCallback, useEffect, useState, type ReactNode } from 'react';
import type { VariantType } from 'notistack';
import type * as Snackbars from './notify-snackbars';
import { defaultSnackbarMessage, SnackbarText } from './snackbar';

/** Extra options of a snackbar raised with notify(). */
export interface NotifyOptions {
  /** A bold first line above the message. */
  title?: string;
  /** Hides after this many ms instead of the provider's 4000; null keeps it until closed. */
  autoHideMs?: number | null;
}

interface Raised {
  variant: VariantType;
  content: ReactNode;
  autoHideMs?: number | null;
}

let snackbars: Promise<typeof Snackbars> | null = null;
const loadSnackbars = () => (snackbars ??= import('./notify-snackbars'));

/** The messages raised before the snackbars' chunk and host were ready, and who waits for the first. */
const waiting: Raised[] = [];
let show: ((raised: Raised) => void) | null = null;
const hosts = new Set<() => void>();

// through the module each time: notistack's enqueueSnackbar is a live binding to the provider mounted last
const enqueue = (snackbarsModule: typeof Snackbars) => (raised: Raised) =>
  snackbarsModule.enqueueSnackbar(raised.content, {
    variant: raised.variant,
    ...(raised.autoHideMs !== undefined ? { autoHideDuration: raised.autoHideMs } : {}),
  });

/**
 * Shows a snackbar. Without a message, errors read MESSAGES.generic and everything else
 * MESSAGES.defaultSuccess (spec 1 §9). The first call loads the snackbars (notistack) and shows the
 * message once they are there.
 */
export function notify(variant: VariantType, message?: string, options: NotifyOptions = {}): void {
  const text = message ?? defaultSnackbarMessage(variant === 'error' ? 'error' : 'success');
  const raised: Raised = {
    variant,
    content: options.title ? createElement(SnackbarText, { title: options.title, message: text }) : text,
    autoHideMs: options.autoHideMs,
  };
  if (show) return show(raised);
  waiting.push(raised);
  for (const wake of [...hosts]) wake();
}

const NotifySnackbarProvider = lazy(loadSnackbars);

/**
 * Where notify()'s snackbars appear, beside the screens: it renders nothing until the first message,
 * then loads notistack and shows that message and every later one.
 */
export function NotifySnackbarHost() {
  const [wanted, setWanted] = useState(waiting.length > 0 || show !== null);
  useEffect(() => {
    const wake = () => setWanted(true);
    hosts.add(wake);
    if (waiting.length > 0) wake();
    return () => {
      hosts.delete(wake);
    };
  }, []);
  const onReady = useCallback(() => {
    void loadSnackbars().then((m) => {
      show = enqueue(m);
      for (const raised of waiting.splice(0)) show(raised);
    });
  }, []);
  if (!wanted) return null;
  return createElement(Suspense, { fallback: null }, createElement(NotifySnackbarProvider, { onReady }));
}
