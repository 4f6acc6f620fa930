import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  computeInvoice,
  formatIndiaDateWithTime,
  formatMoney,
  isValidGstin,
  paise,
  type CreateOrderBody,
  type OrderDetail,
  type Student,
} from '@lectern/contract';
import { Badge, Modal } from '../../../components';
import { errorMessage } from '../../../lib/query-client';
import { useCheckCoupon, type CouponCheck } from '../api/check-coupon';
import { useListingChoices, useListingOffer, type ListingChoice } from '../api/get-order-choices';
import { useCreateOrder, useRecordPayment } from '../api/order-mutations';
import { OrderAmounts } from './order-amounts';
import { ReceiptFields, newReceipt, receiptErrors, type Receipt } from './receipt-fields';

type PaymentMode = CreateOrderBody['paymentMode'];

/** The coupon as 'Apply' found it, for the listing it was asked about. */
interface CheckedCoupon {
  name: string;
  storeListingId: string;
  result: CouponCheck;
}

/** What placing the order came to: the order as the server answered last, and its messages. */
interface Placed {
  order: OrderDetail;
  messages: string[];
  /** the payment could not be recorded: the order stays PENDING */
  paymentFailure: string | null;
}

export interface NewOrderDialogProps {
  student: Student;
  onClose: () => void;
}

/**
 * 'New order' for a student: a store listing, one of its plans, add-ons, a coupon checked with the
 * coupon tester's rules, and how it is paid. An offline order carries its receipt: placing it is two
 * calls (the order, then its payment), and when the second fails the order stays PENDING, the dialog
 * says so and keeps the receipt for another try. Mounted per opening, so each opening starts afresh.
 */
