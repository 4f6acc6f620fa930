import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';

export interface SpinnerOverlayProps {
  /** Whether the overlay shows. */
  open: boolean;
  /** What the spinner says to screen readers; default 'Working...'. */
  label?: string;
}

/** The full-screen spinner overlay: blocks the screen while something runs. */
export function SpinnerOverlay({ open, label = 'Working...' }: SpinnerOverlayProps) {
  return (
    // MUI hides a backdrop from assistive technology; this one must announce that the screen is busy.
    <Backdrop open={open} aria-hidden={!open} sx={{ zIndex: (theme) => theme.zIndex.modal + 1, color: '#fff' }}>
      {open && <CircularProgress color="inherit" aria-label={label} />}
    </Backdrop>
  );
}
