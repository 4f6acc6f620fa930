import { enqueueSnackbar, type VariantType } from 'notistack';
import { MESSAGES } from '@lectern/contract';

/**
 * Shows a snackbar. Without a message, errors read MESSAGES.generic and everything else
 * MESSAGES.defaultSuccess (spec 1 §9).
 */
export function notify(variant: VariantType, message?: string): void {
  enqueueSnackbar(message ?? (variant === 'error' ? MESSAGES.generic : MESSAGES.defaultSuccess), { variant });
}
