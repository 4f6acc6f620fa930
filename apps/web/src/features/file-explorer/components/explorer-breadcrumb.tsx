import { Link as RouterLink } from 'react-router';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { VIEW_TYPES, explorerLink, type ExplorerState } from '../hooks/use-explorer-state';

/** Subjects > subject > unit > topic: every level but the open one is a link. */
export function ExplorerBreadcrumb({ state }: { state: ExplorerState }) {
  const depth = VIEW_TYPES.indexOf(state.viewType);
  // at the top the table's own title says where we are
  if (depth === 0) return null;
  const crumbs: { label: string; link: Partial<ExplorerState> }[] = [{ label: 'Subjects', link: {} }];
  if (depth >= 1) crumbs.push({ label: state.subjectName || state.subjectId, link: { ...state, viewType: 'Units' } });
  if (depth >= 2) crumbs.push({ label: state.unitName || state.unitId, link: { ...state, viewType: 'Topics' } });
  if (depth >= 3) crumbs.push({ label: state.topicName || state.topicId, link: { ...state, viewType: 'Files' } });
  return (
    <Breadcrumbs
      aria-label="File explorer location"
      sx={{ mb: 2, '& .MuiBreadcrumbs-ol': { rowGap: 0.5 }, '& li': { minWidth: 0 } }}
    >
      {crumbs.map((crumb, index) =>
        index === crumbs.length - 1 ? (
          <Typography
            key={index}
            color="text.primary"
            aria-current="page"
            sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {crumb.label}
          </Typography>
        ) : (
          <Link
            key={index}
            component={RouterLink}
            to={explorerLink(crumb.link)}
            underline="hover"
            color="inherit"
            sx={{ overflowWrap: 'anywhere' }}
          >
            {crumb.label}
          </Link>
        ),
      )}
    </Breadcrumbs>
  );
}
