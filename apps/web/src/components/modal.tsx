import { useId, type ReactNode } from 'react';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';

export interface ModalProps {
  /** Whether it shows. */
  open: boolean;
  /** Called on Escape, the backdrop and the close button. */
  onClose: () => void;
  /** The heading, also the dialog's accessible name. */
  title: string;
  /** The body. */
  children?: ReactNode;
  /** Buttons at the bottom. */
  actions?: ReactNode;
  /** Largest width; default 'sm'. */
  maxWidth?: DialogProps['maxWidth'];
  /** Fill the screen on phones (for big content such as an image). */
  fullScreenOnPhone?: boolean;
  /** Hide the close button in the title (when the actions offer a way out). */
  hideCloseButton?: boolean;
}

/** A dialog with a title, a body and actions; Escape and the close button close it. */
export function Modal({
  open,
  onClose,
  title,
  children,
  actions,
  maxWidth = 'sm',
  fullScreenOnPhone = false,
  hideCloseButton = false,
}: ModalProps) {
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      maxWidth={maxWidth}
      fullWidth
      fullScreen={fullScreenOnPhone && phone}
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId} sx={{ pr: hideCloseButton ? 3 : 7 }}>
        {title}
      </DialogTitle>
      {!hideCloseButton && (
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 12 }}>
          <CloseIcon />
        </IconButton>
      )}
      {children !== undefined && <DialogContent>{children}</DialogContent>}
      {actions && <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, pb: 2 }}>{actions}</DialogActions>}
    </Dialog>
  );
}
