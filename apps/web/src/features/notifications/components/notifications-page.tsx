import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import DoneAllOutlined from '@mui/icons-material/DoneAllOutlined';
import { useBanner } from '../../../components/feedback/banner';
import { PageHeader } from '../../../components/page-header';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-read';
import { NotificationItem } from './notification-item';
import { NotificationsList } from './notifications-list';

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
        <NotificationsList
          query={notifications}
          items={notifications.data?.notifications ?? []}
          skeletons={{ count: 4, height: 56 }}
          renderItem={(notification, index, all) => (
            <NotificationItem
              key={notification.notificationId}
              notification={notification}
              emphasised={!notification.read}
              divider={index < all.length - 1}
            />
          )}
        />
      </Card>
    </>
  );
}
