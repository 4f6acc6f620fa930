import type { MouseEvent } from 'react';
import Box from '@mui/material/Box';
import { RIBBON_OFFSET } from './environment-ribbon';

/**
 * The first stop of the Tab key: 'Skip to main content', hidden until focused. It moves focus into
 * the page itself (past the top bar and the navigation) without touching the router's location.
 */
export function SkipLink({ target }: { target: string }) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(target);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView({ block: 'start' });
  };
  return (
    <Box
      component="a"
      href={`#${target}`}
      onClick={skip}
      sx={{
        position: 'fixed',
        // under the environment ribbon, when there is one
        top: `calc(8px + ${RIBBON_OFFSET})`,
        left: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 2,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 600,
        boxShadow: 3,
        // off screen until it has focus
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      }}
    >
      Skip to main content
    </Box>
  );
}
