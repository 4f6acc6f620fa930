import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paise, type DeliveryPackage, type Order, type Student, type StudentSubscription } from '@lectern/contract';
import { mockApi, type MockHandlers, type RouteKey } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const ANANYA: Student = {
  studentId: 'st-1',
  name: 'Ananya Sharma',
  mobileNumber: '9876543210',
  email: 'ananya@example.test',
  emailVerified: false,
  emailVerification: null,
  stateCode: '29',
  gstin: null,
  addresses: [
    {
      addressId: 'a-1',
      type: 'HOME',
      addressLine1: '12 MG Road',
      addressLine2: '',
      landMark: '',
      city: 'Bengaluru',
      state: 'Karnataka',
      pin: '560001',
      preferredAddress: true,
    },
  ],
  createdAt: '2026-01-05T10:00:00.000Z',
};

function subscription(overrides: Partial<StudentSubscription>): StudentSubscription {
  return {
    studentSubscriptionId: 'ss-1',
    studentId: 'st-1',
    catalogueId: 'c-1',
    catalogueName: 'JEE Physics',
    subscriptionId: 'p-1',
    subscriptionLabel: '12 months',
    startDate: '2026-04-01',
    endDate: '2027-03-31',
    status: 'ACTIVE',
    extended: false,
    originalEndDate: '2027-03-31',
    sourceOrderId: 'o-1',
    grantReason: null,
    cancelReason: null,
    version: 1,
    ...overrides,
  };
}

const SUBSCRIPTIONS = [
  subscription({}),
  subscription({
    studentSubscriptionId: 'ss-2',
    catalogueName: 'NEET Biology',
    status: 'EXPIRED',
    startDate: '2025-01-01',
    endDate: '2025-12-31',
    originalEndDate: '2025-12-31',
  }),
];

const ORDERS: Order[] = [
  {
    orderId: 'o-1',
    studentId: 'st-1',
    items: [
      {
        description: 'JEE Physics – 12 months',
        catalogueId: 'c-1',
        subscriptionId: 'p-1',
        addOnId: null,
        quantity: 1,
        unitPrice: 499900,
      },
    ],
    couponCode: 'WELCOME10',
    discount: 50000,
    total: 449900,
    paymentStatus: 'PAID',
    paymentMethod: 'UPI',
    gatewayReference: 'pay_1',
    paidAt: '2026-04-01T10:00:00.000Z',
    createdAt: '2026-04-01T09:58:00.000Z',
    invoice: {
      invoiceId: 'i-1',
      invoiceNumber: 'LEC/2627/000001',
      invoiceDate: '2026-04-01',
      total: 449900,
      credited: 0,
    },
  },
] as Order[];

const PACKAGE: DeliveryPackage = {
  deliveryPackageId: 'DP-0001-1',
  orderId: 'o-1',
  studentId: 'st-1',
  studentName: 'Ananya Sharma',
  mobileNumber: '9876543210',
  catalogueId: 'c-1',
  catalogueName: 'JEE Physics',
  items: [{ description: 'Printed study material', quantity: 1 }],
  deliveryStatus: 'PROCESSED',
  deliveryMode: 'COURIER',
  dispatchType: 'STANDARD',
  address: {
    addressId: 'da-1',
    type: 'HOME',
    addressLine1: '12 MG Road',
    addressLine2: '',
    landMark: 'Near Metro',
    city: 'Bengaluru',
    state: 'Karnataka',
    pin: '560001',
    preferredAddress: true,
    deliveryPackageId: 'DP-0001-1',
    current: true,
    createdAt: '2026-04-01T10:00:00.000Z',
    createdBy: 'Ananya Sharma',
  },
  deliveryTrackerList: [
    {
      trackerId: 't-1',
      serviceProvider: 'DTDC',
      trackingId: 'D1234567',
      notes: '',
      status: 'IN_TRANSIT',
      trackerLink: 'https://www.dtdc.in/trace.asp?strCnno=D1234567',
      state: 'ACTIVE',
      createdAt: '2026-04-02T10:00:00.000Z',
      updatedAt: '2026-04-02T10:00:00.000Z',
    },
  ],
  inHandDeliveryDetails: null,
  inPersonPickup: null,
  cancellation: null,
  orderedAt: '2026-04-01T10:00:00.000Z',
  processedAt: '2026-04-02T10:00:00.000Z',
  deliveredAt: null,
  createdAt: '2026-04-01T10:00:00.000Z',
  updatedAt: '2026-04-02T10:00:00.000Z',
  version: 1,
};
const PACKAGES: DeliveryPackage[] = [
  PACKAGE,
  // another student's package the search also matched (its tracking id holds the number): not shown
  { ...PACKAGE, deliveryPackageId: 'DP-0009-1', studentId: 'st-9', studentName: 'Rahul Verma' },
];

