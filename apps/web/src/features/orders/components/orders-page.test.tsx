import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { paise, type CatalogueListItem, type OrderListRow, type OrdersList } from '@lectern/contract';
import { mockApi, type MockHandlers, type RouteKey } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

function order(orderId: string, extra: Partial<OrderListRow> = {}): OrderListRow {
  return {
    orderId,
    createdAt: '2026-11-05T18:20:00.000Z',
    student: {
      studentId: `st-${orderId}`,
      name: 'Asha Varghese',
      mobileNumber: '9876501234',
      email: 'asha@example.in',
    },
    storeListingId: 'sl-neet',
    storeListingName: 'NEET 2027 Crash Course',
    plan: '12 months',
    amounts: {
      gross: paise(899_900),
      discount: paise(0),
      gst: paise(137_272),
      net: paise(899_900),
      refunded: paise(0),
    },
    couponCode: null,
    paymentMode: 'UPI',
    paymentStatus: 'PAID',
    invoiceNumber: 'LEC/2627/000042',
    ...extra,
  };
}

const ROWS = [
  order('ord-1'),
  order('ord-2', {
    student: { studentId: 'st-2', name: 'Ravi Menon', mobileNumber: '9123409876', email: null },
    paymentMode: 'CASH',
    paymentStatus: 'PARTIALLY_REFUNDED',
    couponCode: 'DIWALI10',
    amounts: {
      gross: paise(499_900),
      discount: paise(49_990),
      gst: paise(68_630),
      net: paise(449_910),
      refunded: paise(200_000),
    },
  }),
];

function page(rows: OrderListRow[], count = rows.length): OrdersList {
  return {
    content: rows,
    page: 0,
    size: 10,
    totalElements: count,
    totalPages: Math.ceil(count / 10),
    totals: {
      count,
      gross: paise(123_456_700),
      discount: paise(1_000_000),
      gst: paise(18_000_000),
      net: paise(122_456_700),
      refunded: paise(500_000),
    },
  };
}

const CATALOGUE: CatalogueListItem = {
  catalogueId: 'cat-neet',
  catalogueName: 'NEET 2027',
  catalogueCode: 'NEET-27',
  duration: 3600,
  trialVideoDuration: 600,
  storeListed: true,
  storeListingId: 'sl-neet',
  storeListingName: 'NEET 2027 Crash Course',
  storeListingUrl: null,
  subjects: [],
  trialInfo: { freeTrialSubTopics: 0, freeTrialVideoTime: 0 },
  recipients: 0,
  featured: false,
  featuredOnLeadPage: false,
  publishState: true,
  archived: false,
  subscriptionCount: 1,
  lowestPrice: paise(499_900),
  version: 1,
  updatedAt: '2026-10-01T10:00:00.000Z',
};

async function setup<K extends RouteKey = never>(handlers: MockHandlers<K> = {}, path = '/orders') {
  const api = await mockApi({
    'GET /payments/orders': { body: { data: page(ROWS, 42) } },
    'GET /publisher/cataloguemanager/all': { body: { data: [CATALOGUE] } },
    'GET /publisher/coupon/user': { body: { data: [] } },
    ...handlers,
  });
  const view = renderApp(path, { roles: ['FINANCE'] });
  // the first test also waits for the page's chunk to compile
  await screen.findByRole('heading', { level: 1, name: 'Orders' }, { timeout: 10_000 });
  return { ...api, ...view };
}

const filterBar = () => within(screen.getByRole('search', { name: 'Filter orders' }));
const main = () => within(screen.getByRole('main'));
const totals = () => screen.getByRole('region', { name: 'Totals of the filtered orders' });

function row(text: string): HTMLElement {
  const tr = screen.getAllByText(text)[0]!.closest('tr');
  if (!tr) throw new Error(`no row for ${text}`);
  return tr;
}

