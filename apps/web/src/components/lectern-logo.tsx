import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The mark: a lectern (a slanted desk on a stand) in a rounded square of the primary colour. */
export function LecternMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#5850EC" />
      <path d="M8 11.5 24 8.5v4.5l-16 3z" fill="#fff" />
      <rect x="14.5" y="15" width="3" height="9" rx="1" fill="#fff" opacity="0.9" />
      <rect x="10" y="23" width="12" height="2.5" rx="1.25" fill="#fff" />
    </svg>
  );
}

/** The logo: mark plus the word 'Lectern'. */
export function LecternLogo({ size = 32, color = 'inherit' }: { size?: number; color?: string }) {
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, color }}>
      <LecternMark size={size} />
      <Typography component="span" sx={{ fontWeight: 700, fontSize: size * 0.62, letterSpacing: '-0.01em' }}>
        Lectern
      </Typography>
    </Box>
  );
}
