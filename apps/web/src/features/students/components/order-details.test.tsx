import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paise, type OrderDetail } from '@lectern/contract';
import { amountsOf, openStudent, orderDetail } from '../test/order-fixtures';

const AMOUNTS = amountsOf([499900]);

/** A paid order of Rs. 4,999 (taxable 4,236.44, CGST and SGST 381.28 each), paid by UPI to staff. */
const PAID: OrderDetail = orderDetail('o-1', {
  paymentStatus: 'PAID',
  paymentMethod: 'UPI',
  paidAt: '2026-11-20T04:35:00.000Z',
  invoice: {
    invoiceId: 'i-1',
    invoiceNumber: 'LEC/2627/000001',
    invoiceDate: '2026-11-20',
    total: AMOUNTS.total,
    credited: paise(0),
  },
  payments: [
    {
      paymentId: 'pay-1',
      mode: 'UPI',
      reference: 'UTR123',
      amount: AMOUNTS.total,
      receivedOn: '2026-11-20',
      recordedBy: 'Vikram Sethi',
      createdAt: '2026-11-20T04:35:00.000Z',
    },
  ],
  refundable: AMOUNTS.total,
  timeline: [
    { at: '2026-11-20T04:30:00.000Z', kind: 'CREATED', text: 'Order placed by Vikram Sethi: Rs. 4,999 to pay.' },
    { at: '2026-11-20T04:35:00.000Z', kind: 'PAID', text: 'Rs. 4,999 received by UPI (UTR123).' },
    { at: '2026-11-20T04:35:00.000Z', kind: 'INVOICED', text: 'Invoice LEC/2627/000001 issued.' },
    { at: '2026-11-20T04:35:00.000Z', kind: 'SUBSCRIPTION', text: 'JEE Physics, 12 months, until 19-11-2027.' },
  ],
});

const PENDING = orderDetail('o-2');

async function openDetails(orders: OrderDetail[], handlers: Parameters<typeof openStudent>[1] = {}) {
  const view = await openStudent(orders, {
    'GET /payments/order/o-1': { body: { data: PAID } },
    'GET /payments/order/o-2': { body: { data: PENDING } },
    ...handlers,
  });
  return view;
}

describe("An order's details", () => {
  it('shows the timeline, payments and amounts, with Refund for a paid order and Record payment for a pending one', async () => {
    const { user } = await openDetails([PAID, PENDING]);
    await user.click(await screen.findByRole('button', { name: 'Show details of order o-1' }));
    const timeline = await screen.findByRole('list', { name: 'Timeline of order o-1' });
    const steps = within(timeline).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      expect.stringContaining('Order placed by Vikram Sethi: Rs. 4,999 to pay.'),
      expect.stringContaining('Rs. 4,999 received by UPI (UTR123).'),
      expect.stringContaining('Invoice LEC/2627/000001 issued.'),
      expect.stringContaining('JEE Physics, 12 months, until 19-11-2027.'),
    ]);
    expect(steps[0]!.textContent).toContain('Created');
    expect(steps[2]!.textContent).toContain('Invoice');
    expect(screen.getByText(/Rs. 4,999 by UPI, reference UTR123, received 20-11-2026/)).toBeTruthy();
    expect(screen.getByLabelText('Amounts of order o-1').textContent).toContain('CGSTRs. 381.28');
    expect(screen.getByRole('button', { name: 'Refund' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Record payment' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Show details of order o-2' }));
    expect(await screen.findByRole('button', { name: 'Record payment' })).toBeTruthy();
    expect(screen.getByText('No payment yet.')).toBeTruthy();
  });

  it('lists credit notes with their refund status and PDF', async () => {
    const refunded: OrderDetail = {
      ...PAID,
      paymentStatus: 'PARTIALLY_REFUNDED',
      refundable: paise(399900),
      creditNotes: [
        {
          creditNoteId: 'cn-1',
          creditNoteNumber: 'LEC-CN/2627/000003',
          creditNoteDate: '2026-11-21',
          invoiceNumber: 'LEC/2627/000001',
          taxableValue: paise(84746),
          cgst: paise(7627),
          sgst: paise(7627),
          igst: paise(0),
          total: paise(100000),
          reason: 'Printed notes not wanted',
          refundMode: 'UPI',
          reference: 'UTR999',
          refundStatus: 'PROCESSED',
          failureReason: null,
          createdBy: 'Vikram Sethi',
          createdAt: '2026-11-21T06:00:00.000Z',
        },
      ],
    };
    const { user } = await openDetails([refunded], { 'GET /payments/order/o-1': { body: { data: refunded } } });
    await user.click(await screen.findByRole('button', { name: 'Show details of order o-1' }));
    const notes = await screen.findByRole('region', { name: 'Credit notes' });
    expect(within(notes).getByText('LEC-CN/2627/000003')).toBeTruthy();
    expect(within(notes).getByText('refunded')).toBeTruthy();
    expect(within(notes).getByText(/Printed notes not wanted · UPI, reference UTR999/)).toBeTruthy();
    expect(within(notes).getByRole('button', { name: 'Download PDF of credit note LEC-CN/2627/000003' })).toBeTruthy();
    expect(screen.getByText('Still refundable: Rs. 3,999')).toBeTruthy();
  });
});

