import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  plural,
  formatDate,
  formatDateLong,
  formatMoney,
  paise,
  type Coupon,
  type CouponHistoryEntry,
} from '@lectern/contract';
import { Modal } from '../../../components/modal';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { useCouponHistory } from '../api/get-coupon-history';

/** The form's words for the fields the history names. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  couponName: 'Name',
  description: 'Description',
  percentage: 'Percentage',
  amount: 'Discount',
  featured: 'Featured',
  applicableForEntireCourse: 'Entire course',
  unlimited: 'Unlimited (no end date)',
  applicableFrom: 'From',
  applicableUpto: 'Upto',
  applicableForAnyStudent: 'Any student',
  usageLimit: 'Usage limit',
  limit: 'Limit',
  storeListingInfoList: 'Store listings',
  subjectInfoList: 'Subjects',
  studentCouponMobileList: 'Students',
  expired: 'Expired',
};

const ACTIONS: Readonly<Record<CouponHistoryEntry['action'], string>> = {
  CREATED: 'Created',
  UPDATED: 'Changed',
  EXPIRED: 'Expired',
};

/** A value of the history as a person reads it: names for ids, dates as DD-MM-YYYY, Rs. for a flat amount. */
export function historyValue(
  field: string,
  value: unknown,
  context: { percentage: boolean; names: ReadonlyMap<string, string> },
): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) {
    return value.length === 0
      ? 'None'
      : value.map((item) => context.names.get(String(item)) ?? String(item)).join(', ');
  }
  if (field === 'amount' && typeof value === 'number') {
    return context.percentage ? `${value}%` : formatMoney(paise(value));
  }
  if (field === 'applicableFrom' || field === 'applicableUpto') return formatDate(String(value));
  return typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
}

export interface CouponHistoryProps {
  open: boolean;
  coupon: Coupon | null;
  onClose: () => void;
}

/** Who changed what and when (each field before and after), with the coupon's uses at the time; newest first. */
export function CouponHistory({ open, coupon, onClose }: CouponHistoryProps) {
  const history = useCouponHistory(open && coupon ? coupon.couponId : null);
  const name = coupon?.couponName ?? '';
  // the history keeps listings and subjects by id: named here from the coupon as it is now
  const names = new Map<string, string>([
    ...(coupon?.storeListingInfoList.map((l) => [l.storeListingId, l.storeListingName] as const) ?? []),
    ...(coupon?.subjectInfoList.map((s) => [s.subjectId, s.subjectName] as const) ?? []),
    ...(coupon?.students.map((s) => [s.mobileNumber, `${s.name} (${s.mobileNumber})`] as const) ?? []),
  ]);

  return (
    <Modal open={open} onClose={onClose} title={`History of ${name}`} maxWidth="md" fullScreenOnPhone>
      {history.isPending && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <CircularProgress size={24} aria-label="Loading the history" />
          <Typography color="text.secondary">Loading the history…</Typography>
        </Box>
      )}
      {history.isError && <QueryErrorAlert query={history} />}
      {history.data?.length === 0 && <Alert severity="info">No changes recorded.</Alert>}
      {history.data && history.data.length > 0 && (
        <Box component="ol" aria-label={`Changes of ${name}`} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {history.data.map((entry) => {
            const percentageChange = entry.changes.find((change) => change.field === 'percentage');
            const percentageAt = (when: 'before' | 'after') =>
              percentageChange ? percentageChange[when] === true : (coupon?.percentage ?? true);
            const heading = `${ACTIONS[entry.action]} by ${entry.changedBy}, ${formatDateLong(entry.changedAt)}`;
            return (
              <Box component="li" key={entry.historyId} sx={{ mb: 3 }}>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                  {heading}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  Version {entry.version}; used {plural(entry.usedAtChange, 'time')} at the time.
                </Typography>
                {entry.changes.length === 0 ? (
                  <Typography variant="body2">Saved without changes.</Typography>
                ) : (
                  // a phone scrolls the changes sideways: the box takes the focus so the keyboard can too
                  <Box
                    sx={{ overflowX: 'auto' }}
                    tabIndex={0}
                    role="region"
                    aria-label={`Fields changed, version ${entry.version}`}
                  >
                    <Table
                      size="small"
                      aria-label={heading}
                      sx={{ minWidth: { sm: 480 }, '& th, & td': { overflowWrap: 'anywhere' } }}
                    >
                      <TableHead>
                        <TableRow>
                          <TableCell>Field</TableCell>
                          {entry.action !== 'CREATED' && <TableCell>Before</TableCell>}
                          <TableCell>{entry.action === 'CREATED' ? 'Value' : 'After'}</TableCell>
                        </TableRow>
                      </TableHead>
                      <TableBody>
                        {entry.changes.map((change) => (
                          <TableRow key={change.field}>
                            <TableCell component="th" scope="row">
                              {FIELD_LABELS[change.field] ?? change.field}
                            </TableCell>
                            {entry.action !== 'CREATED' && (
                              <TableCell>
                                {historyValue(change.field, change.before, {
                                  percentage: percentageAt('before'),
                                  names,
                                })}
                              </TableCell>
                            )}
                            <TableCell>
                              {historyValue(change.field, change.after, { percentage: percentageAt('after'), names })}
                            </TableCell>
                          </TableRow>
                        ))}
                      </TableBody>
                    </Table>
                  </Box>
                )}
              </Box>
            );
          })}
        </Box>
      )}
    </Modal>
  );
}
