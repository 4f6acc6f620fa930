import { useCallback, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import { PAGES } from '@lectern/contract';
import { PageHeader } from '../../../components/page-header';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { useOtsCatalogues } from '../api/get-ots-catalogues';
import { useOtsSubscriptions } from '../api/get-ots-subscriptions';
import { useUpdateOts } from '../api/update-ots';
import { useLeaveGuard } from '../../../hooks/use-leave-guard';
import { SubscriptionOtsCard } from './subscription-ots-card';

const PAGE_NAME = PAGES.find((page) => page.path === '/publisher/editOts')?.pageName ?? 'Edit OTS';
const MANAGER_PATH = '/publisher/otsManager';

/**
 * /publisher/editOts?catalogueId=...: the catalogue's subscriptions, each with its one-time-sale
 * products to add, edit and delete (spec 2 §4), saved one subscription at a time.
 */
export default function EditOtsPage() {
  const [params] = useSearchParams();
  const catalogueId = params.get('catalogueId');
  const catalogues = useOtsCatalogues();
  const subscriptions = useOtsSubscriptions(catalogueId);
  const update = useUpdateOts(catalogueId ?? '');
  // the subscriptions whose cards hold unsaved changes
  const [changed, setChanged] = useState<Record<string, boolean>>({});
  const markChanged = useCallback(
    (subscriptionId: string, now: boolean) =>
      setChanged((previous) =>
        Boolean(previous[subscriptionId]) === now ? previous : { ...previous, [subscriptionId]: now },
      ),
    [],
  );

  const catalogue = catalogues.data?.find((entry) => entry.catalogueId === catalogueId);
  const subtitle = catalogue ? `${catalogue.catalogueName} (${catalogue.catalogueCode})` : undefined;
  const header = <PageHeader title={PAGE_NAME} subtitle={subtitle} back={MANAGER_PATH} />;

  const changedLabels = (subscriptions.data ?? [])
    .filter((subscription) => changed[subscription.subscriptionId])
    .map((subscription) => `'${subscription.subscriptionLabel}'`);
  const leaveGuard = useLeaveGuard(
    changedLabels.length > 0,
    `Your changes to the one-time-sale products of ${changedLabels.join(', ')} are not saved. Leaving discards them.`,
  );

  if (!catalogueId) {
    return (
      <>
        {header}
        <Alert severity="info">
          No catalogue was chosen.{' '}
          <Link component={RouterLink} to={MANAGER_PATH}>
            Choose a catalogue in the OTS Manager
          </Link>
          .
        </Alert>
      </>
    );
  }

  return (
    <>
      {header}
      {subscriptions.isPending ? (
        <Box aria-busy="true" aria-label="Loading subscriptions" sx={{ display: 'grid', gap: 2 }}>
          <Skeleton variant="rounded" height={200} />
          <Skeleton variant="rounded" height={200} />
        </Box>
      ) : subscriptions.isError ? (
        <QueryErrorAlert query={subscriptions} />
      ) : subscriptions.data.length === 0 ? (
        <Alert severity="info">
          This catalogue has no subscriptions yet. Add subscriptions in the Catalogue Manager; their one-time-sale
          products are edited here.
        </Alert>
      ) : (
        <Box sx={{ display: 'grid', gap: 3 }}>
          {subscriptions.data.map((subscription) => {
            const id = subscription.subscriptionId;
            return (
              <SubscriptionOtsCard
                key={id}
                subscription={subscription}
                saving={update.isPending && update.variables.subscriptionId === id}
                onSave={async (body) => (await update.mutateAsync(body)).data}
                onChangedChange={(now) => markChanged(id, now)}
              />
            );
          })}
        </Box>
      )}
      {leaveGuard.dialog}
    </>
  );
}
