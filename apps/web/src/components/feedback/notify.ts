import { createElement } from 'react';
import { enqueueSnackbar, type VariantType } from 'notistack';
import { defaultSnackbarMessage, SnackbarText } from './snackbar';

/** Extra options of a snackbar raised with notify(). */
export interface NotifyOptions {
  /** A bold first line above the message. */
  title?: string;
  /** Hides after this many ms instead of the provider's 4000; null keeps it until closed. */
  autoHideMs?: number | null;
}

/**
 * Shows a snackbar. Without a message, errors read MESSAGES.generic and everything else
 * MESSAGES.defaultSuccess (spec 1 §9).
 */
export function notify(variant: VariantType, message?: string, options: NotifyOptions = {}): void {
  const text = message ?? defaultSnackbarMessage(variant === 'error' ? 'error' : 'success');
  enqueueSnackbar(options.title ? createElement(SnackbarText, { title: options.title, message: text }) : text, {
    variant,
    ...(options.autoHideMs !== undefined ? { autoHideDuration: options.autoHideMs } : {}),
  });
}