async function setup<K extends RouteKey = never>(path: string, handlers: MockHandlers<K> = {}) {
  const api = await mockApi({
    'GET /students/student/info': (request) =>
      request.query.get('mobileNumber') === '9876543210'
        ? { body: { data: ANANYA } }
        : {
            status: 404,
            body: { error: true, message: `No student found for ${request.query.get('mobileNumber') ?? ''}.` },
          },
    'GET /students/subscription/studentid/st-1': { body: { data: SUBSCRIPTIONS } },
    'GET /payments/student/subscription/studentid/st-1': { body: { data: ORDERS } },
    'GET /students/student/recent': { body: { data: { students: [], orders: [] } } },
    'GET /delivery/delivery/all/ALL': (request) =>
      request.query.get('search') === '9876543210' ? { body: { data: PACKAGES } } : { body: { data: [] } },
    'POST /students/student/verify-email/st-1': {
      body: {
        data: { studentId: 'st-1', email: 'ananya@example.test' },
        message: 'A verification link was sent to ananya@example.test.',
      },
    },
    ...handlers,
  });
  const view = renderApp(path, { roles: ['FINANCE'] });
  await screen.findByRole('heading', { level: 1, name: 'Student Management' }, { timeout: 10_000 });
  return { ...api, ...view };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Student Management', () => {
  it("lists the student's delivery packages with their consignment, and only theirs", async () => {
    await setup('/student-management?mobileNumber=9876543210');
    const list = await screen.findByRole('list', { name: 'Delivery packages' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(within(items[0]!).getByRole('link', { name: 'DP-0001-1' }).getAttribute('href')).toBe(
      '/deliveryManagement?tab=processed&delivery.search=DP-0001-1',
    );
    expect(within(items[0]!).getByText('PROCESSED')).toBeTruthy();
    expect(within(items[0]!).getByText('12 MG Road, Near Metro, Bengaluru, Karnataka 560001')).toBeTruthy();
    expect(within(items[0]!).getByRole('link', { name: 'DTDC D1234567' }).getAttribute('href')).toBe(
      'https://www.dtdc.in/trace.asp?strCnno=D1234567',
    );
  });

  it('mails a verification link and says where it went', async () => {
    const { user, find } = await setup('/student-management?mobileNumber=9876543210');
    await user.click(await screen.findByRole('button', { name: 'Send verification e-mail' }));
    expect(await screen.findByText('Link sent to ananya@example.test; it works for 7 days.')).toBeTruthy();
    expect(find('POST /students/student/verify-email/st-1')).toHaveLength(1);
  });

  it('finds a student by number: details, subscriptions and invoices, with the number in the URL', async () => {
    const { user, router, find } = await setup('/student-management');
    expect(screen.getByText('Search a student by their 10-digit mobile number.')).toBeTruthy();
    const input = screen.getByRole('searchbox', { name: 'Find a student' });
    await user.type(input, '9876543210');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    await screen.findByText('Ananya Sharma');
    expect(new URLSearchParams(router.state.location.search).get('mobileNumber')).toBe('9876543210');
    expect(find('GET /students/student/info')[0]?.query.get('mobileNumber')).toBe('9876543210');
    expect(screen.getByText('ananya@example.test')).toBeTruthy();
    expect(screen.getByText('Unverified')).toBeTruthy();
    expect(screen.getByText('12 MG Road, Bengaluru, Karnataka, 560001 (HOME)')).toBeTruthy();
    expect(screen.getByText('05-01-2026')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Verify e-mail' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send verification e-mail' })).toBeTruthy();

    const subscriptions = await screen.findByRole('list', { name: 'Subscriptions' });
    expect(await within(subscriptions).findByText('JEE Physics')).toBeTruthy();
    expect(within(subscriptions).getByText('ACTIVE')).toBeTruthy();
    expect(within(subscriptions).getByText('EXPIRED')).toBeTruthy();
    expect(within(subscriptions).getByText('31-03-2027')).toBeTruthy();

    const orders = await screen.findByRole('list', { name: 'Orders' });
    expect(within(orders).getAllByText('Rs. 4,499').length).toBeGreaterThan(0);
    expect(within(orders).getByText('WELCOME10 (− Rs. 500)')).toBeTruthy();
    expect(within(orders).getByText('PAID · UPI')).toBeTruthy();
    expect(within(orders).getByRole('button', { name: 'Download PDF of invoice LEC/2627/000001' })).toBeTruthy();
    // no placeholder for what the live-class screens show per class and batch (there is no per-student attendance call)
    expect(screen.queryByText(/Coming with the live-class screens/)).toBeNull();
    expect(screen.queryByText(/Live-class attendance/i)).toBeNull();
  });

  it('shows a calm not-found state for an unknown number', async () => {
    await setup('/student-management?mobileNumber=9000011111');
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('No student found for 9000011111.');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it("clears a stale 'No student found' once the number is changed or refused", async () => {
    const { user } = await setup('/student-management?mobileNumber=9000011111');
    await screen.findByText('No student found for 9000011111.');
    const input = screen.getByRole('searchbox', { name: 'Find a student' });
    await user.clear(input);
    await user.type(input, '1');
    // typing another number: the answer about the old one goes
    expect(screen.queryByText('No student found for 9000011111.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('alert').textContent).toBe(
      "Type at least 2 characters, or the student's 10-digit mobile number.",
    );
    expect(screen.queryByText(/No student found/)).toBeNull();
    // the same number again shows its answer again
    await user.clear(input);
    await user.type(input, '9000011111');
    expect(await screen.findByText('No student found for 9000011111.')).toBeTruthy();
  });

  it('a failed invoices call empties only that card, with Retry', async () => {
    let fail = true;
    await setup('/student-management?mobileNumber=9876543210', {
      'GET /payments/student/subscription/studentid/st-1': () =>
        fail
          ? { status: 500, body: { error: true, message: 'Could not load the orders.' } }
          : { body: { data: ORDERS } },
    });
    await screen.findByText('Ananya Sharma');
    await screen.findByRole('button', { name: 'Retry' });
    expect(screen.queryByText('LEC/2627/000001 (01-04-2026)')).toBeNull();
    // the subscriptions are still there
    expect(within(screen.getByRole('list', { name: 'Subscriptions' })).getByText('JEE Physics')).toBeTruthy();

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('LEC/2627/000001 (01-04-2026)');
  });

  it('extends a subscription with a reason and reloads the student 2 seconds later', async () => {
    let extended = false;
    const { user, find } = await setup('/student-management?mobileNumber=9876543210', {
      'GET /students/subscription/studentid/st-1': () => ({
        body: {
          data: extended
            ? [subscription({ endDate: '2027-06-30', extended: true, version: 2 }), SUBSCRIPTIONS[1]!]
            : SUBSCRIPTIONS,
        },
      }),
      'POST /students/subscription/update': () => {
        extended = true;
        return {
          body: {
            data: subscription({ endDate: '2027-06-30', extended: true, version: 2 }),
            message: 'The subscription now ends on 30-06-2027.',
          },
        };
      },
    });
    await screen.findByText('31-03-2027');
    await user.click(screen.getByRole('button', { name: 'Extend JEE Physics – 12 months' }));
    const dialog = await screen.findByRole('dialog', { name: 'Extend subscription?' });

    // nothing is sent without a date and a reason
    await user.click(within(dialog).getByRole('button', { name: 'Extend' }));
    expect(within(dialog).getByText('Choose the new end date.')).toBeTruthy();
    expect(within(dialog).getByText('Enter a reason.')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText(/New end date/), { target: { value: '2027-06-30' } });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Exam postponed');
    const infoCalls = find('GET /students/student/info').length;

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Extend' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Extend subscription?' })).toBeNull());
    expect(find('POST /students/subscription/update')[0]?.body).toEqual({
      action: 'EXTEND',
      studentSubscriptionId: 'ss-1',
      version: 1,
      endDate: '2027-06-30',
      reason: 'Exam postponed',
    });
    // not yet reloaded
    expect(find('GET /students/student/info')).toHaveLength(infoCalls);
    expect(screen.queryByText('extended')).toBeNull();

    act(() => {
      vi.advanceTimersByTime(2000);
    });
    await screen.findByText('extended');
    expect(find('GET /students/student/info').length).toBeGreaterThan(infoCalls);
    expect(screen.getByText('30-06-2027')).toBeTruthy();
  });
});

