import { useId, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import {
  CONSTANTS,
  deliveryActionsFor,
  deliveryTransition,
  formatDateLong,
  type DeliveryPackageDetail,
} from '@lectern/contract';
import { StatusLabelCell } from '../../../components/data-table';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { VisuallyHidden } from '../../../components/visually-hidden';
import { useDeliveryPackage } from '../api/get-delivery-packages';
import {
  CANCELLATION_LABELS,
  DELIVERY_STATUS_STYLES,
  MODE_LABELS,
  RECIPIENT_LABELS,
  TRACKER_STATUS_LABELS,
  addressText,
  itemsText,
} from './delivery-display';
import { AddressDialog, CancelDialog, DeliveredDialog, TrackerStatusDialog } from './package-dialogs';

type Dialog = 'address' | 'tracker' | 'delivered' | 'cancel';

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Box component="section" sx={{ py: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Typography
          variant="h3"
          sx={{ fontSize: '0.8125rem', fontWeight: 700, textTransform: 'uppercase', letterSpacing: '0.06em', flex: 1 }}
        >
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Box>
  );
}

/** 'Capital letter first' of a refusal clause: 'Its address cannot change once it is processed.' */
const sentence = (clause: string) => clause.charAt(0).toUpperCase() + clause.slice(1);

/**
 * A package's drawer: the student, the items, the address with its history, how it went out (the
 * consignments newest first, each with its courier's tracking link), and the actions its status allows
 * (DESIGN §9): edit the address before processing (after it, the drawer says why not), update the
 * tracker's status, mark delivered, cancel with a type and description.
 */
export function PackageDrawer({
  open,
  packageId,
  onClose,
}: {
  open: boolean;
  packageId: string | null;
  onClose: () => void;
}) {
  const titleId = useId();
  const query = useDeliveryPackage(packageId);
  const [dialog, setDialog] = useState<{ kind: Dialog; key: number } | null>(null);
  const pkg = query.data;

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': titleId,
          sx: { width: { xs: '100%', sm: CONSTANTS.drawerWidths.other + 48 }, maxWidth: '100vw' },
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, px: 3, pt: 2.5, pb: 2 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={titleId} variant="h2" component="h2">
            {`Package ${packageId ?? ''}`}
          </Typography>
          {pkg && (
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 0.5, flexWrap: 'wrap' }}>
              <StatusLabelCell status={pkg.deliveryStatus} styles={DELIVERY_STATUS_STYLES} />
              <Typography variant="body2" color="text.secondary">
                {`${MODE_LABELS[pkg.deliveryMode]} · ${pkg.dispatchType === 'EXPRESS' ? 'Express' : 'Standard'}`}
              </Typography>
            </Box>
          )}
        </Box>
        <IconButton aria-label="Close" onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </Box>
      <Divider />
      <Box sx={{ flex: 1, overflowY: 'auto', px: 3 }}>
        {query.isPending && (
          <Box sx={{ py: 2 }} aria-busy="true">
            <Skeleton height={32} />
            <Skeleton height={32} />
            <Skeleton height={96} />
          </Box>
        )}
        {query.isError && <QueryErrorAlert query={query} sx={{ my: 2 }} />}
        {pkg && <PackageDetails pkg={pkg} onAction={(kind) => setDialog((d) => ({ kind, key: (d?.key ?? 0) + 1 }))} />}
      </Box>
      {pkg && dialog && (
        <>
          <AddressDialog
            key={`address-${dialog.key}`}
            open={dialog.kind === 'address'}
            pkg={pkg}
            onClose={() => setDialog(null)}
          />
          <TrackerStatusDialog
            key={`tracker-${dialog.key}`}
            open={dialog.kind === 'tracker'}
            pkg={pkg}
            onClose={() => setDialog(null)}
          />
          <DeliveredDialog
            key={`delivered-${dialog.key}`}
            open={dialog.kind === 'delivered'}
            pkg={pkg}
            onClose={() => setDialog(null)}
          />
          <CancelDialog
            key={`cancel-${dialog.key}`}
            open={dialog.kind === 'cancel'}
            pkg={pkg}
            onClose={() => setDialog(null)}
          />
        </>
      )}
    </Drawer>
  );
}

