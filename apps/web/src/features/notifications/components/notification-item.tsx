import Box from '@mui/material/Box';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatDateLong, formatRelativeTime } from '@lectern/contract';
import { VisuallyHidden } from '../../../components/visually-hidden';
import type { StaffNotification } from '../api/get-notifications';
import { NotificationTypeIcon } from './notification-type-icon';

/** One notification: type icon, title (bold while unread), body and abbreviated age. */
export function NotificationItem({
  notification,
  emphasised,
  onOpen,
  showBody = true,
  divider = false,
}: {
  notification: StaffNotification;
  emphasised: boolean;
  onOpen?: () => void;
  showBody?: boolean;
  /** a line under the item (a list may hold only items, so no separate divider) */
  divider?: boolean;
}) {
  const content = (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', width: '100%', minWidth: 0 }}>
      <NotificationTypeIcon type={notification.type} />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography
          variant="body2"
          sx={{ fontWeight: emphasised ? 700 : 400, color: emphasised ? 'text.primary' : 'text.secondary' }}
        >
          {emphasised && <VisuallyHidden>Unread: </VisuallyHidden>}
          {notification.title}
        </Typography>
        {showBody && notification.body && (
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
          >
            {notification.body}
          </Typography>
        )}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, flexShrink: 0 }}>
        <Typography
          variant="caption"
          color="text.secondary"
          component="time"
          dateTime={notification.createdAt}
          title={formatDateLong(notification.createdAt)}
        >
          {formatRelativeTime(notification.createdAt)}
        </Typography>
        {emphasised && (
          <Box
            aria-hidden="true"
            sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'primary.main', flexShrink: 0 }}
          />
        )}
      </Box>
    </Box>
  );

  const background = emphasised ? 'rgba(88, 80, 236, 0.06)' : 'transparent';
  if (notification.link) {
    return (
      <ListItem disablePadding divider={divider} sx={{ bgcolor: background }}>
        <ListItemButton component={RouterLink} to={notification.link} onClick={onOpen} sx={{ py: 1.25 }}>
          {content}
        </ListItemButton>
      </ListItem>
    );
  }
  return (
    <ListItem divider={divider} sx={{ bgcolor: background, py: 1.25 }}>
      {content}
    </ListItem>
  );
}