describe('Student Management actions', () => {
  it("shows the server's message in the dialog when an extension is refused (409)", async () => {
    const { user } = await setup('/student-management?mobileNumber=9876543210', {
      'POST /students/subscription/update': {
        status: 409,
        body: { error: true, message: 'The new end date must be after 31-03-2027.' },
      },
    });
    await screen.findByText('31-03-2027');
    await user.click(screen.getByRole('button', { name: 'Extend JEE Physics – 12 months' }));
    const dialog = await screen.findByRole('dialog', { name: 'Extend subscription?' });
    fireEvent.change(within(dialog).getByLabelText(/New end date/), { target: { value: '2027-06-30' } });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Exam postponed');
    await user.click(within(dialog).getByRole('button', { name: 'Extend' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'The new end date must be after 31-03-2027.',
    );
    expect(screen.getByRole('dialog', { name: 'Extend subscription?' })).toBeTruthy();
  });

  it('grants a plan of a catalogue that is not archived, with a reason', async () => {
    const { user, find } = await setup('/student-management?mobileNumber=9876543210', {
      'GET /publisher/otsmanager/catalogue/all': {
        body: {
          data: [
            {
              catalogueId: 'c-1',
              catalogueName: 'JEE Physics',
              catalogueCode: 'JEE-P',
              archived: false,
              subscriptionCount: 1,
              otsCount: 0,
            },
            {
              catalogueId: 'c-9',
              catalogueName: 'Old Course',
              catalogueCode: 'OLD',
              archived: true,
              subscriptionCount: 1,
              otsCount: 0,
            },
          ],
        },
      },
      'GET /publisher/otsmanager/subscription/catalogueid/c-1': {
        body: {
          data: [
            {
              subscriptionId: 'p-1',
              subscriptionLabel: '12 months',
              subscriptionType: 'DURATION',
              featured: false,
              price: paise(499900),
              listPrice: null,
              numberOfMonths: 12,
              subscriptionEndDate: null,
              otsList: [],
              version: 1,
            },
          ],
        },
      },
      'POST /students/subscription/update': {
        body: {
          data: subscription({ studentSubscriptionId: 'ss-3', sourceOrderId: null, grantReason: 'Scholarship' }),
          message: 'Granted.',
        },
      },
    });
    await screen.findByText('Ananya Sharma');
    await user.click(screen.getByRole('button', { name: 'Grant a plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Grant a plan?' });
    await user.click(within(dialog).getByRole('combobox', { name: /Catalogue/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['JEE Physics']);
    await user.click(options[0] as HTMLElement);
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: /Plan/ }).getAttribute('aria-disabled')).toBeNull(),
    );
    await user.click(within(dialog).getByRole('combobox', { name: /Plan/ }));
    await user.click(await screen.findByRole('option', { name: '12 months' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Scholarship');
    await user.click(within(dialog).getByRole('button', { name: 'Grant' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Grant a plan?' })).toBeNull());
    expect(find('POST /students/subscription/update')[0]?.body).toEqual({
      action: 'GRANT',
      studentId: 'st-1',
      subscriptionId: 'p-1',
      reason: 'Scholarship',
    });
  });
});
