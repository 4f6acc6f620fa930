import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** What shows while a lazily loaded page arrives. */
export function PageLoading({ fullScreen = false }: { fullScreen?: boolean }) {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: fullScreen ? '100dvh' : 240 }}>
      <CircularProgress size={32} aria-label="Loading page" />
    </Box>
  );
}
