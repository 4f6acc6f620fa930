import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useIsFetching } from '@tanstack/react-query';

/**
 * A thin bar at the very top of the window while queries fetch (background polling aside). It is a
 * glance for sighted users only: it sits outside every landmark and comes and goes with each refetch,
 * so it is hidden from assistive technology; pages announce their own loading states.
 */
export function FetchingBar() {
  const fetching = useIsFetching({ predicate: (query) => !query.meta?.background });
  if (fetching === 0) return null;
  return (
    <Box
      aria-hidden
      data-testid="fetching-bar"
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.tooltip + 1 }}
    >
      <LinearProgress aria-label="Loading..." sx={{ height: 3 }} />
    </Box>
  );
}
