import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatIndiaDateWithTime, type OrderEvent } from '@lectern/contract';
import { Badge, type BadgeColor } from '../../../components';

const KIND: Record<OrderEvent['kind'], { label: string; color: BadgeColor }> = {
  CREATED: { label: 'Created', color: 'grey' },
  PAID: { label: 'Paid', color: 'success' },
  INVOICED: { label: 'Invoice', color: 'primary' },
  SUBSCRIPTION: { label: 'Subscription', color: 'primary' },
  PACKAGE: { label: 'Package', color: 'secondary' },
  REFUNDED: { label: 'Refund', color: 'warning' },
  FAILED: { label: 'Failed', color: 'error' },
  EXPIRED: { label: 'Expired', color: 'grey' },
};

/** The order's life, oldest first: when, what kind of step, and the server's sentence about it. */
export function OrderTimeline({ events, orderId }: { events: readonly OrderEvent[]; orderId: string }) {
  if (events.length === 0)
    return <Typography color="text.secondary">Nothing has happened to this order yet.</Typography>;
  return (
    <Box component="ol" aria-label={`Timeline of order ${orderId}`} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {events.map((event, index) => (
        <Box
          component="li"
          key={`${event.at}-${event.kind}-${index}`}
          sx={{
            position: 'relative',
            pl: 3,
            pb: index === events.length - 1 ? 0 : 2,
            // the line joining the steps, and each step's dot on it
            '&::before': {
              content: '""',
              position: 'absolute',
              left: 5,
              top: 6,
              bottom: index === events.length - 1 ? 'auto' : 0,
              height: index === events.length - 1 ? 0 : 'auto',
              borderLeft: 2,
              borderColor: 'divider',
            },
            '&::after': {
              content: '""',
              position: 'absolute',
              left: 0,
              top: 4,
              width: 12,
              height: 12,
              borderRadius: '50%',
              bgcolor: event.kind === 'FAILED' ? 'error.main' : 'primary.main',
            },
          }}
        >
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <Badge color={KIND[event.kind].color}>{KIND[event.kind].label}</Badge>
            <Typography variant="body2" color="text.secondary" component="span">
              <time dateTime={event.at}>{formatIndiaDateWithTime(event.at)}</time>
            </Typography>
          </Box>
          <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
            {event.text}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
