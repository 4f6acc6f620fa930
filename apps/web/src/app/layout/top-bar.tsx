import { Link as RouterLink, useNavigate } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import LogoutRounded from '@mui/icons-material/LogoutRounded';
import MenuRounded from '@mui/icons-material/MenuRounded';
import { MESSAGES } from '@lectern/contract';
import { LecternLogo } from '../../components/lectern-logo';
import { notify } from '../../components/feedback/notify';
import { useLogout } from '../../features/auth/api/logout';
import { NotificationsBell } from '../../features/notifications/components/notifications-bell';
import { RIBBON_OFFSET } from './environment-ribbon';

/** The top bar: menu toggle (phones), logo, notifications and 'Sign out'. */
export function TopBar({ onOpenMenu, phone }: { onOpenMenu: () => void; phone: boolean }) {
  const navigate = useNavigate();
  const logout = useLogout();
  // mutateAsync, not mutate callbacks: clearing the session unmounts this bar before the call settles
  const signOut = () =>
    void logout
      .mutateAsync()
      .catch(() => undefined)
      .finally(() => {
        notify('info', MESSAGES.signedOut);
        void navigate('/auth/login', { replace: true });
      });

  return (
    <AppBar
      position="fixed"
      color="inherit"
      sx={{
        // above the permanent drawer on desktop; below the temporary (modal) drawer on phones
        zIndex: (theme) => (phone ? theme.zIndex.appBar : theme.zIndex.drawer + 1),
        // below the environment ribbon, when there is one
        top: RIBBON_OFFSET,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <Toolbar sx={{ gap: 1, px: { xs: 1, sm: 2 } }}>
        {phone && (
          <IconButton edge="start" onClick={onOpenMenu} aria-label="Open menu">
            <MenuRounded />
          </IconButton>
        )}
        <Box
          component={RouterLink}
          to="/overview"
          aria-label="Lectern home"
          sx={{ color: 'text.primary', textDecoration: 'none', display: 'flex' }}
        >
          <LecternLogo size={30} />
        </Box>
        <Box sx={{ flex: 1 }} />
        <NotificationsBell />
        <Button
          onClick={signOut}
          color="inherit"
          startIcon={<LogoutRounded />}
          sx={{ color: 'text.secondary', whiteSpace: 'nowrap', '& .MuiButton-startIcon': { mr: { xs: 0.5, sm: 1 } } }}
        >
          Sign out
        </Button>
      </Toolbar>
    </AppBar>
  );
}