export function NewOrderDialog({ student, onClose }: NewOrderDialogProps) {
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [listing, setListing] = useState<ListingChoice | null>(null);
  const [planId, setPlanId] = useState('');
  const [addOnIds, setAddOnIds] = useState<string[]>([]);
  const [couponText, setCouponText] = useState('');
  const [coupon, setCoupon] = useState<CheckedCoupon | null>(null);
  const [mode, setMode] = useState<PaymentMode>('OFFLINE');
  const [buyerGstin, setBuyerGstin] = useState('');
  const [buyerLegalName, setBuyerLegalName] = useState('');
  const [receipt, setReceipt] = useState<Receipt>(newReceipt);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [placed, setPlaced] = useState<Placed | null>(null);
  const [done, setDone] = useState(false);

  const listings = useListingChoices(true);
  const offer = useListingOffer(listing?.storeListingId ?? null);
  const check = useCheckCoupon();
  const createOrder = useCreateOrder();
  const recordPayment = useRecordPayment();

  const plans = offer.data?.plans ?? [];
  const addOns = offer.data?.addOns ?? [];
  const plan = plans.find((candidate) => candidate.subscriptionId === planId);
  const chosenAddOns = addOns.filter((addOn) => addOnIds.includes(addOn.addOnId));
  const price = paise((plan?.price ?? 0) + chosenAddOns.reduce((sum, addOn) => sum + addOn.price, 0));
  const couponName = couponText.trim();
  const couponResult = coupon?.result;
  const couponPrice = couponResult?.applies
    ? couponResult.prices.find((candidate) => candidate.subscriptionId === planId)
    : undefined;
  const discount = paise(couponPrice?.discount ?? 0);
  // the tax in the total, split as the invoice will split it (the student's state against the supplier's)
  const split =
    plan && offer.data && price - discount > 0
      ? computeInvoice({
          lines: [plan, ...chosenAddOns].map((line) => ({ description: '', quantity: 1, unitPrice: line.price })),
          discount,
          gstPercent: offer.data.gstPercent,
          supplierStateCode: offer.data.supplierStateCode,
          placeOfSupplyStateCode: student.stateCode,
        }).totals
      : null;
  const locked = placed !== null;

  const errors = {
    listing: listing ? undefined : 'Choose a store listing.',
    plan: plan ? undefined : 'Choose a plan.',
    coupon:
      couponName === ''
        ? undefined
        : !coupon
          ? 'Press Apply to check the coupon, or clear it.'
          : !coupon.result?.applies
            ? 'This coupon cannot be used: clear it to place the order without it.'
            : undefined,
    buyerGstin:
      buyerGstin.trim() === '' || isValidGstin(buyerGstin.trim().toUpperCase())
        ? undefined
        : 'Not a valid GSTIN: 15 characters, such as 27AABCS9876K1ZK. Clear it for an invoice to the student.',
  };
  const gstin = buyerGstin.trim().toUpperCase();
  const legalName = buyerLegalName.trim();
  const receiptProblems = mode === 'OFFLINE' ? receiptErrors(receipt) : {};
  const invalid = [...Object.values(errors), ...Object.values(receiptProblems)].some(Boolean);
  const show = (message: string | undefined) => (touched ? message : undefined);

  function chooseListing(chosen: ListingChoice | null) {
    setListing(chosen);
    setPlanId('');
    setAddOnIds([]);
    // the coupon was checked against the listing: ask again
    setCoupon(null);
    check.reset();
  }

  function applyCoupon() {
    if (!couponName) return;
    if (!listing) {
      setTouched(true);
      return;
    }
    check.mutate(
      { couponName, storeListingId: listing.storeListingId, mobileNumber: student.mobileNumber },
      {
        onSuccess: (result) =>
          setCoupon({ name: couponName.toUpperCase(), storeListingId: listing.storeListingId, result }),
      },
    );
  }

  function couponKey(event: KeyboardEvent) {
    // Enter in the coupon field applies it, rather than placing the order
    if (event.key === 'Enter') {
      event.preventDefault();
      applyCoupon();
    }
  }

  async function pay(order: OrderDetail, messages: string[]) {
    try {
      const paid = await recordPayment.mutateAsync({
        orderId: order.orderId,
        body: { mode: receipt.mode, reference: receipt.reference.trim(), receivedOn: receipt.receivedOn },
      });
      setPlaced({
        order: paid.data,
        messages: [...messages, ...(paid.message ? [paid.message] : [])],
        paymentFailure: null,
      });
      setDone(true);
    } catch (error) {
      setPlaced({ order, messages, paymentFailure: errorMessage(error) });
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (invalid || !listing || !plan) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      if (placed) {
        // the order is there, unpaid: only its payment is asked for again
        await pay(placed.order, placed.messages);
        return;
      }
      let created;
      try {
        created = await createOrder.mutateAsync({
          mobileNumber: student.mobileNumber,
          storeListingId: listing.storeListingId,
          subscriptionId: plan.subscriptionId,
          ...(chosenAddOns.length > 0 ? { addOnIds: chosenAddOns.map((addOn) => addOn.addOnId) } : {}),
          ...(couponName ? { couponName } : {}),
          ...(gstin ? { buyerGstin: gstin, ...(legalName ? { buyerLegalName: legalName } : {}) } : {}),
          paymentMode: mode,
        });
      } catch (error) {
        setFailure(errorMessage(error));
        return;
      }
      const messages = created.message ? [created.message] : [];
      if (mode === 'ONLINE') {
        setPlaced({ order: created.data, messages, paymentFailure: null });
        setDone(true);
        return;
      }
      await pay(created.data, messages);
    } finally {
      setBusy(false);
    }
  }

  if (done && placed) {
    return (
      <Modal
        open
        title={`Order ${placed.order.orderId}`}
        onClose={onClose}
        maxWidth="sm"
        fullScreenOnPhone
        actions={
          <Button variant="contained" onClick={onClose}>
            Done
          </Button>
        }
      >
        <PlacedOrder placed={placed} />
      </Modal>
    );
  }

  return (
    <Modal
      open
      title={`New order for ${student.name}`}
      onClose={busy ? () => undefined : onClose}
      maxWidth="md"
      fullScreenOnPhone
      actions={
        <>
          <Button onClick={onClose} disabled={busy}>
            {placed ? 'Close' : 'Cancel'}
          </Button>
          <Button type="submit" form={formId} variant="contained" loading={busy}>
            {placed ? 'Record payment' : mode === 'OFFLINE' ? 'Place order and record payment' : 'Place order'}
          </Button>
        </>
      }
    >
      <Box
        component="form"
        ref={formRef}
        id={formId}
        noValidate
        aria-label={`New order for ${student.name}`}
        onSubmit={(event) => void submit(event)}
        sx={{
          display: 'grid',
          gap: 3,
          pt: 1,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 300px' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: 2.5, minWidth: 0 }}>
          {failure && (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          )}
          {placed?.paymentFailure && (
            <Alert severity="warning" role="alert">
              <AlertTitle>Order {placed.order.orderId} was placed, but its payment was not recorded</AlertTitle>
              {placed.paymentFailure} The order stays PENDING: correct the receipt and press Record payment, or record
              it later from the order.
            </Alert>
          )}
          {listings.isError && (
            <Alert
              severity="error"
              role="alert"
              action={<Button onClick={() => void listings.refetch()}>Retry</Button>}
            >
              {errorMessage(listings.error)}
            </Alert>
          )}
          <Autocomplete
            options={listings.data ?? []}
            loading={listings.isPending}
            disabled={locked}
            value={listing}
            onChange={(_event, chosen) => chooseListing(chosen)}
            getOptionLabel={(option) => option.storeListingName}
            isOptionEqualToValue={(a, b) => a.storeListingId === b.storeListingId}
            loadingText="Loading store listings…"
            noOptionsText="No store listings."
            renderInput={(params) => (
              <TextField
                {...params}
                label="Store listing"
                required
                error={Boolean(show(errors.listing))}
                helperText={show(errors.listing) ?? ' '}
              />
            )}
          />

          {listing && (
            <FormControl error={Boolean(show(errors.plan))} disabled={locked} required>
              <FormLabel id={`${formId}-plan`}>Plan (price GST included)</FormLabel>
              {offer.isPending && <Typography color="text.secondary">Loading plans…</Typography>}
              {offer.isError && (
                <Alert
                  severity="error"
                  role="alert"
                  action={<Button onClick={() => void offer.refetch()}>Retry</Button>}
                >
                  {errorMessage(offer.error)}
                </Alert>
              )}
              {offer.isSuccess && plans.length === 0 && (
                <Typography color="text.secondary">This listing sells no plans that can still be bought.</Typography>
              )}
              <RadioGroup
                aria-labelledby={`${formId}-plan`}
                value={planId}
                onChange={(event) => setPlanId(event.target.value)}
              >
                {plans.map((candidate) => (
                  <FormControlLabel
                    key={candidate.subscriptionId}
                    value={candidate.subscriptionId}
                    control={<Radio />}
                    label={`${candidate.subscriptionLabel} · ${formatMoney(candidate.price)}`}
                  />
                ))}
              </RadioGroup>
              {show(errors.plan) && <FormHelperText>{show(errors.plan)}</FormHelperText>}
            </FormControl>
          )}

          {listing && addOns.length > 0 && (
            <FormControl component="fieldset" disabled={locked}>
              <FormLabel component="legend">Add-ons</FormLabel>
              <FormGroup>
                {addOns.map((addOn) => (
                  <FormControlLabel
                    key={addOn.addOnId}
                    control={
                      <Checkbox
                        checked={addOnIds.includes(addOn.addOnId)}
                        onChange={(event) =>
                          setAddOnIds((ids) =>
                            event.target.checked ? [...ids, addOn.addOnId] : ids.filter((id) => id !== addOn.addOnId),
                          )
                        }
                      />
                    }
                    label={`${addOn.addOnName} · ${formatMoney(addOn.price)}`}
                  />
                ))}
              </FormGroup>
            </FormControl>
          )}

          <Box>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <TextField
                label="Coupon (optional)"
                value={couponText}
                disabled={locked}
                autoComplete="off"
                onChange={(event) => {
                  setCouponText(event.target.value);
                  setCoupon(null);
                  check.reset();
                }}
                onKeyDown={couponKey}
                error={Boolean(show(errors.coupon))}
                helperText={show(errors.coupon) ?? ' '}
                slotProps={{ htmlInput: { maxLength: 30 } }}
                sx={{ flex: 1, minWidth: 0 }}
              />
              <Button
                variant="outlined"
                onClick={applyCoupon}
                disabled={locked || couponName === ''}
                loading={check.isPending}
                sx={{ mt: 1, flexShrink: 0 }}
              >
                Apply
              </Button>
            </Box>
            <Box aria-live="polite">
              {check.isError && (
                <Alert severity="error" role="alert">
                  {errorMessage(check.error)}
                </Alert>
              )}
              {coupon && (
                <CouponAnswer coupon={coupon} planLabel={plan?.subscriptionLabel} discount={couponPrice?.discount} />
              )}
            </Box>
          </Box>

          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '1fr 1fr' } }}>
            <TextField
              label="Buyer GSTIN (optional)"
              value={buyerGstin}
              disabled={locked}
              autoComplete="off"
              onChange={(event) => setBuyerGstin(event.target.value)}
              error={Boolean(show(errors.buyerGstin))}
              helperText={show(errors.buyerGstin) ?? 'For a business paying: a B2B tax invoice.'}
              slotProps={{ htmlInput: { maxLength: 15, style: { textTransform: 'uppercase' } } }}
            />
            {gstin !== '' && (
              <TextField
                label="Buyer's legal name (optional)"
                value={buyerLegalName}
                disabled={locked}
                onChange={(event) => setBuyerLegalName(event.target.value)}
                helperText="Billed to on the invoice, the student named under it."
                slotProps={{ htmlInput: { maxLength: 100 } }}
              />
            )}
          </Box>

          <FormControl disabled={locked}>
            <FormLabel id={`${formId}-mode`}>Payment</FormLabel>
            <RadioGroup
              aria-labelledby={`${formId}-mode`}
              row
              value={mode}
              onChange={(event) => setMode(event.target.value as PaymentMode)}
            >
              <FormControlLabel value="OFFLINE" control={<Radio />} label="Offline (paid to staff)" />
              <FormControlLabel value="ONLINE" control={<Radio />} label="Online" />
            </RadioGroup>
            <FormHelperText>
              {mode === 'OFFLINE'
                ? 'Record the money received: the order is paid at once, its invoice issued and the plan granted.'
                : "The order waits for the student's payment: a payment gateway order (checkout link) is made for it. Nothing is paid here."}
            </FormHelperText>
          </FormControl>

          {mode === 'OFFLINE' && (
            <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
              <Typography component="legend" variant="subtitle2" sx={{ mb: 1.5 }}>
                Receipt
              </Typography>
              <ReceiptFields value={receipt} onChange={setReceipt} showErrors={touched} disabled={busy} />
            </Box>
          )}
        </Box>

        <Box
          component="section"
          aria-label="Order total"
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, display: 'grid', gap: 1 }}
        >
          <Typography component="h3" variant="subtitle2">
            Order total
          </Typography>
          {plan ? (
            <>
              <Box
                component="dl"
                sx={{
                  m: 0,
                  display: 'grid',
                  gridTemplateColumns: 'minmax(0, 1fr) max-content',
                  columnGap: 2,
                  rowGap: 0.5,
                }}
              >
                <SummaryRow label={plan.subscriptionLabel} value={formatMoney(plan.price)} />
                {chosenAddOns.map((addOn) => (
                  <SummaryRow key={addOn.addOnId} label={addOn.addOnName} value={formatMoney(addOn.price)} />
                ))}
                <SummaryRow label="Price (GST included)" value={formatMoney(price)} />
                {discount > 0 && (
                  <SummaryRow label={`Coupon ${coupon?.name ?? ''}`} value={`− ${formatMoney(discount)}`} />
                )}
                <SummaryRow label="Total to pay" value={formatMoney(paise(price - discount))} strong />
              </Box>
              {split && (
                <Box
                  component="dl"
                  aria-label="GST in the total"
                  sx={{
                    m: 0,
                    display: 'grid',
                    gridTemplateColumns: 'minmax(0, 1fr) max-content',
                    columnGap: 2,
                    rowGap: 0.5,
                    color: 'text.secondary',
                  }}
                >
                  <SummaryRow label="Taxable value" value={formatMoney(split.taxableValue)} />
                  {split.igst > 0 ? (
                    <SummaryRow label="IGST" value={formatMoney(split.igst)} />
                  ) : (
                    <>
                      <SummaryRow label="CGST" value={formatMoney(split.cgst)} />
                      <SummaryRow label="SGST" value={formatMoney(split.sgst)} />
                    </>
                  )}
                </Box>
              )}
            </>
          ) : (
            <Typography variant="body2" color="text.secondary">
              Choose a listing and a plan to see the price.
            </Typography>
          )}
          {placed && (
            <>
              <Typography component="h3" variant="subtitle2" sx={{ mt: 1 }}>
                Order {placed.order.orderId} <Badge color="warning">{placed.order.paymentStatus}</Badge>
              </Typography>
              <OrderAmounts amounts={placed.order.amounts} label={`Amounts of order ${placed.order.orderId}`} />
            </>
          )}
        </Box>
      </Box>
    </Modal>
  );
}

