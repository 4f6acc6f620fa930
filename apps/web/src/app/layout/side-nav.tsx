import { Link as RouterLink, useLocation } from 'react-router';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import { MESSAGES, PAGES, hasPermission, type PageDef } from '@lectern/contract';
import { navIcon } from './nav-icons';
import { NoPermissionNote } from './no-permission-note';

export interface NavEntry {
  page: PageDef & { nav: NonNullable<PageDef['nav']> };
  allowed: boolean;
}

/**
 * The navigation for a user's roles: PAGES entries with `nav`, in order; entries limited to
 * `onlyRoles` are left out for everyone else, the rest are disabled without permission.
 */
export function navEntries(roles: readonly string[]): NavEntry[] {
  const entries: NavEntry[] = [];
  for (const page of PAGES) {
    const nav = page.nav;
    if (!nav) continue;
    if (nav.onlyRoles && !nav.onlyRoles.some((role) => roles.includes(role))) continue;
    entries.push({ page: { ...page, nav }, allowed: hasPermission(roles, page.area) });
  }
  return entries;
}

function isActive(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

const itemSx = {
  borderRadius: 2,
  mx: 1.5,
  my: 0.25,
  py: 0.5,
  '&.Mui-selected': { bgcolor: 'rgba(88, 80, 236, 0.12)', color: 'primary.main' },
  '&.Mui-selected .MuiListItemIcon-root': { color: 'primary.main' },
  // hovering a selected item darkens its text rather than its background (primary on 16% primary is 4.4:1)
  '&.Mui-selected:hover': { bgcolor: 'rgba(88, 80, 236, 0.12)', color: 'primary.dark' },
  '&.Mui-selected:hover .MuiListItemIcon-root': { color: 'primary.dark' },
} as const;

/** The left-drawer navigation. */
export function SideNav({
  roles,
  onNavigate,
  phone = false,
}: {
  roles: readonly string[];
  onNavigate?: () => void;
  /** the drawer fills most of a phone's width: tooltips open below, not beside */
  phone?: boolean;
}) {
  const { pathname } = useLocation();
  return (
    <List component="nav" aria-label="Main navigation" sx={{ py: 1 }}>
      {navEntries(roles).map(({ page, allowed }) => {
        const Icon = navIcon(page.path);
        const inner = (
          <>
            <ListItemIcon sx={{ minWidth: 38 }}>
              <Icon fontSize="small" />
            </ListItemIcon>
            <ListItemText
              primary={page.nav.label}
              secondary={allowed ? undefined : <NoPermissionNote />}
              slotProps={{ primary: { variant: 'body2', fontWeight: 500 }, secondary: { component: 'span' } }}
              // no margin around the label: fifteen items and more stay above the fold at 1440 x 900
              sx={{ my: 0 }}
            />
          </>
        );
        if (!allowed) {
          // A disabled item fires no events, so the tooltip listens on a wrapping span; the note under
          // the label says why without a hover.
          return (
            <Tooltip key={page.path} title={MESSAGES.navNoPermission} placement={phone ? 'bottom' : 'right'}>
              <span style={{ display: 'block' }}>
                <ListItemButton
                  component="div"
                  disabled
                  aria-disabled="true"
                  data-testid={`nav-${page.path}`}
                  sx={itemSx}
                >
                  {inner}
                </ListItemButton>
              </span>
            </Tooltip>
          );
        }
        const active = isActive(pathname, page.path);
        return (
          <ListItemButton
            key={page.path}
            component={RouterLink}
            to={page.path}
            selected={active}
            aria-current={active ? 'page' : undefined}
            data-testid={`nav-${page.path}`}
            onClick={onNavigate}
            sx={itemSx}
          >
            {inner}
          </ListItemButton>
        );
      })}
    </List>
  );
}