describe('Refund', () => {
  async function openRefund(order: OrderDetail = PAID, handlers: Parameters<typeof openStudent>[1] = {}) {
    const view = await openDetails([order], { 'GET /payments/order/o-1': { body: { data: order } }, ...handlers });
    await view.user.click(await screen.findByRole('button', { name: 'Show details of order o-1' }));
    await view.user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund order o-1' });
    return { ...view, dialog };
  }

  it('previews the credit note as the amount is typed, and warns what a full refund cancels', async () => {
    const { user, dialog } = await openRefund();
    const amount = within(dialog).getByRole('textbox', { name: /Amount to refund/ }) as HTMLInputElement;
    // all that remains by default: the whole invoice comes back
    expect(amount.value).toBe('4,999');
    const figures = () => within(dialog).getByLabelText('Credit note figures').textContent;
    expect(figures()).toBe('Taxable valueRs. 4,236.44CGSTRs. 381.28SGSTRs. 381.28Refund totalRs. 4,999');
    expect(within(dialog).getByText('A full refund')).toBeTruthy();
    expect(
      within(dialog).getByText(/its subscription is cancelled, any package not yet dispatched is cancelled/),
    ).toBeTruthy();

    await user.clear(amount);
    await user.type(amount, '1,000');
    expect(figures()).toBe('Taxable valueRs. 847.46CGSTRs. 76.27SGSTRs. 76.27Refund totalRs. 1,000');
    expect(within(dialog).queryByText('A full refund')).toBeNull();
  });

  it('asks for a reason, an amount within what remains, and how offline money went back', async () => {
    const { user, dialog, find } = await openRefund();
    const amount = within(dialog).getByRole('textbox', { name: /Amount to refund/ });
    await user.clear(amount);
    await user.type(amount, '6,000');
    await user.click(within(dialog).getByRole('button', { name: 'Review refund' }));
    expect(
      within(dialog).getAllByText(
        'A refund of Rs. 6,000 is more than the Rs. 4,999 that remain refundable on order o-1.',
      ).length,
    ).toBeGreaterThan(0);
    expect(within(dialog).getByText('Say why the money goes back (at least 3 characters).')).toBeTruthy();
    // paid offline: how the money went back
    expect(within(dialog).getByText('Enter the receipt number.')).toBeTruthy();

    await user.clear(amount);
    await user.type(amount, 'ten');
    expect(within(dialog).getAllByText('Enter the amount to refund in rupees, e.g. 1,499 or 1,499.50.').length).toBe(2);
    expect(find('POST /payments/order/o-1/refund')).toHaveLength(0);
  });

  it('says when an amount cannot be split into equal CGST and SGST halves', async () => {
    // an earlier credit note took all the taxable value: only tax remains, so an odd paisa cannot be halved
    const order: OrderDetail = {
      ...PAID,
      paymentStatus: 'PARTIALLY_REFUNDED',
      refundable: paise(AMOUNTS.cgst + AMOUNTS.sgst),
      creditNotes: [
        {
          creditNoteId: 'cn-1',
          creditNoteNumber: 'LEC-CN/2627/000001',
          creditNoteDate: '2026-11-21',
          invoiceNumber: 'LEC/2627/000001',
          taxableValue: AMOUNTS.taxableValue,
          cgst: paise(0),
          sgst: paise(0),
          igst: paise(0),
          total: AMOUNTS.taxableValue,
          reason: 'Most of it back',
          refundMode: 'UPI',
          reference: 'UTR1',
          refundStatus: 'PROCESSED',
          failureReason: null,
          createdBy: 'Vikram Sethi',
          createdAt: '2026-11-21T06:00:00.000Z',
        },
      ],
    };
    const { user, dialog } = await openRefund(order);
    const amount = within(dialog).getByRole('textbox', { name: /Amount to refund/ });
    await user.clear(amount);
    await user.type(amount, '1.01');
    expect(
      within(dialog).getByText(
        'A refund of Rs. 1.01 cannot be split into equal CGST and SGST halves: refund one paisa more or less, or all that remains.',
      ),
    ).toBeTruthy();
  });

  it('confirms, then sends one request id however often it is sent', async () => {
    let calls = 0;
    const { user, dialog, find } = await openRefund(PAID, {
      'POST /payments/order/o-1/refund': () => {
        calls += 1;
        return calls === 1
          ? { status: 503, body: { error: true, message: 'The payment service is busy. Try again in a minute.' } }
          : {
              body: {
                data: { ...PAID, paymentStatus: 'PARTIALLY_REFUNDED', refundable: paise(399900) },
                message: 'Refund of Rs. 1,000 recorded for order o-1: credit note LEC-CN/2627/000004 issued.',
              },
            };
      },
    });
    const amount = within(dialog).getByRole('textbox', { name: /Amount to refund/ });
    await user.clear(amount);
    await user.type(amount, '1000');
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Printed notes not wanted');
    await user.click(within(dialog).getByRole('combobox', { name: /Paid back by/ }));
    await user.click(await screen.findByRole('option', { name: 'UPI' }));
    await user.type(within(dialog).getByRole('textbox', { name: /UPI reference/ }), 'UTR777');
    await user.click(within(dialog).getByRole('button', { name: 'Review refund' }));

    const confirm = await screen.findByRole('dialog', { name: 'Confirm the refund' });
    expect(confirm.textContent).toContain('Rs. 1,000 goes back for order o-1 by UPI (reference UTR777)');
    expect(within(confirm).getByText(/A partial refund/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Refund Rs. 1,000' }));
    expect(await within(confirm).findByText('The payment service is busy. Try again in a minute.')).toBeTruthy();

    // back to the form and forth again: the input is kept
    await user.click(within(confirm).getByRole('button', { name: 'Back' }));
    const form = await screen.findByRole('dialog', { name: 'Refund order o-1' });
    expect((within(form).getByRole('textbox', { name: /Reason/ }) as HTMLInputElement).value).toBe(
      'Printed notes not wanted',
    );
    await user.click(within(form).getByRole('button', { name: 'Review refund' }));
    await user.click(await screen.findByRole('button', { name: 'Refund Rs. 1,000' }));
    expect(await screen.findByText(/credit note LEC-CN\/2627\/000004 issued/)).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Confirm the refund' })).toBeNull();

    const bodies = find('POST /payments/order/o-1/refund').map((request) => request.body);
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toEqual({
      amount: 100000,
      reason: 'Printed notes not wanted',
      refundMode: 'UPI',
      reference: 'UTR777',
      requestId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
    });
    expect(bodies[1]!.requestId).toBe(bodies[0]!.requestId);
  });
});
