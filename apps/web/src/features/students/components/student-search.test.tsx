import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  paise,
  type RecentStudents,
  type Student,
  type StudentSearchHit,
  type StudentSearchPage,
} from '@lectern/contract';
import { mockApi, type MockHandlers, type RouteKey } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

const ANANYA: Student = {
  studentId: 'st-1',
  name: 'Ananya Sharma',
  mobileNumber: '9876543210',
  email: 'ananya@example.test',
  emailVerified: true,
  emailVerification: null,
  stateCode: '29',
  gstin: null,
  addresses: [],
  createdAt: '2026-01-05T10:00:00.000Z',
};

function hit(overrides: Partial<StudentSearchHit>): StudentSearchHit {
  return {
    studentId: 'st-1',
    name: 'Ananya Sharma',
    mobileNumber: '9876543210',
    email: 'ananya@example.test',
    activePlans: 1,
    latestOrder: {
      orderId: 'o-1',
      createdAt: '2026-04-01T09:58:00.000Z',
      paymentStatus: 'PAID',
      total: paise(449900),
      invoiceNumber: 'LEC/2627/000001',
    },
    matchedOn: 'NAME',
    matchedValue: 'Ananya Sharma',
    matchedOrderId: null,
    exact: false,
    ...overrides,
  };
}

const RAHUL = hit({
  studentId: 'st-2',
  name: 'Ananya Rao',
  mobileNumber: '9123456780',
  email: null,
  activePlans: 0,
  latestOrder: null,
});

const pageOf = (content: StudentSearchHit[], page = 0, totalElements = content.length): StudentSearchPage => ({
  content,
  page,
  size: 20,
  totalElements,
  totalPages: Math.ceil(totalElements / 20),
});

const RECENT: RecentStudents = {
  students: [
    {
      studentId: 'st-3',
      name: 'Kavya Iyer',
      mobileNumber: '9000000003',
      email: null,
      createdAt: '2026-11-28T10:00:00.000Z',
    },
  ],
  orders: [
    {
      orderId: 'o-9',
      createdAt: '2026-11-28T11:00:00.000Z',
      paymentStatus: 'PAID',
      total: paise(599900),
      invoiceNumber: 'LEC/2627/000107',
      studentId: 'st-1',
      studentName: 'Ananya Sharma',
      mobileNumber: '9876543210',
    },
  ],
};

async function setup<K extends RouteKey = never>(path: string, handlers: MockHandlers<K> = {}) {
  const api = await mockApi({
    'GET /students/student/info': (request) =>
      request.query.get('mobileNumber') === '9876543210'
        ? { body: { data: ANANYA } }
        : { status: 404, body: { error: true, message: 'No student found.' } },
    'GET /students/subscription/studentid/st-1': { body: { data: [] } },
    'GET /payments/student/subscription/studentid/st-1': { body: { data: [] } },
    'GET /delivery/delivery/all/ALL': { body: { data: [] } },
    'GET /students/student/recent': { body: { data: RECENT } },
    'GET /students/student/search': (request) => {
      const q = request.query.get('q') ?? '';
      if (q.toLowerCase() === 'lec/2627/000001')
        return {
          body: {
            data: pageOf([
              hit({
                matchedOn: 'INVOICE_NUMBER',
                matchedValue: 'LEC/2627/000001',
                matchedOrderId: 'o-1',
                exact: true,
              }),
            ]),
          },
        };
      if (q.toLowerCase().startsWith('anan')) return { body: { data: pageOf([hit({}), RAHUL]) } };
      return { body: { data: pageOf([]) } };
    },
    ...handlers,
  });
  const view = renderApp(path, { roles: ['FINANCE'] });
  await screen.findByRole('heading', { level: 1, name: 'Student Management' }, { timeout: 10_000 });
  return { ...api, ...view, input: screen.getByRole('searchbox', { name: 'Find a student' }) as HTMLInputElement };
}

const params = (search: string) => Object.fromEntries(new URLSearchParams(search));

