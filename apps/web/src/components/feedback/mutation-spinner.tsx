import { useIsMutating } from '@tanstack/react-query';
import { SpinnerOverlay } from './spinner-overlay';

/** The full-screen spinner overlay, shown while any (non-background) mutation runs. */
export function MutationSpinner() {
  const running = useIsMutating({ predicate: (mutation) => !mutation.meta?.noSpinner });
  return <SpinnerOverlay open={running > 0} />;
}
