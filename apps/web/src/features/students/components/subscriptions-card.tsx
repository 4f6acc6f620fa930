import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { formatDate, type StudentSubscription } from '@lectern/contract';
import { Badge, SectionCard, type BadgeColor } from '../../../components';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { FieldList } from './field-list';

const STATUS_COLOR: Record<StudentSubscription['status'], BadgeColor> = {
  ACTIVE: 'success',
  EXPIRED: 'grey',
  CANCELLED: 'error',
};

export interface SubscriptionsCardProps {
  query: {
    data: StudentSubscription[] | undefined;
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => Promise<unknown>;
  };
  onGrant: () => void;
  onExtend: (subscription: StudentSubscription) => void;
  onCancel: (subscription: StudentSubscription) => void;
}

/** The student's subscriptions: catalogue, plan, dates, status tag, reasons, and Extend / Cancel. */
export function SubscriptionsCard({ query, onGrant, onExtend, onCancel }: SubscriptionsCardProps) {
  // a failed call empties the list (spec 2 §8)
  const subscriptions = query.isError ? [] : (query.data ?? []);
  return (
    <SectionCard
      title="Subscriptions"
      action={
        <Button variant="contained" onClick={onGrant}>
          Grant a plan
        </Button>
      }
    >
      {query.isError && <QueryErrorAlert query={query} sx={{ mb: 2 }} />}
      {query.isPending && !query.isError && <CircularProgress size={24} aria-label="Loading subscriptions" />}
      {!query.isPending && !query.isError && subscriptions.length === 0 && (
        <Typography color="text.secondary">No subscriptions.</Typography>
      )}
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }} aria-label="Subscriptions">
        {subscriptions.map((subscription) => (
          <Box
            component="li"
            key={subscription.studentSubscriptionId}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}
          >
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
              <Typography component="h3" sx={{ fontWeight: 600 }}>
                {subscription.catalogueName}
              </Typography>
              <Badge color={STATUS_COLOR[subscription.status]}>{subscription.status}</Badge>
              {subscription.extended && <Badge color="primary">extended</Badge>}
              {subscription.sourceOrderId === null && <Badge color="secondary">granted</Badge>}
            </Box>
            <FieldList
              items={[
                { label: 'Plan', value: subscription.subscriptionLabel },
                { label: 'Start date', value: formatDate(subscription.startDate) },
                { label: 'End date', value: formatDate(subscription.endDate) },
                ...(subscription.extended
                  ? [{ label: 'Original end date', value: formatDate(subscription.originalEndDate) }]
                  : []),
                ...(subscription.grantReason ? [{ label: 'Grant reason', value: subscription.grantReason }] : []),
                ...(subscription.cancelReason ? [{ label: 'Cancel reason', value: subscription.cancelReason }] : []),
              ]}
            />
            {subscription.status !== 'CANCELLED' && (
              <Box sx={{ display: 'flex', gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
                <Button
                  variant="outlined"
                  size="small"
                  onClick={() => onExtend(subscription)}
                  aria-label={`Extend ${subscription.catalogueName} – ${subscription.subscriptionLabel}`}
                >
                  Extend
                </Button>
                <Button
                  variant="outlined"
                  color="error"
                  size="small"
                  onClick={() => onCancel(subscription)}
                  aria-label={`Cancel ${subscription.catalogueName} – ${subscription.subscriptionLabel}`}
                >
                  Cancel
                </Button>
              </Box>
            )}
          </Box>
        ))}
      </Box>
    </SectionCard>
  );
}