function PackageDetails({ pkg, onAction }: { pkg: DeliveryPackageDetail; onAction: (kind: Dialog) => void }) {
  const actions = deliveryActionsFor(pkg.deliveryStatus);
  const address = deliveryTransition(pkg.deliveryStatus, 'changeAddress');
  const active = pkg.deliveryTrackerList.find((t) => t.state === 'ACTIVE');
  const trackerOpen =
    active !== undefined &&
    (pkg.deliveryStatus === 'CANCELLED'
      ? pkg.cancellation?.returnTrackerId === active.trackerId
      : actions.includes('update'));
  const history = pkg.addressHistory.filter((a) => !a.current);

  return (
    <>
      <Section title="Student">
        <Typography>{pkg.studentName}</Typography>
        <Typography variant="body2" color="text.secondary">
          {`Mobile ${pkg.mobileNumber} · Order ${pkg.orderId}`}
        </Typography>
      </Section>
      <Divider />
      <Section title="Items">
        <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
          {pkg.catalogueName}
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {itemsText(pkg).map((item) => (
            <li key={item}>
              <Typography variant="body2">{item}</Typography>
            </li>
          ))}
        </Box>
      </Section>
      <Divider />
      <Section
        title="Address"
        action={
          <Button size="small" variant="outlined" disabled={!address.ok} onClick={() => onAction('address')}>
            {pkg.address ? 'Edit address' : 'Add address'}
          </Button>
        }
      >
        <Typography variant="body2">{addressText(pkg.address)}</Typography>
        {!address.ok && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {sentence(address.reason)}
          </Typography>
        )}
        {history.length > 0 && (
          <>
            <Typography variant="subtitle2" component="h4" sx={{ mt: 1.5 }}>
              Earlier addresses
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {history.map((earlier) => (
                <li key={earlier.addressId}>
                  <Typography variant="body2" color="text.secondary">
                    {addressText(earlier)}
                  </Typography>
                </li>
              ))}
            </Box>
          </>
        )}
      </Section>
      <Divider />
      <Section
        title="Tracking"
        action={
          trackerOpen ? (
            <Button size="small" variant="outlined" onClick={() => onAction('tracker')}>
              Update tracker status
            </Button>
          ) : undefined
        }
      >
        <Box
          component="ol"
          aria-label="Timeline"
          sx={{ m: 0, pl: 2.5, display: 'flex', flexDirection: 'column', gap: 1 }}
        >
          <li>
            <Typography variant="body2">{`Ordered ${formatDateLong(pkg.orderedAt)}`}</Typography>
          </li>
          {pkg.processedAt && (
            <li>
              <Typography variant="body2">{`Processed ${formatDateLong(pkg.processedAt)} (${MODE_LABELS[pkg.deliveryMode]})`}</Typography>
              {pkg.inHandDeliveryDetails && (
                <Typography variant="body2" color="text.secondary">
                  {`Handed over at ${pkg.inHandDeliveryDetails.handDeliveryLocation}${pkg.inHandDeliveryDetails.handDeliveryNotes ? ` · ${pkg.inHandDeliveryDetails.handDeliveryNotes}` : ''}`}
                </Typography>
              )}
              {pkg.inPersonPickup && (
                <Typography variant="body2" color="text.secondary">
                  {`Collected by ${pkg.inPersonPickup.recipientName} (${RECIPIENT_LABELS[pkg.inPersonPickup.recipientType]}, ${pkg.inPersonPickup.recipientPhoneNumber})${pkg.inPersonPickup.notes ? ` · ${pkg.inPersonPickup.notes}` : ''}`}
                </Typography>
              )}
            </li>
          )}
          {[...pkg.deliveryTrackerList].reverse().map((tracker) => (
            <li key={tracker.trackerId}>
              <Typography variant="body2">
                {`${tracker.serviceProvider} ${tracker.trackingId}: ${TRACKER_STATUS_LABELS[tracker.status]}${tracker.state === 'CLOSED' ? ' (earlier consignment)' : ''}`}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {`Booked ${formatDateLong(tracker.createdAt)}; last update ${formatDateLong(tracker.updatedAt)}${tracker.notes ? ` · ${tracker.notes}` : ''}`}
              </Typography>
              {tracker.trackerLink && (
                <Link href={tracker.trackerLink} target="_blank" rel="noopener noreferrer" variant="body2">
                  {`Track ${tracker.trackingId} on the courier's site`}
                  <OpenInNewIcon fontSize="inherit" sx={{ ml: 0.5, verticalAlign: 'middle' }} aria-hidden />
                  <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
                </Link>
              )}
            </li>
          ))}
          {pkg.deliveredAt && (
            <li>
              <Typography variant="body2">{`Delivered ${formatDateLong(pkg.deliveredAt)}`}</Typography>
            </li>
          )}
          {pkg.cancellation && (
            <li>
              <Typography variant="body2">
                {`Cancelled ${formatDateLong(pkg.cancellation.cancelledAt)} by ${pkg.cancellation.cancelledBy}: ${CANCELLATION_LABELS[pkg.cancellation.cancellationRequestType]}`}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {pkg.cancellation.description}
              </Typography>
            </li>
          )}
        </Box>
      </Section>
      {(actions.includes('deliver') || actions.includes('cancel')) && (
        <>
          <Divider />
          <Section title="Actions">
            <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
              {actions.includes('deliver') && (
                <Button variant="contained" onClick={() => onAction('delivered')}>
                  Mark delivered
                </Button>
              )}
              {actions.includes('cancel') && (
                <Button variant="outlined" color="error" onClick={() => onAction('cancel')}>
                  Cancel package
                </Button>
              )}
            </Box>
          </Section>
        </>
      )}
      {pkg.deliveryStatus === 'DELIVERED' && (
        <Alert severity="success" sx={{ mb: 2 }}>
          Delivered: nothing more can be changed.
        </Alert>
      )}
    </>
  );
}
