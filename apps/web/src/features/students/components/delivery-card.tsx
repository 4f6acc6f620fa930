import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { deliveryAddressLine, formatDate, type DeliveryPackage, type DeliveryStatus } from '@lectern/contract';
import { Badge, SectionCard, type BadgeColor } from '../../../components';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { useStudentDeliveries } from '../api/get-student-deliveries';
import { FieldList } from './field-list';

const STATUS_COLOR: Record<DeliveryStatus, BadgeColor> = {
  PENDING: 'warning',
  PROCESSED: 'primary',
  DELIVERED: 'success',
  CANCELLED: 'grey',
};

const MODES: Record<DeliveryPackage['deliveryMode'], string> = {
  COURIER: 'Courier',
  IN_HAND: 'In hand',
  IN_PERSON: 'Pickup',
};

/** The package in Delivery Management (its address): its status tab, searched by its id. */
const packageLink = (pkg: DeliveryPackage) =>
  `/deliveryManagement?tab=${pkg.deliveryStatus.toLowerCase()}&delivery.search=${encodeURIComponent(pkg.deliveryPackageId)}`;

/**
 * The student's delivery packages (printed study material), every status: found by their mobile
 * number in the delivery list and kept to this student. A failed call empties this card only.
 */
export function DeliveryCard({ studentId, mobileNumber }: { studentId: string; mobileNumber: string }) {
  const query = useStudentDeliveries(studentId, mobileNumber);
  const packages = query.isError ? [] : (query.data ?? []);
  return (
    <SectionCard title="Delivery packages">
      {query.isError && <QueryErrorAlert query={query} sx={{ mb: 2 }} />}
      {query.isPending && <CircularProgress size={24} aria-label="Loading delivery packages" />}
      {!query.isPending && !query.isError && packages.length === 0 && (
        <Typography color="text.secondary">No study material to deliver.</Typography>
      )}
      {packages.length > 0 && (
        <Box
          component="ul"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}
          aria-label="Delivery packages"
        >
          {packages.map((pkg) => {
            const tracker = pkg.deliveryTrackerList.find((t) => t.state === 'ACTIVE');
            return (
              <Box
                component="li"
                key={pkg.deliveryPackageId}
                sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}
              >
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
                  <Typography component="h3" sx={{ fontWeight: 600 }}>
                    <Link component={RouterLink} to={packageLink(pkg)}>
                      {pkg.deliveryPackageId}
                    </Link>{' '}
                    · {pkg.catalogueName}
                  </Typography>
                  <Badge color={STATUS_COLOR[pkg.deliveryStatus]}>{pkg.deliveryStatus}</Badge>
                </Box>
                <FieldList
                  items={[
                    { label: 'Items', value: pkg.items.map((item) => item.description).join(', ') },
                    { label: 'Ordered', value: formatDate(pkg.orderedAt) },
                    { label: 'Mode', value: MODES[pkg.deliveryMode] },
                    { label: 'Address', value: pkg.address ? deliveryAddressLine(pkg.address) : 'NA' },
                    {
                      label: 'Consignment',
                      value: tracker ? (
                        <Link href={tracker.trackerLink} target="_blank" rel="noopener noreferrer">
                          {tracker.serviceProvider} {tracker.trackingId}
                        </Link>
                      ) : (
                        'NA'
                      ),
                    },
                  ]}
                />
              </Box>
            );
          })}
        </Box>
      )}
    </SectionCard>
  );
}
