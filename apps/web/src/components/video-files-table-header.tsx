import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import { FilterMenu, type FilterMenuProps } from './search-filter/filter-menu';

export interface VideoFilesTableHeaderProps {
  /** Called by 'Refresh Table'. */
  onRefresh: () => void;
  /** Show progress on 'Refresh Table' while the list reloads. */
  refreshing?: boolean;
  /** The heading; default 'Video Files'. */
  title?: string;
  /** An optional filter menu beside the button. */
  filter?: FilterMenuProps;
}

/** The header of a video file list: a title, 'Refresh Table' and an optional filter menu. */
export function VideoFilesTableHeader({
  onRefresh,
  refreshing = false,
  title = 'Video Files',
  filter,
}: VideoFilesTableHeaderProps) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 1.5 }}>
      <Typography variant="h2" component="h2" sx={{ flexGrow: 1 }}>
        {title}
      </Typography>
      {filter && <FilterMenu {...filter} />}
      <Button
        variant="outlined"
        startIcon={<RefreshIcon />}
        loading={refreshing}
        loadingPosition="start"
        onClick={onRefresh}
      >
        Refresh Table
      </Button>
    </Box>
  );
}
