import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import { useIsMutating } from '@tanstack/react-query';

/** The full-screen spinner overlay, shown while any (non-background) mutation runs. */
export function MutationSpinner() {
  const running = useIsMutating({ predicate: (mutation) => !mutation.meta?.noSpinner });
  return (
    <Backdrop open={running > 0} sx={{ zIndex: (theme) => theme.zIndex.modal + 1, color: '#fff' }}>
      {running > 0 && <CircularProgress color="inherit" aria-label="Working..." />}
    </Backdrop>
  );
}
