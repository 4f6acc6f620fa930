import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { ANANYA, orderDetail, summaryOf } from '../test/order-fixtures';

// A row of the orders list opens /student-management?mobileNumber=…&order=<orderId>: that order's
// details are open when the page comes, the others closed.

const FIRST = orderDetail('o-1');
const SECOND = orderDetail('o-2');

async function open(path: string) {
  await mockApi({
    'GET /students/student/info': { body: { data: ANANYA } },
    'GET /students/subscription/studentid/st-1': { body: { data: [] } },
    'GET /payments/student/subscription/studentid/st-1': { body: { data: [FIRST, SECOND].map(summaryOf) } },
    'GET /delivery/delivery/all/ALL': { body: { data: [] } },
    'GET /payments/order/o-1': { body: { data: FIRST } },
    'GET /payments/order/o-2': { body: { data: SECOND } },
  });
  renderApp(path, { roles: ['FINANCE'] });
  await screen.findByRole('heading', { level: 1, name: 'Student Management' }, { timeout: 10_000 });
  return within(await screen.findByRole('list', { name: 'Orders' }));
}

describe('the orders card', () => {
  it('opens the details of the order named in the URL', async () => {
    const orders = await open('/student-management?mobileNumber=9876543210&order=o-2');
    const shown = await orders.findByRole('button', { name: 'Hide details of order o-2' });
    expect(shown.getAttribute('aria-expanded')).toBe('true');
    expect(orders.getByRole('button', { name: 'Show details of order o-1' }).getAttribute('aria-expanded')).toBe(
      'false',
    );
  });

  it('opens none without one', async () => {
    const orders = await open('/student-management?mobileNumber=9876543210');
    await orders.findByRole('button', { name: 'Show details of order o-2' });
    expect(orders.queryByRole('button', { name: /^Hide details/ })).toBeNull();
  });
});
