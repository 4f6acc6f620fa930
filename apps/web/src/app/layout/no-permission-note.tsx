import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

const NO_PERMISSION_NOTE = 'No permission';

/**
 * Why a navigation entry is disabled, in sight under its label: the tooltip with the full sentence
 * needs a hover, and a touch screen has none. Every disabled entry shows it (the side navigation and
 * the publisher sections).
 */
export function NoPermissionNote({ sx, ...props }: { id?: string; 'aria-hidden'?: boolean; sx?: SxProps<Theme> }) {
  return (
    <Box
      component="span"
      {...props}
      sx={[
        { display: 'block', typography: 'caption', lineHeight: 1.2, color: 'text.secondary' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {NO_PERMISSION_NOTE}
    </Box>
  );
}
