import { Suspense, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { BannerOutlet, BannerProvider } from '../../components/feedback/banner';
import { PageLoading } from '../../components/page-loading';
import { useSessionRefresh } from '../../features/auth/api/get-session';
import { useScrollbarWidth } from '../../hooks/use-scrollbar-width';
import { useSession } from '../../lib/session';
import { UploadPanel } from '../../features/uploads/components/upload-panel';
import { PageGate } from '../guards/page-gate';
import { RIBBON_OFFSET } from './environment-ribbon';
import { SkipLink } from './skip-link';
import { SideNav } from './side-nav';
import { TopBar } from './top-bar';
import { UserCard } from './user-card';

export const DRAWER_WIDTH = 264;
const MAIN_ID = 'main-content';

/** The signed-in layout of spec 1 §2: top bar, left drawer (permanent from md, temporary on phones), page. */
export function AppLayout() {
  const theme = useTheme();
  const desktop = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [mobileOpen, setMobileOpen] = useState(false);
  // the navigation scrolls on short screens: a classic scrollbar must not narrow it into wrapped labels
  const drawerWidth = DRAWER_WIDTH + useScrollbarWidth();
  const session = useSession();
  useSessionRefresh();
  useFocusMainWhenFocusIsLost();
  if (!session) return null;

  // Every piece sits in a landmark: the account (a named region), the navigation and the footer.
  const drawerContent = (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      {desktop && <Toolbar />}
      <Box component="section" aria-label="Your account">
        <UserCard user={session.user} />
      </Box>
      <Divider />
      <Box sx={{ flex: 1, overflowY: 'auto', scrollbarGutter: 'stable' }}>
        <SideNav roles={session.roles} phone={!desktop} onNavigate={desktop ? undefined : () => setMobileOpen(false)} />
      </Box>
      <Divider />
      <Box component="footer">
        <Typography variant="caption" color="text.secondary" component="p" sx={{ px: 3, py: 2 }}>
          © 2026 Lectern
        </Typography>
      </Box>
    </Box>
  );

  const paperSx = { width: drawerWidth, boxSizing: 'border-box', borderRight: 1, borderColor: 'divider' } as const;
  // the permanent drawer starts under the environment ribbon; the phone's drawer covers it (a modal)
  const permanentPaperSx = { ...paperSx, top: RIBBON_OFFSET, height: `calc(100% - ${RIBBON_OFFSET})` } as const;

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh' }}>
      <SkipLink target={MAIN_ID} />
      <TopBar onOpenMenu={() => setMobileOpen(true)} phone={!desktop} />
      {desktop ? (
        <Drawer variant="permanent" sx={{ width: drawerWidth, flexShrink: 0, '& .MuiDrawer-paper': permanentPaperSx }}>
          {drawerContent}
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          ModalProps={{ keepMounted: false }}
          sx={{ '& .MuiDrawer-paper': paperSx }}
        >
          {drawerContent}
        </Drawer>
      )}
      <Box
        component="main"
        id={MAIN_ID}
        tabIndex={-1}
        sx={{
          flex: 1,
          minWidth: 0,
          px: { xs: 2, sm: 3, lg: 4 },
          pt: RIBBON_OFFSET,
          pb: 4,
          '&:focus': { outline: 'none' },
        }}
      >
        <Toolbar />
        <Box sx={{ pt: { xs: 2, sm: 3 }, maxWidth: 1400, mx: 'auto' }}>
          <BannerProvider>
            <BannerOutlet />
            <Suspense fallback={<PageLoading />}>
              <PageGate>
                <Outlet />
              </PageGate>
            </Suspense>
          </BannerProvider>
        </Box>
      </Box>
      <UploadPanel />
    </Box>
  );
}

/**
 * After moving to another page, the focus would be lost (on <body>) when what had it is gone, such as
 * a link in the table of the page left: it goes to the main area instead, so Tab continues from the
 * new page's content. The first page of a visit keeps the Tab order from the top (the skip link).
 */
function useFocusMainWhenFocusIsLost(): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    if (document.activeElement === null || document.activeElement === document.body) {
      document.getElementById(MAIN_ID)?.focus({ preventScroll: true });
    }
  }, [pathname]);
}
