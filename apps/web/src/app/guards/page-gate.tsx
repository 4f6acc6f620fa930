import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { MESSAGES, fillMessage, hasPermission } from '@lectern/contract';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useSession } from '../../lib/session';
import { pageForPath } from '../page-access';

/** Shows the page only when the user's roles allow its area; otherwise the page-permission message. */
export function PageGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const roles = useSession()?.roles ?? [];
  const page = pageForPath(pathname);
  if (page && !hasPermission(roles, page.area)) return <PermissionDenied pageName={page.pageName} />;
  return children;
}

function PermissionDenied({ pageName }: { pageName: string }) {
  useDocumentTitle(pageName);
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        py: { xs: 6, sm: 10 },
        px: 2,
      }}
    >
      <Box
        sx={{
          width: 64,
          height: 64,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'rgba(88, 80, 236, 0.1)',
          color: 'primary.main',
        }}
      >
        <LockOutlined fontSize="large" aria-hidden="true" />
      </Box>
      <Typography variant="h1" sx={{ mt: 3, fontSize: '1.375rem', maxWidth: 560 }}>
        {fillMessage(MESSAGES.pagePermission, { pageName })}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 480 }}>
        Ask an administrator for access if you need this page.
      </Typography>
      <Button variant="contained" component={RouterLink} to="/overview" sx={{ mt: 3 }}>
        Go to Account Overview
      </Button>
    </Box>
  );
}
