import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import Skeleton from '@mui/material/Skeleton';
import Box from '@mui/material/Box';
import DoneAllOutlined from '@mui/icons-material/DoneAllOutlined';
import { Fragment } from 'react';
import { useBanner } from '../../../components/feedback/banner';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/query-client';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-read';
import { NotificationItem } from './notification-item';
import { NotificationsEmpty } from './notifications-empty';

const PAGE_LIMIT = 200;

/** /notifications: every notification of the signed-in user ('See all' of the popover). */
export default function NotificationsPage() {
  const notifications = useNotifications(PAGE_LIMIT);
  const markAll = useMarkNotificationsRead({ background: false });
  const { showBanner } = useBanner();
  const unread = notifications.data?.unread ?? 0;

  return (
    <>
      <PageHeader
        title="Notifications"
        subtitle={notifications.data ? `${unread} unread` : undefined}
        actions={
          <Button
            variant="outlined"
            startIcon={<DoneAllOutlined />}
            disabled={unread === 0}
            onClick={() =>
              markAll.mutate(undefined, {
                onSuccess: (result) => showBanner({ severity: 'success', message: result.message }),
              })
            }
          >
            Mark all as read
          </Button>
        }
      />
      <Card>
        {notifications.isPending ? (
          <Box sx={{ p: 2 }}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height={56} />
            ))}
          </Box>
        ) : notifications.isError ? (
          <Alert
            severity="error"
            sx={{ m: 2 }}
            action={
              <Button color="inherit" size="small" onClick={() => void notifications.refetch()}>
                Retry
              </Button>
            }
          >
            {errorMessage(notifications.error)}
          </Alert>
        ) : notifications.data.notifications.length === 0 ? (
          <NotificationsEmpty />
        ) : (
          <List disablePadding>
            {notifications.data.notifications.map((notification, index) => (
              <Fragment key={notification.notificationId}>
                {index > 0 && <Divider component="li" />}
                <NotificationItem notification={notification} emphasised={!notification.read} />
              </Fragment>
            ))}
          </List>
        )}
      </Card>
    </>
  );
}
