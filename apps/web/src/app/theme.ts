import { createTheme } from '@mui/material/styles';
import { CONSTANTS } from '@lectern/contract';

/** Lectern's MUI theme: the brand primary of spec 1 §9 on a quiet grey canvas. */
export const theme = createTheme({
  palette: {
    primary: { main: CONSTANTS.primaryColour },
    secondary: { main: '#0E9F6E' },
    background: { default: '#F4F5FA', paper: '#FFFFFF' },
    text: { primary: '#1F2433', secondary: '#5B6174' },
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
    MuiAppBar: { defaultProps: { elevation: 0 } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiTooltip: { defaultProps: { arrow: true } },
  },
});
