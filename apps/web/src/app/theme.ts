import { createTheme } from '@mui/material/styles';
import { CONSTANTS } from '@lectern/contract';

const REDUCED_MOTION = '@media (prefers-reduced-motion: reduce)';

/**
 * Under reduced motion a spinner or progress bar only fades in and out: the state still shows, nothing
 * turns or slides (docs/accessibility.md).
 */
const fadeInsteadOfMotion = {
  [REDUCED_MOTION]: { animation: 'lectern-fade 1.6s ease-in-out infinite !important' },
} as const;

/**
 * Lectern's MUI theme: the brand primary of spec 1 §9 on a quiet grey canvas. Every palette colour
 * reads at 4.5:1 or better as text on white and on the canvas, and white text reads on it at the same
 * ratio (filled buttons, snackbars): MUI's default warning, info and the old secondary did not.
 */
export const theme = createTheme({
  palette: {
    primary: { main: CONSTANTS.primaryColour },
    secondary: { main: '#047857' },
    error: { main: '#C81E1E' },
    warning: { main: '#B45309' },
    info: { main: '#0369A1' },
    success: { main: '#2E7D32' },
    background: { default: '#F4F5FA', paper: '#FFFFFF' },
    text: { primary: '#1F2433', secondary: '#5B6174' },
    // white on each of the colours above reads at 4.5:1 or better
    contrastThreshold: 4.5,
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: [
      'Inter',
      'system-ui',
      '-apple-system',
      '"Segoe UI"',
      'Roboto',
      '"Helvetica Neue"',
      'Arial',
      'sans-serif',
    ].join(','),
    h1: { fontSize: '1.75rem', fontWeight: 700 },
    h2: { fontSize: '1.375rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        // One focus ring for every keyboard stop (MUI's ripple alone is too faint to find); text fields
        // keep their own thicker border instead.
        // (.Mui-focusVisible: MUI's mark for a checkbox, radio or switch whose hidden input has focus.)
        'html :focus-visible, html .Mui-focusVisible': {
          outline: `2px solid ${CONSTANTS.primaryColour}`,
          outlineOffset: 2,
        },
        '.MuiInputBase-input:focus-visible': { outline: 'none' },
        // what Tab reaches scrolls clear of the fixed top bar, not under it
        html: { scrollPaddingTop: 80 },
        '@keyframes lectern-fade': { '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.35 } },
        // No sliding, growing or spinning for those who ask for less motion: drawers, menus and
        // snackbars appear in place; spinners fade (fadeInsteadOfMotion).
        [REDUCED_MOTION]: {
          '*, *::before, *::after': {
            animationDuration: '1ms !important',
            animationIterationCount: '1 !important',
            transitionDuration: '1ms !important',
            scrollBehavior: 'auto !important',
          },
        },
      },
    },
    MuiAppBar: { defaultProps: { elevation: 0 } },
    // An autocomplete's list opens beside its field, so inside the same landmark or dialog, not loose
    // at the end of <body> (menus stay portalled: a modal menu must hide the page behind it).
    MuiAutocomplete: { defaultProps: { disablePortal: true } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiTooltip: {
      defaultProps: {
        arrow: true,
        // Beside the element it describes, so inside the same landmark (or dialog) rather than loose at
        // the end of <body>; fixed placement keeps it from being clipped by a scrolling box.
        slotProps: { popper: { disablePortal: true, popperOptions: { strategy: 'fixed' } } },
      },
    },
    MuiCircularProgress: {
      styleOverrides: {
        root: { '&.MuiCircularProgress-indeterminate': fadeInsteadOfMotion },
        circle: {
          '.MuiCircularProgress-indeterminate &': {
            [REDUCED_MOTION]: { animation: 'none !important', strokeDasharray: '60px, 200px' },
          },
        },
      },
    },
    MuiLinearProgress: {
      styleOverrides: {
        root: { '&.MuiLinearProgress-indeterminate': fadeInsteadOfMotion },
        bar: {
          '.MuiLinearProgress-indeterminate &': {
            [REDUCED_MOTION]: { animation: 'none !important', left: 0, right: 0 },
          },
        },
      },
    },
    MuiSkeleton: { styleOverrides: { root: fadeInsteadOfMotion } },
  },
});
