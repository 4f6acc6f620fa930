import Box from '@mui/material/Box';
import List from '@mui/material/List';
import Skeleton from '@mui/material/Skeleton';
import type { ReactNode } from 'react';
import type { Notification } from '@lectern/contract';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import type { useNotifications } from '../api/get-notifications';
import { NotificationsEmpty } from './notifications-empty';

/**
 * The notifications list in its four states: loading skeletons, an error with Retry, the empty
 * message, and the items (rendered by the caller). The popover and the page both use it.
 */
export function NotificationsList({
  query,
  items,
  skeletons,
  renderItem,
}: {
  query: ReturnType<typeof useNotifications>;
  /** the notifications to show (the popover shows the newest few) */
  items: readonly Notification[];
  skeletons: { count: number; height: number };
  renderItem: (notification: Notification, index: number, all: readonly Notification[]) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <Box sx={{ p: 2 }}>
        {Array.from({ length: skeletons.count }, (_, i) => (
          <Skeleton key={i} height={skeletons.height} />
        ))}
      </Box>
    );
  }
  if (query.isError) {
    return <QueryErrorAlert query={query} sx={{ m: 2 }} />;
  }
  if (items.length === 0) return <NotificationsEmpty />;
  return <List disablePadding>{items.map((item, index) => renderItem(item, index, items))}</List>;
}