describe('/orders', () => {
  it('lists the page with the totals of the whole filtered set, and opens an order on the student page', async () => {
    const { router } = await setup();
    await screen.findByText('ord-2');
    expect(row('ord-1').textContent).toContain('Asha Varghese');
    expect(row('ord-1').textContent).toContain('05-11-2026, 11:50 PM');
    expect(row('ord-2').textContent).toContain('Partially refunded');
    expect(row('ord-2').textContent).toContain('Cash');
    expect(row('ord-2').textContent).toContain('Rs. 2,000');
    expect(screen.getByTestId('data-table-count').textContent).toMatch(/^42 records found/);
    expect(totals().textContent).toBe(
      'Orders42GrossRs. 12,34,567DiscountRs. 10,000GSTRs. 1,80,000NetRs. 12,24,567RefundedRs. 5,000',
    );
    const open = within(row('ord-2')).getByRole('link', { name: 'Open order ord-2 of Ravi Menon' });
    expect(open.getAttribute('href')).toBe('/student-management?mobileNumber=9123409876&order=ord-2');
    expect(router.state.location.pathname).toBe('/orders');
  });

  it('reads its filters from the link and sends them; a change goes to the server and the URL', async () => {
    const { user, find, router } = await setup(
      {},
      '/orders?orders.status=PAID&orders.from=2026-11-01&orders.to=2026-11-30&orders.search=asha&orders.mode=UPI',
    );
    await screen.findByText('ord-1');
    const sent = find('GET /payments/orders').at(-1)!.query;
    expect(Object.fromEntries(sent)).toEqual({
      status: 'PAID',
      from: '2026-11-01',
      to: '2026-11-30',
      q: 'asha',
      paymentMode: 'UPI',
      page: '0',
      size: '10',
    });
    expect(filterBar().getByText('Placed 01-11-2026 to 30-11-2026')).toBeTruthy();

    await user.click(filterBar().getByRole('combobox', { name: 'Listing' }));
    await user.click(
      within(await screen.findByRole('listbox')).getByRole('option', { name: 'NEET 2027 Crash Course' }),
    );
    await waitFor(() => expect(find('GET /payments/orders').at(-1)?.query.get('storeListingId')).toBe('sl-neet'));
    expect(router.state.location.search).toContain('orders.listing=sl-neet');

    await user.click(filterBar().getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect([...find('GET /payments/orders').at(-1)!.query.keys()]).toEqual(['page', 'size']));
  });

  it('asks the server for the next page', async () => {
    const { user, find, router } = await setup();
    await screen.findByText('ord-1');
    await user.click(main().getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(find('GET /payments/orders').at(-1)?.query.get('page')).toBe('1'));
    expect(router.state.location.search).toContain('orders.page=2');
  });

  it('exports every matching order as CSV and XLSX with the same filters', async () => {
    const created: Blob[] = [];
    const spies = [
      vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
        created.push(blob as Blob);
        return 'blob:orders';
      }),
      vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined),
    ];
    onTestFinished(() => spies.forEach((spy) => spy.mockRestore()));
    const { user, find } = await setup(
      {
        'GET /payments/orders': (request) =>
          request.query.get('format') === 'csv'
            ? { file: 'Order ID\r\nord-1\r\n', headers: { 'content-type': 'text/csv; charset=utf-8' } }
            : request.query.get('format') === 'xlsx'
              ? { file: 'PK-xlsx', headers: { 'content-type': 'application/octet-stream' } }
              : { body: { data: page(ROWS, 42) } },
      },
      '/orders?orders.status=REFUNDED',
    );
    await screen.findByText('ord-1');
    await user.click(main().getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(created).toHaveLength(1));
    await user.click(main().getByRole('button', { name: 'Export XLSX' }));
    await waitFor(() => expect(created).toHaveLength(2));
    const files = find('GET /payments/orders').filter((r) => r.query.has('format'));
    expect(files.map((r) => Object.fromEntries(r.query))).toEqual([
      { status: 'REFUNDED', format: 'csv' },
      { status: 'REFUNDED', format: 'xlsx' },
    ]);
    expect(await created[0]!.text()).toBe('Order ID\r\nord-1\r\n');
  });

  it('says when nothing matches, and shows a failed load with Retry', async () => {
    let calls = 0;
    const { user } = await setup({
      'GET /payments/orders': () => {
        calls += 1;
        return calls === 1 ? { status: 500, body: { error: true, message: 'boom' } } : { body: { data: page([], 0) } };
      },
    });
    const alert = await screen.findByRole('alert');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByText('No orders yet.');
    expect(totals().textContent).toContain('Orders0');
  });
});