/** On a phone the refused field may be out of sight: the first one takes the focus once its error shows. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

function SummaryRow({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Box sx={{ display: 'contents', fontWeight: strong ? 700 : undefined }}>
      <Box component="dt" sx={{ color: strong ? 'text.primary' : 'text.secondary', overflowWrap: 'anywhere' }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Box>
    </Box>
  );
}

/** What 'Apply' found: no such coupon, the discount on the chosen plan, or every reason it does not apply. */
function CouponAnswer({
  coupon,
  planLabel,
  discount,
}: {
  coupon: CheckedCoupon;
  planLabel: string | undefined;
  discount: number | undefined;
}) {
  const result = coupon.result;
  if (!result) {
    return (
      <Alert severity="warning" role="status">
        No coupon is named {coupon.name}.
      </Alert>
    );
  }
  if (!result.applies) {
    return (
      <Alert severity="warning" role="status">
        <AlertTitle>{result.couponName} does not apply</AlertTitle>
        <Box component="ul" aria-label="Why the coupon does not apply" sx={{ m: 0, pl: 2.5 }}>
          {result.reasons.map((reason) => (
            <li key={reason.reason}>{reason.message}</li>
          ))}
        </Box>
      </Alert>
    );
  }
  return (
    <Alert severity="success" role="status">
      <AlertTitle>{result.couponName} applies</AlertTitle>
      {planLabel === undefined
        ? 'Choose a plan to see its price after the coupon.'
        : discount === undefined
          ? `It takes nothing off ${planLabel} on this listing.`
          : `${formatMoney(paise(discount))} off ${planLabel}.`}
    </Alert>
  );
}

