import { Suspense } from 'react';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { MESSAGES, hasPermission } from '@lectern/contract';
import { PageLoading } from '../../components/page-loading';
import { useSession } from '../../lib/session';
import { NoPermissionNote } from '../layout/no-permission-note';
import { pageForPath } from '../page-access';

/** A publisher section: where its link goes and the paths under it that make it the current one. */
export interface PublisherSection {
  label: string;
  to: string;
  /** path prefixes of the section's pages */
  paths: readonly string[];
}

/** The publisher area's sections, in the order of spec 2 §2. */
export const PUBLISHER_SECTIONS: readonly PublisherSection[] = [
  { label: 'Store Manager', to: '/publisher/storeManager/storeDetails', paths: ['/publisher/storeManager'] },
  {
    label: 'Catalogue Manager',
    to: '/publisher/catalogueManager/catalogueList',
    paths: ['/publisher/catalogueManager'],
  },
  { label: 'OTS Manager', to: '/publisher/otsManager', paths: ['/publisher/otsManager', '/publisher/editOts'] },
  { label: 'Categories', to: '/publisher/categories', paths: ['/publisher/categories'] },
];

function isIn(pathname: string, section: PublisherSection): boolean {
  return section.paths.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

/** Whether `roles` may open a section: the area of the PAGES entry that guards its link. */
export function sectionAllowed(roles: readonly string[], section: PublisherSection): boolean {
  const page = pageForPath(section.to);
  return !page || hasPermission(roles, page.area);
}

const linkSx = {
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: 44,
  px: { xs: 1.5, sm: 2 },
  whiteSpace: 'nowrap',
  typography: 'body2',
  fontWeight: 600,
  textDecoration: 'none',
  color: 'text.secondary',
  borderBottom: 2,
  borderColor: 'transparent',
  '&:hover': { color: 'text.primary' },
  '&[aria-current]': { color: 'primary.main', borderColor: 'primary.main' },
  '&[aria-disabled="true"]': { color: 'text.disabled', cursor: 'not-allowed' },
} as const;

/** The publisher area's sub-navigation: a link per section, disabled (with the reason) when the roles lack it. */
export function PublisherNav({ roles }: { roles: readonly string[] }) {
  const { pathname } = useLocation();
  return (
    <Box component="nav" aria-label="Publisher" sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}>
      {/* on a phone the sections wrap onto a second line: every one stays in sight */}
      <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', listStyle: 'none', m: 0, p: 0 }}>
        {PUBLISHER_SECTIONS.map((section) => {
          const testId = `publisher-nav-${section.to}`;
          if (!sectionAllowed(roles, section)) {
            // focusable, so keyboard users can reach the reason too; the tooltip describes, the name stays;
            // the note under the label says why without a hover
            return (
              <li key={section.to}>
                <Tooltip title={MESSAGES.navNoPermission} describeChild placement="bottom">
                  <Box
                    component="span"
                    role="link"
                    aria-disabled="true"
                    tabIndex={0}
                    data-testid={testId}
                    sx={{ ...linkSx, flexDirection: 'column', alignItems: 'flex-start', justifyContent: 'center' }}
                  >
                    {section.label}
                    <NoPermissionNote aria-hidden />
                  </Box>
                </Tooltip>
              </li>
            );
          }
          const active = isIn(pathname, section);
          return (
            <li key={section.to}>
              <Box
                component={RouterLink}
                to={section.to}
                aria-current={active ? 'page' : undefined}
                data-testid={testId}
                sx={linkSx}
              >
                {section.label}
              </Box>
            </li>
          );
        })}
      </Box>
    </Box>
  );
}

/** Everything under /publisher: the sub-navigation above the section's page. */
export default function PublisherLayout() {
  const roles = useSession()?.roles ?? [];
  return (
    <>
      <PublisherNav roles={roles} />
      {/* the navigation stays while a section's page loads */}
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </>
  );
}
