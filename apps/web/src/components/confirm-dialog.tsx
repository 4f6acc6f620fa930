import { useCallback, useRef, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import { Modal } from './modal';

export interface ConfirmOptions {
  /** The question, e.g. 'Delete subject?'. */
  title: string;
  /** What will happen, e.g. "'Organic Chemistry' and its units will be deleted." */
  message?: ReactNode;
  /** The confirm button's text; default 'Confirm'. */
  confirmLabel?: string;
  /** The cancel button's text; default 'Cancel'. */
  cancelLabel?: string;
  /** Style the confirm button as destructive (red). */
  destructive?: boolean;
}

export interface ConfirmDialogProps extends ConfirmOptions {
  /** Whether it shows. */
  open: boolean;
  /** Runs on confirm; while a returned promise is pending the button shows progress, and a rejection keeps the dialog open. */
  onConfirm: () => void | Promise<unknown>;
  /** Called on cancel, Escape, and after onConfirm finished. */
  onClose: () => void;
}

/** Asks before something is destroyed or lost: a title, a message, Cancel and a (destructive) confirm button. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  destructive = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      await onConfirm();
      onClose();
    } catch {
      // the caller reports the failure; the dialog stays so the user can retry or cancel
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      onClose={() => {
        if (!busy) onClose();
      }}
      title={title}
      maxWidth="xs"
      hideCloseButton
      actions={
        <>
          <Button onClick={onClose} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button
            variant="contained"
            color={destructive ? 'error' : 'primary'}
            loading={busy}
            onClick={() => void confirm()}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {message !== undefined && <DialogContentText component="div">{message}</DialogContentText>}
    </Modal>
  );
}

/**
 * A promise-style confirmation: `const { confirm, confirmDialog } = useConfirm();` render
 * `confirmDialog`, then `if (await confirm({ title: 'Delete subject?', destructive: true })) ...`.
 */
export function useConfirm(): { confirm: (options: ConfirmOptions) => Promise<boolean>; confirmDialog: ReactNode } {
  // the last options stay while the dialog fades out, so its text does not vanish mid-animation
  const [state, setState] = useState<{ options: ConfirmOptions; open: boolean }>({
    options: { title: '' },
    open: false,
  });
  const resolver = useRef<((answer: boolean) => void) | null>(null);

  const settle = useCallback((answer: boolean) => {
    resolver.current?.(answer);
    resolver.current = null;
    setState((previous) => ({ ...previous, open: false }));
  }, []);

  const confirm = useCallback((options: ConfirmOptions) => {
    resolver.current?.(false);
    setState({ options, open: true });
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const confirmDialog = (
    <ConfirmDialog {...state.options} open={state.open} onConfirm={() => settle(true)} onClose={() => settle(false)} />
  );
  return { confirm, confirmDialog };
}
