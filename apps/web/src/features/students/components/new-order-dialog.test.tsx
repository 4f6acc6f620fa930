import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { computeInvoice, formatMoney, indianDate, paise } from '@lectern/contract';
import type { MockHandlers } from '../../../test/mock-api';
import { ANANYA, OFFERS, amountsOf, coupon, openStudent, orderDetail, tested } from '../test/order-fixtures';

const CHOICES: MockHandlers<'GET /payments/order/offers'> = {
  'GET /payments/order/offers': { body: { data: OFFERS } },
};

/** Opens 'New order' and chooses the listing and its 12-month plan. */
async function startOrder(user: UserEvent): Promise<HTMLElement> {
  await user.click(await screen.findByRole('button', { name: 'New order' }));
  const dialog = await screen.findByRole('dialog', { name: 'New order for Ananya Sharma' });
  await user.click(within(dialog).getByRole('combobox', { name: /Store listing/ }));
  await user.click(await screen.findByRole('option', { name: 'JEE Physics 2027' }));
  await user.click(await within(dialog).findByRole('radio', { name: '12 months · Rs. 4,999' }));
  return dialog;
}

describe('New order', () => {
  it('shows every reason a coupon does not apply, and places no order with it', async () => {
    const { user, find } = await openStudent([], {
      ...CHOICES,
      'GET /publisher/coupon/user': (request) => ({
        body: { data: request.query.get('search') === 'SUMMER50' ? [coupon('cp-SUMMER50', 'SUMMER50')] : [] },
      }),
      'GET /publisher/coupon/test/cp-SUMMER50': {
        body: {
          data: tested('SUMMER50', [
            { reason: 'EXPIRED', message: 'SUMMER50 ended on 31-05-2026.' },
            { reason: 'ALREADY_USED', message: 'Ananya Sharma has used SUMMER50 already.' },
          ]),
        },
      },
    });
    const dialog = await startOrder(user);
    // the plan that ended is not offered

    const field = within(dialog).getByRole('textbox', { name: 'Coupon (optional)' });
    await user.type(field, 'NOSUCH{Enter}');
    expect(await within(dialog).findByText('No coupon is named NOSUCH.')).toBeTruthy();

    await user.clear(field);
    await user.type(field, 'SUMMER50');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    const reasons = await within(dialog).findByRole('list', { name: 'Why the coupon does not apply' });
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['SUMMER50 ended on 31-05-2026.', 'Ananya Sharma has used SUMMER50 already.']);
    expect(find('GET /publisher/coupon/test/cp-SUMMER50')[0]?.query.get('mobileNumber')).toBe('9876543210');
    expect(find('GET /publisher/coupon/test/cp-SUMMER50')[0]?.query.get('storeListingId')).toBe('sl-1');

    // no discount in the total, and the order is not placed while the coupon stays
    expect(within(dialog).getByRole('region', { name: 'Order total' }).textContent).toContain('Total to payRs. 4,999');
    await user.type(within(dialog).getByRole('textbox', { name: /Receipt number/ }), 'R-1');
    await user.click(within(dialog).getByRole('button', { name: 'Place order and record payment' }));
    expect(
      await within(dialog).findByText('This coupon cannot be used: clear it to place the order without it.'),
    ).toBeTruthy();
    expect(find('POST /payments/order/create')).toHaveLength(0);
  });

  it('places an offline order with its receipt: the order, then its payment, with the server’s messages and GST', async () => {
    const created = orderDetail('o-9', {
      couponCode: 'WELCOME10',
      amounts: amountsOf([499900, 120000], 50000),
    });
    const paid = orderDetail('o-9', {
      ...created,
      paymentStatus: 'PAID',
      refundable: created.amounts.total,
    });
    const { user, find } = await openStudent([], {
      ...CHOICES,
      'GET /publisher/coupon/user': { body: { data: [coupon('cp-WELCOME10', 'WELCOME10')] } },
      'GET /publisher/coupon/test/cp-WELCOME10': { body: { data: tested('WELCOME10', []) } },
      'POST /payments/order/create': {
        body: { data: created, message: 'Order o-9 was placed for Ananya Sharma: Rs. 5,699 to pay (offline).' },
      },
      'POST /payments/order/o-9/offline-payment': {
        body: {
          data: paid,
          message:
            'Payment of Rs. 5,699 by UPI (reference UTR123) was recorded: order o-9 is paid, invoice LEC/2627/000007 issued.',
        },
      },
    });
    const dialog = await startOrder(user);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Printed notes · Rs. 1,200' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Coupon (optional)' }), 'welcome10');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText('Rs. 500 off 12 months.')).toBeTruthy();
    const total = within(dialog).getByRole('region', { name: 'Order total' });
    expect(total.textContent).toContain('Price (GST included)Rs. 6,199');
    expect(total.textContent).toContain('Coupon WELCOME10− Rs. 500');
    expect(total.textContent).toContain('Total to payRs. 5,699');
    // the tax in it, split before the order is placed as the invoice will split it (Karnataka to Karnataka)
    const tax = computeInvoice({
      lines: [paise(499900), paise(120000)].map((unitPrice) => ({ description: '', quantity: 1, unitPrice })),
      discount: paise(50000),
      supplierStateCode: '29',
      placeOfSupplyStateCode: '29',
    }).totals;
    const gst = within(total).getByLabelText('GST in the total');
    expect(gst.textContent).toBe(
      `Taxable value${formatMoney(tax.taxableValue)}CGST${formatMoney(tax.cgst)}SGST${formatMoney(tax.sgst)}`,
    );

    // Offline is the default; the receipt is received today unless changed
    expect(within(dialog).getByRole('radio', { name: 'Offline (paid to staff)' })).toHaveProperty('checked', true);
    expect((within(dialog).getByLabelText(/Received on/) as HTMLInputElement).value).toBe(indianDate());
    await user.click(within(dialog).getByRole('button', { name: 'Place order and record payment' }));
    expect(await within(dialog).findByText('Enter the receipt number.')).toBeTruthy();
    expect(find('POST /payments/order/create')).toHaveLength(0);

    await user.click(within(dialog).getByRole('combobox', { name: /Paid by/ }));
    await user.click(await screen.findByRole('option', { name: 'UPI' }));
    await user.type(within(dialog).getByRole('textbox', { name: /UPI reference/ }), 'UTR123');
    await user.click(within(dialog).getByRole('button', { name: 'Place order and record payment' }));

    const done = await screen.findByRole('dialog', { name: 'Order o-9' });
    expect(within(done).getByText('Order o-9 was placed for Ananya Sharma: Rs. 5,699 to pay (offline).')).toBeTruthy();
    expect(within(done).getByText(/was recorded: order o-9 is paid/)).toBeTruthy();
    const amounts = within(done).getByLabelText('Amounts of order o-9');
    expect(amounts.textContent).toContain(`CGST`);
    expect(amounts.textContent).toContain('TotalRs. 5,699');

    expect(find('POST /payments/order/create')[0]?.body).toEqual({
      mobileNumber: ANANYA.mobileNumber,
      storeListingId: 'sl-1',
      subscriptionId: 'p-12',
      addOnIds: ['ao-1'],
      couponName: 'welcome10',
      paymentMode: 'OFFLINE',
    });
    expect(find('POST /payments/order/o-9/offline-payment')[0]?.body).toEqual({
      mode: 'UPI',
      reference: 'UTR123',
      receivedOn: indianDate(),
    });
  });

  it("sends a registered buyer's GSTIN and legal name, refusing a GSTIN that is not valid", async () => {
    const created = orderDetail('o-10', { amounts: amountsOf([499900], 0) });
    const { user, find } = await openStudent([], {
      ...CHOICES,
      'POST /payments/order/create': { body: { data: created } },
      'POST /payments/order/o-10/offline-payment': { body: { data: { ...created, paymentStatus: 'PAID' } } },
    });
    const dialog = await startOrder(user);
    const field = within(dialog).getByRole('textbox', { name: 'Buyer GSTIN (optional)' });
    // the legal name is asked for once a GSTIN is typed
    expect(within(dialog).queryByRole('textbox', { name: "Buyer's legal name (optional)" })).toBeNull();
    await user.type(field, '27aabcs9876k1z0');
    await user.type(within(dialog).getByRole('textbox', { name: /Receipt number/ }), 'R-2');
    await user.click(within(dialog).getByRole('button', { name: 'Place order and record payment' }));
    expect(await within(dialog).findByText(/^Not a valid GSTIN: 15 characters/)).toBeTruthy();
    expect(find('POST /payments/order/create')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '27aabcs9876k1zk');
    await user.type(
      within(dialog).getByRole('textbox', { name: "Buyer's legal name (optional)" }),
      'Sahyadri Skills LLP',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Place order and record payment' }));
    await screen.findByRole('dialog', { name: 'Order o-10' });
    expect(find('POST /payments/order/create')[0]?.body).toMatchObject({
      buyerGstin: '27AABCS9876K1ZK',
      buyerLegalName: 'Sahyadri Skills LLP',
    });
  });

  it('keeps a placed order PENDING when its payment is refused, and records the payment on another try', async () => {
    const created = orderDetail('o-9');
    let attempts = 0;
    const { user, find } = await openStudent([], {
      ...CHOICES,
      'POST /payments/order/create': { body: { data: created, message: 'Order o-9 was placed.' } },
      'POST /payments/order/o-9/offline-payment': () => {
        attempts += 1;
        return attempts === 1
          ? {
              status: 409,
              body: {
                error: true,
                message: 'A CASH payment with reference R-1 was recorded already for order o-3. Check the receipt.',
              },
            }
          : {
              body: {
                data: { ...created, paymentStatus: 'PAID', refundable: paise(499900) },
                message: 'Payment recorded.',
              },
            };
      },
    });
    const dialog = await startOrder(user);
    const reference = within(dialog).getByRole('textbox', { name: /Receipt number/ });
    await user.type(reference, 'R-1');
    await user.click(within(dialog).getByRole('button', { name: 'Place order and record payment' }));

    const warning = await within(dialog).findByText(/was placed, but its payment was not recorded/);
    expect(warning.closest('[role="alert"]')?.textContent).toContain(
      'A CASH payment with reference R-1 was recorded already for order o-3. Check the receipt.',
    );
    expect(warning.closest('[role="alert"]')?.textContent).toContain('The order stays PENDING');
    // the order's own choices are fixed now; the receipt is kept to be corrected
    expect(within(dialog).getByRole('radio', { name: '12 months · Rs. 4,999' })).toHaveProperty('disabled', true);
    expect((reference as HTMLInputElement).value).toBe('R-1');

    await user.clear(reference);
    await user.type(reference, 'R-2');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await screen.findByRole('dialog', { name: 'Order o-9' });
    expect(find('POST /payments/order/create')).toHaveLength(1);
    expect(find('POST /payments/order/o-9/offline-payment').map((request) => request.body.reference)).toEqual([
      'R-1',
      'R-2',
    ]);
  });
});
