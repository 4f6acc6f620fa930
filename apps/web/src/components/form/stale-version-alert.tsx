import type { Ref } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import {
  isStaleVersion,
  type EditController,
  type StaleState,
  type Versioned,
} from '../../lib/controllers/use-edit-controller';
import { errorMessage } from '../../lib/query-client';

export interface StaleVersionAlertProps {
  stale: StaleState<unknown>;
  onLoadLatest: (() => void) | undefined;
  onOverwrite: (() => void) | undefined;
  /** the editor is saving (the overwrite): its buttons wait */
  busy?: boolean;
  ref?: Ref<HTMLDivElement>;
}

/**
 * The one notice of a stale version, in every editor: the server's sentence, what changed there since
 * the user started, their edits kept, and the two ways on ('Load latest', 'Overwrite with mine').
 */
export function StaleVersionAlert({ stale, onLoadLatest, onOverwrite, busy = false, ref }: StaleVersionAlertProps) {
  return (
    <Alert severity="warning" sx={{ mb: 2 }} ref={ref} role="alert">
      <AlertTitle sx={{ fontWeight: 400 }}>{stale.message}</AlertTitle>
      {stale.latest !== undefined && (
        <Box component="p" sx={{ m: 0 }}>
          {stale.changed.length > 0
            ? `Changed on the server: ${stale.changed.join(', ')}.`
            : 'Nothing you can edit here changed on the server.'}{' '}
          Your edits are kept until you choose.
        </Box>
      )}
      {(onLoadLatest ?? onOverwrite) && (
        <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
          {onLoadLatest && (
            <Button color="inherit" size="small" variant="outlined" onClick={onLoadLatest} disabled={busy}>
              Load latest
            </Button>
          )}
          {onOverwrite && (
            <Button color="inherit" size="small" onClick={onOverwrite} disabled={busy}>
              Overwrite with mine
            </Button>
          )}
        </Box>
      )}
    </Alert>
  );
}

/**
 * What an editor shows when its save was refused: the stale-version notice (an overwrite that saves
 * calls `onSaved`, a drawer's close), or the refusal's own message.
 */
export function SaveProblem({
  edit,
  error,
  busy,
  onSaved,
  ref,
}: {
  edit: Pick<EditController<Versioned, unknown>, 'stale' | 'loadLatest' | 'overwrite'>;
  error: unknown;
  busy: boolean;
  onSaved?: () => void;
  ref?: Ref<HTMLDivElement>;
}) {
  if (edit.stale) {
    return (
      <StaleVersionAlert
        ref={ref}
        stale={edit.stale}
        busy={busy}
        onLoadLatest={edit.loadLatest}
        onOverwrite={edit.overwrite && (() => void edit.overwrite?.().then((saved) => saved && onSaved?.()))}
      />
    );
  }
  if (!error || isStaleVersion(error)) return null;
  return (
    <Alert severity="error" sx={{ mb: 2 }} ref={ref}>
      {errorMessage(error)}
    </Alert>
  );
}