/** The order as placed: the server's messages, its status and amounts, and what happens next. */
function PlacedOrder({ placed }: { placed: Placed }) {
  const { order } = placed;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity="success" role="status">
        {placed.messages.map((message) => (
          <Box key={message}>{message}</Box>
        ))}
        {placed.messages.length === 0 && `Order ${order.orderId} was placed.`}
      </Alert>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600 }}>Status</Typography>
        <Badge color={order.paymentStatus === 'PAID' ? 'success' : 'warning'}>{order.paymentStatus}</Badge>
        {order.invoice && <Typography>Invoice {order.invoice.invoiceNumber}</Typography>}
      </Box>
      <OrderAmounts amounts={order.amounts} label={`Amounts of order ${order.orderId}`} />
      {order.paymentMode === 'ONLINE' && order.paymentStatus === 'PENDING' && (
        <Typography variant="body2" color="text.secondary">
          {order.gateway
            ? `Payment gateway order ${order.gateway.gatewayOrderId} (${order.gateway.name}) is open for the student's checkout.`
            : 'No payment gateway answered for this order: the student pays through the storefront, or staff record the payment.'}
          {order.expiresAt ? ` Unpaid, it expires at ${formatIndiaDateWithTime(order.expiresAt)}.` : ''}
        </Typography>
      )}
    </Box>
  );
}