describe('Student Management search', () => {
  it('shows the newest students and orders before anything is typed, each opening its student', async () => {
    await setup('/student-management');
    const students = await screen.findByRole('list', { name: 'Recent students' });
    const student = within(students).getByRole('link', { name: /Kavya Iyer/ });
    expect(student.textContent).toContain('9000000003 · No e-mail');
    expect(student.getAttribute('href')).toBe('/student-management?mobileNumber=9000000003');
    const order = within(screen.getByRole('list', { name: 'Recent orders' })).getByRole('link');
    expect(order.textContent).toContain('Ananya Sharma');
    expect(order.textContent).toContain('Rs. 5,999 · PAID · 28-11-2026');
    expect(order.textContent).toContain('Invoice LEC/2627/000107');
    expect(order.getAttribute('href')).toBe('/student-management?mobileNumber=9876543210&order=o-9');
  });

  it('lists the students a name matches, says why, keeps the text in the URL, and opens the one chosen', async () => {
    const { user, router, find, input } = await setup('/student-management');
    await user.type(input, 'Ananya');
    // the search goes once typing pauses: the answer for the whole name
    expect((await screen.findByText('2 students match "Ananya"')).getAttribute('role')).toBe('status');
    const list = screen.getByRole('list', { name: 'Students found' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.querySelector('span')?.textContent)).toEqual(['Ananya Sharma', 'Ananya Rao']);
    expect(links[0]!.textContent).toContain('9876543210 · ananya@example.test');
    expect(links[0]!.textContent).toContain('Matched on name');
    expect(links[0]!.textContent).toContain('1 active plan · latest order 01-04-2026, Rs. 4,499, PAID');
    expect(links[1]!.textContent).toContain('9123456780 · No e-mail');
    expect(links[1]!.textContent).toContain('0 active plans · no orders');
    expect(params(router.state.location.search)).toEqual({ q: 'Ananya' });
    expect(find('GET /students/student/search').at(-1)?.query.get('q')).toBe('Ananya');

    await user.click(links[0]!);
    await screen.findByRole('heading', { name: 'Student details' });
    expect(params(router.state.location.search)).toEqual({ mobileNumber: '9876543210' });
    expect(input.value).toBe('9876543210');
  });

  it('finds a student by invoice number from a link, and Enter opens the only match', async () => {
    const { user, router, input } = await setup('/student-management?q=LEC%2F2627%2F000001');
    expect(input.value).toBe('LEC/2627/000001');
    const list = await screen.findByRole('list', { name: 'Students found' });
    const link = within(list).getByRole('link');
    expect(link.textContent).toContain('Matched on invoice number LEC/2627/000001');
    expect(screen.getByRole('status').textContent).toBe('1 student matches "LEC/2627/000001"');
    expect(link.getAttribute('href')).toBe('/student-management?mobileNumber=9876543210&order=o-1');
    await user.click(input);
    await user.keyboard('{Enter}');
    await screen.findByRole('heading', { name: 'Student details' });
    expect(params(router.state.location.search)).toEqual({ mobileNumber: '9876543210' });
  });

  it('moves through the results with the arrow keys and opens one with Enter', async () => {
    const { user, router, input } = await setup('/student-management?q=anan');
    const list = await screen.findByRole('list', { name: 'Students found' });
    const [first, second] = within(list).getAllByRole('link');
    await user.click(input);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(first);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(second);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(document.activeElement).toBe(input);
    await user.keyboard('{ArrowDown}{Enter}');
    await screen.findByRole('heading', { name: 'Student details' });
    expect(params(router.state.location.search)).toEqual({ mobileNumber: '9876543210' });
  });

  it('Enter in the box goes to the first of several students found', async () => {
    const { user, input } = await setup('/student-management?q=anan');
    const [first] = within(await screen.findByRole('list', { name: 'Students found' })).getAllByRole('link');
    await user.click(input);
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(first);
  });

  it('says when no student matches', async () => {
    const { user, input } = await setup('/student-management');
    await user.type(input, 'zzz');
    expect((await screen.findByText('No student matches "zzz"')).getAttribute('role')).toBe('status');
    expect(screen.queryByRole('list', { name: 'Students found' })).toBeNull();
  });

  it('shows a failed search with Retry', async () => {
    let fail = true;
    const { user } = await setup('/student-management?q=anan', {
      'GET /students/student/search': () =>
        fail
          ? { status: 500, body: { error: true, message: 'Could not search the students.' } }
          : { body: { data: pageOf([RAHUL]) } },
    });
    expect(await screen.findByText('Could not search the students.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Students found' })).toBeTruthy();
  });

  it('pages through many matches, with the page in the URL', async () => {
    const many = Array.from({ length: 20 }, (_, n) =>
      hit({ studentId: `st-${n + 10}`, name: `Ananya ${n}`, mobileNumber: `90000000${String(n).padStart(2, '0')}` }),
    );
    const { user, router, find } = await setup('/student-management?q=ananya', {
      'GET /students/student/search': (request) => {
        const page = Number(request.query.get('page'));
        return { body: { data: pageOf(page === 0 ? many : [RAHUL], page, 21) } };
      },
    });
    await screen.findByText('Page 1 of 2');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 2');
    expect(params(router.state.location.search)).toEqual({ q: 'ananya', page: '1' });
    expect(find('GET /students/student/search').at(-1)?.query.get('page')).toBe('1');
    const list = screen.getByRole('list', { name: 'Students found' });
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(1));
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('opens a whole mobile number typed with +91 and spaces exactly as the lookup by number', async () => {
    const { user, router, input, find } = await setup('/student-management');
    await user.type(input, '+91 98765 43210');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByRole('heading', { name: 'Student details' });
    expect(params(router.state.location.search)).toEqual({ mobileNumber: '9876543210' });
    expect(find('GET /students/student/info')[0]?.query.get('mobileNumber')).toBe('9876543210');
  });
});
