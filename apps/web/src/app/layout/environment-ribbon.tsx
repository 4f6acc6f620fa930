import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import { environmentOf, isEnvironmentKey } from '@lectern/contract';
import { useConfig } from '../../lib/config-query';

/** The ribbon's height; fixed bars and panels keep this much room above them while it shows. */
export const RIBBON_HEIGHT = 24;

/** What a fixed bar at the top moves down by: the ribbon's height, 0px when there is none (production). */
export const RIBBON_OFFSET = 'var(--lectern-ribbon-height, 0px)';

/**
 * The band across the top of every screen of a non-production console, in its environment's colour
 * and saying which it is (docs/environments.md). A named region, so it is found among the landmarks
 * and read as 'Environment: Staging'; not a live region: it is there from the start and never changes.
 */
export function EnvironmentRibbon() {
  const config = useConfig().data;
  if (!config || config.production || !isEnvironmentKey(config.environment)) return null;
  const { ribbon } = environmentOf(config.environment);
  if (!ribbon) return null;
  return (
    <>
      <GlobalStyles
        styles={{
          // `html:root` outranks the theme's `html`: what the keyboard scrolls to stays clear of the
          // top bar and the ribbon (the theme keeps 80 px for the top bar alone)
          'html:root': { '--lectern-ribbon-height': `${RIBBON_HEIGHT}px`, scrollPaddingTop: 80 + RIBBON_HEIGHT },
        }}
      />
      <Box
        component="section"
        aria-label={`Environment: ${config.environmentLabel}`}
        data-environment={config.environment}
        sx={{
          position: 'fixed',
          top: 0,
          left: 0,
          right: 0,
          height: RIBBON_HEIGHT,
          // above the top bar, below the phone's menu drawer, dialogs and snackbars
          zIndex: (theme) => theme.zIndex.appBar + 1,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          bgcolor: ribbon.background,
          color: ribbon.text,
          fontSize: '0.75rem',
          fontWeight: 700,
          lineHeight: 1,
          letterSpacing: '0.08em',
          textTransform: 'uppercase',
          userSelect: 'none',
        }}
      >
        {config.environmentLabel}
      </Box>
    </>
  );
}
