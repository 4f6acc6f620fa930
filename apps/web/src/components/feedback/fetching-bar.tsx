import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useIsFetching } from '@tanstack/react-query';

/** A thin bar at the very top of the window while queries fetch (background polling aside). */
export function FetchingBar() {
  const fetching = useIsFetching({ predicate: (query) => !query.meta?.background });
  if (fetching === 0) return null;
  return (
    <Box sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.tooltip + 1 }}>
      <LinearProgress aria-label="Loading..." sx={{ height: 3 }} />
    </Box>
  );
}
