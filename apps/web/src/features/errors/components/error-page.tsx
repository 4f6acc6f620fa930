import type { ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LecternLogo } from '../../../components/lectern-logo';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useSession } from '../../../lib/session';

/** React Router numbers its history entries: 0 means this tab has nowhere in the app to go back to. */
function hasHistory(): boolean {
  const state: unknown = window.history.state;
  return (
    typeof state === 'object' && state !== null && 'idx' in state && typeof state.idx === 'number' && state.idx > 0
  );
}

interface ErrorPageProps {
  /** The big number; none for an error that is not an HTTP status (a screen that failed to load). */
  code?: 401 | 404 | 500;
  title: string;
  text: string;
  /** Inside the signed-in layout (its main area): no landmark or full height of its own. */
  framed?: boolean;
  /** Buttons before the ways back (e.g. 'Reload'). */
  actions?: ReactNode;
}

/** A full-page error with a clear way back. */
export function ErrorPage({ code, title, text, framed = false, actions }: ErrorPageProps) {
  useDocumentTitle(title);
  const navigate = useNavigate();
  const signedIn = useSession() !== null;
  return (
    <Box
      component={framed ? 'section' : 'main'}
      aria-label={framed ? title : undefined}
      sx={{
        minHeight: framed ? undefined : '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        px: 3,
        py: 6,
        bgcolor: framed ? undefined : 'background.default',
      }}
    >
      {!framed && <LecternLogo size={32} />}
      {code !== undefined && (
        <Typography
          aria-hidden="true"
          sx={{
            mt: 4,
            fontSize: { xs: '4.5rem', sm: '6rem' },
            fontWeight: 800,
            lineHeight: 1,
            color: 'primary.main',
            opacity: 0.9,
          }}
        >
          {code}
        </Typography>
      )}
      <Typography variant="h1" sx={{ mt: 2 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 460 }}>
        {text}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ mt: 4, width: { xs: '100%', sm: 'auto' }, maxWidth: { xs: 320, sm: 'none' }, whiteSpace: 'nowrap' }}
      >
        {actions}
        {signedIn || code !== 401 ? (
          <Button variant={actions ? 'outlined' : 'contained'} component={RouterLink} to="/overview">
            Go to Account Overview
          </Button>
        ) : (
          <Button variant="contained" component={RouterLink} to="/auth/login">
            Sign in
          </Button>
        )}
        <Button variant="outlined" onClick={() => void (hasHistory() ? navigate(-1) : navigate('/overview'))}>
          Go back
        </Button>
      </Stack>
    </Box>
  );
}

export function UnauthorizedPage() {
  return (
    <ErrorPage
      code={401}
      title="You are not signed in or not allowed here"
      text="You are not authorized to take this action. Sign in with an account that has access, or go back."
    />
  );
}

export function NotFoundPage() {
  return (
    <ErrorPage
      code={404}
      title="Page not found"
      text="The page you are looking for does not exist or has moved. Check the address, or head back to your overview."
    />
  );
}

export function ServerErrorPage() {
  return (
    <ErrorPage
      code={500}
      title="Something went wrong"
      text="Something went wrong. Please try again later. If it keeps happening, tell the Lectern administrators."
    />
  );
}
