import type { ReactNode } from 'react';
import { useDocumentTitle } from '../hooks/use-document-title';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { SearchBar, type SearchBarProps } from './search-bar';

/** One 'label: value' figure under the title. */
export interface PageHeaderFigure {
  label: string;
  value: ReactNode;
}

export interface PageHeaderProps {
  /** The page title: an h1 and the document title. */
  title: string;
  /** Shown in brackets after the title, e.g. 'Draft' gives 'Organic Chemistry (Draft)'. */
  extraTitle?: string;
  /** A line under the title. */
  subtitle?: ReactNode;
  /** Back arrow: a route to go to, or true to go back in history. */
  back?: string | true;
  /** 'label: value' figures under the title. */
  figures?: PageHeaderFigure[];
  /** Buttons on the right. */
  actions?: ReactNode;
  /** A search bar on the right. */
  search?: SearchBarProps;
  /** The title's element; default 'h1'. A page header shown inside another page (the gallery) is not its h1. */
  titleComponent?: 'h1' | 'h4';
}

/** The page header: back arrow, title (with an extra title in brackets), subtitle, figures, buttons and search. */
export function PageHeader({
  title,
  extraTitle,
  subtitle,
  back,
  figures,
  actions,
  search,
  titleComponent = 'h1',
}: PageHeaderProps) {
  useDocumentTitle(title);
  return (
    <Box
      component="header"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: { xs: 'flex-start', sm: 'center' },
        justifyContent: 'space-between',
        gap: 2,
        mb: 3,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, minWidth: 0 }}>
        {back !== undefined && <BackButton to={back} />}
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h1" component={titleComponent} sx={{ overflowWrap: 'anywhere' }}>
            {title}
            {extraTitle && (
              <Box component="span" sx={{ color: 'text.secondary', fontWeight: 500 }}>
                {` (${extraTitle})`}
              </Box>
            )}
          </Typography>
          {subtitle && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {subtitle}
            </Typography>
          )}
          {figures && figures.length > 0 && (
            <Box
              component="dl"
              sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 0.5, m: 0, mt: 1, typography: 'body2' }}
            >
              {figures.map((figure) => (
                <Box key={figure.label} sx={{ display: 'flex', gap: 0.5 }}>
                  <Box component="dt" sx={{ color: 'text.secondary' }}>
                    {figure.label}:
                  </Box>
                  <Box component="dd" sx={{ m: 0, fontWeight: 600 }}>
                    {figure.value}
                  </Box>
                </Box>
              ))}
            </Box>
          )}
        </Box>
      </Box>
      {(actions || search) && (
        <Box
          sx={{
            display: 'flex',
            gap: 1,
            flexWrap: 'wrap',
            alignItems: 'center',
            width: { xs: '100%', sm: 'auto' },
          }}
        >
          {search && <SearchBar {...search} />}
          {actions}
        </Box>
      )}
    </Box>
  );
}

/** The back arrow: a link to `to`, or back in history (to '/' when the page was opened directly). */
function BackButton({ to }: { to: string | true }) {
  const navigate = useNavigate();
  const location = useLocation();
  if (typeof to === 'string') {
    return (
      <IconButton component={RouterLink} to={to} aria-label="Back" edge="start" sx={{ mt: 0.25 }}>
        <ArrowBackIcon />
      </IconButton>
    );
  }
  // 'default' is the key of the first entry: there is no page of ours to go back to.
  const goBack = () => (location.key === 'default' ? navigate('/') : navigate(-1));
  return (
    <IconButton onClick={goBack} aria-label="Back" edge="start" sx={{ mt: 0.25 }}>
      <ArrowBackIcon />
    </IconButton>
  );
}
