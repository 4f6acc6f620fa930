import { useState, type MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-read';
import { NotificationItem } from './notification-item';
import { NotificationsList } from './notifications-list';

const POPOVER_LIMIT = 8;
const MAX_BADGE = 99;

/** The bell in the top bar with the unread count; it opens the notifications popover. */
export function NotificationsBell() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  /** what was unread when the popover opened: stays emphasised while it is open */
  const [unreadOnOpen, setUnreadOnOpen] = useState<ReadonlySet<string>>(new Set());
  const notifications = useNotifications();
  const markRead = useMarkNotificationsRead();
  const unread = notifications.data?.unread ?? 0;

  const open = (event: MouseEvent<HTMLElement>) => {
    setAnchor(event.currentTarget);
    const ids = (notifications.data?.notifications ?? []).filter((n) => !n.read).map((n) => n.notificationId);
    setUnreadOnOpen(new Set(ids));
    if (ids.length > 0) markRead.mutate(ids);
  };
  const close = () => {
    setAnchor(null);
    setUnreadOnOpen(new Set());
  };

  // the count is in the name as the badge shows it (99+), so the name holds the visible text
  const label = unread > 0 ? `Notifications: ${unread > MAX_BADGE ? `${MAX_BADGE}+` : unread} unread` : 'Notifications';
  const items = notifications.data?.notifications.slice(0, POPOVER_LIMIT) ?? [];

  return (
    <>
      <Tooltip title="Notifications">
        <IconButton color="inherit" onClick={open} aria-label={label} aria-haspopup="dialog">
          {/* no badge at all when nothing is unread: an invisible badge still holds a count as text,
              which is then missing from the name ('Notifications') */}
          {unread > 0 ? (
            <Badge badgeContent={unread} color="error" max={MAX_BADGE}>
              <NotificationsOutlined />
            </Badge>
          ) : (
            <NotificationsOutlined />
          )}
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-label': 'Notifications',
            sx: { width: 380, maxWidth: 'calc(100vw - 16px)', mt: 1, borderRadius: 2 },
          },
        }}
      >
        <Box sx={{ px: 2, py: 1.5, display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            Notifications
          </Typography>
          {unreadOnOpen.size > 0 && (
            <Typography variant="caption" color="primary" sx={{ fontWeight: 600 }}>
              {unreadOnOpen.size} new
            </Typography>
          )}
        </Box>
        <Divider />
        <Box sx={{ maxHeight: 420, overflowY: 'auto' }}>
          <NotificationsList
            query={notifications}
            items={items}
            skeletons={{ count: 3, height: 44 }}
            renderItem={(notification) => (
              <NotificationItem
                key={notification.notificationId}
                notification={notification}
                emphasised={unreadOnOpen.has(notification.notificationId) || !notification.read}
                onOpen={close}
                showBody={false}
              />
            )}
          />
        </Box>
        <Divider />
        <Box sx={{ p: 1, display: 'flex', justifyContent: 'center' }}>
          <Button component={RouterLink} to="/notifications" onClick={close} fullWidth>
            See all
          </Button>
        </Box>
      </Popover>
    </>
  );
}
