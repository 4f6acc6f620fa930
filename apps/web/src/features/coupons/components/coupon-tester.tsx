import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  MOBILE_NUMBER_PATTERN,
  formatMoney,
  numberSearchInput,
  NUMBER_SEARCH_MAX,
  type Coupon,
} from '@lectern/contract';
import { Modal } from '../../../components/modal';
import { errorMessage } from '../../../lib/query-client';
import { useListingChoices, type ListingChoice } from '../api/get-coupon-choices';
import { useTestCoupon } from '../api/test-coupon';
import { discountText } from './coupon-display';

export interface CouponTesterProps {
  open: boolean;
  coupon: Coupon | null;
  onClose: () => void;
}

/**
 * The coupon tester: a store listing and a student's mobile number; 'Test' asks the server, which
 * answers with the rules redemption uses: whether it applies, the price before and after each plan,
 * and every reason it does not, in the server's words. Nothing is written.
 */
export function CouponTester({ open, coupon, onClose }: CouponTesterProps) {
  const listings = useListingChoices(open);
  const test = useTestCoupon();
  const first = coupon?.storeListingInfoList[0];
  const [listing, setListing] = useState<ListingChoice | null>(
    first
      ? { storeListingId: first.storeListingId, storeListingName: first.storeListingName, catalogueName: '' }
      : null,
  );
  const [mobile, setMobile] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!coupon) return;
    if (!listing) return setProblem('Choose a store listing.');
    if (!MOBILE_NUMBER_PATTERN.test(mobile)) return setProblem("Enter the student's 10-digit mobile number.");
    setProblem(null);
    test.mutate({ couponId: coupon.couponId, storeListingId: listing.storeListingId, mobileNumber: mobile });
  }

  const result = test.data;
  const name = coupon?.couponName ?? '';

  return (
    <Modal open={open} onClose={onClose} title={`Test ${name}`} maxWidth="md" fullScreenOnPhone>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {coupon ? `${discountText(coupon)} off. ` : ''}Would it apply to this student buying this listing? Nothing is
        saved or used.
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        aria-label={`Test ${name}`}
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 220px auto' }, alignItems: 'start' }}
      >
        <Autocomplete
          options={listings.data ?? []}
          loading={listings.isPending}
          value={listing}
          onChange={(_event, chosen) => setListing(chosen)}
          getOptionLabel={(option) => option.storeListingName}
          isOptionEqualToValue={(a, b) => a.storeListingId === b.storeListingId}
          noOptionsText={listings.isError ? 'Could not load the store listings.' : 'No store listings.'}
          renderInput={(params) => <TextField {...params} size="small" label="Store listing" required />}
        />
        <TextField
          size="small"
          label="Student mobile number"
          required
          autoComplete="off"
          value={mobile}
          onChange={(event) => setMobile(numberSearchInput(event.target.value))}
          slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: NUMBER_SEARCH_MAX } }}
        />
        <Button type="submit" variant="contained" loading={test.isPending}>
          Test
        </Button>
      </Box>
      <Box aria-live="polite" sx={{ mt: 2 }}>
        {problem && (
          <Typography role="alert" color="error" variant="body2">
            {problem}
          </Typography>
        )}
        {test.isError && (
          <Alert severity="error" role="alert">
            {errorMessage(test.error)}
          </Alert>
        )}
        {result && !test.isPending && !test.isError && (
          <Box data-testid="coupon-test-result">
            <Alert severity={result.applies ? 'success' : 'warning'} sx={{ mb: 2 }}>
              <AlertTitle>
                {result.applies ? `${result.couponName} applies` : `${result.couponName} does not apply`}
              </AlertTitle>
              For {result.student.name} ({result.student.mobileNumber}) buying {result.storeListingName}.
              {result.reasons.length > 0 && (
                <Box component="ul" aria-label="Why it does not apply" sx={{ m: 0, mt: 1, pl: 2.5 }}>
                  {result.reasons.map((reason) => (
                    <li key={reason.reason}>{reason.message}</li>
                  ))}
                </Box>
              )}
            </Alert>
            {result.prices.length === 0 ? (
              <Typography color="text.secondary">This listing sells no plans yet.</Typography>
            ) : (
              // a phone scrolls the prices sideways: the box takes the focus so the keyboard can too
              <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Prices">
                <Table
                  size="small"
                  aria-label={`Prices with ${result.couponName}`}
                  // a phone keeps the price before and after in sight: the discount is their difference
                  sx={{
                    minWidth: { sm: 480 },
                    '& td': { whiteSpace: 'nowrap' },
                    '& .discount': { display: { xs: 'none', sm: 'table-cell' } },
                  }}
                >
                  <TableHead>
                    <TableRow>
                      <TableCell>Plan</TableCell>
                      <TableCell align="right">Price before</TableCell>
                      <TableCell align="right" className="discount">
                        Discount
                      </TableCell>
                      <TableCell align="right">Price after</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {result.prices.map((price) => (
                      <TableRow key={price.subscriptionId}>
                        <TableCell component="th" scope="row">
                          {price.subscriptionLabel}
                        </TableCell>
                        <TableCell align="right">{formatMoney(price.priceBefore)}</TableCell>
                        <TableCell align="right" className="discount">
                          {formatMoney(price.discount)}
                        </TableCell>
                        <TableCell align="right" sx={{ fontWeight: 600 }}>
                          {formatMoney(price.priceAfter)}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
          </Box>
        )}
      </Box>
    </Modal>
  );
}
