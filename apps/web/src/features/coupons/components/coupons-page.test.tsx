import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { COUPON_MESSAGES, MESSAGES, fillMessage, type Role } from '@lectern/contract';
import { mockApi, type MockHandlers, type RouteKey } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { APPLIES, CATALOGUES, COUPONS, HISTORY, HOLI, REFUSED, STUDENTS, SUBJECTS, coupon } from '../test/fixtures';

async function setup<K extends RouteKey = never>(
  handlers: MockHandlers<K> = {},
  options: { roles?: Role[]; path?: string } = {},
) {
  const api = await mockApi({
    'GET /publisher/coupon/user': (request) => {
      const status = request.query.get('status');
      const type = request.query.get('type');
      const rows = COUPONS.filter(
        (c) => (!status || c.tags.includes(status as never)) && (!type || c.percentage === (type === 'PERCENTAGE')),
      );
      return { body: { data: rows } };
    },
    'GET /publisher/cataloguemanager/all': { body: { data: CATALOGUES } },
    'GET /publisher/publisher/subject/all': { body: { data: SUBJECTS } },
    'GET /students/student/info': (request) => {
      const student = STUDENTS.find((s) => s.mobileNumber === request.query.get('mobileNumber'));
      return student
        ? { body: { data: student } }
        : { status: 404, body: { error: true, message: `No student found for ${request.query.get('mobileNumber')}.` } };
    },
    ...handlers,
  });
  const view = renderApp(options.path ?? '/coupons', { roles: options.roles ?? ['FINANCE'] });
  // the first test also waits for the page's chunk to compile
  await screen.findByRole('heading', { level: 1, name: 'Coupons' }, { timeout: 10_000 });
  return { ...api, ...view };
}

function names(): string[] {
  return Array.from(document.querySelectorAll('tbody tr'))
    .map((tr) => tr.querySelector('td')?.textContent ?? '')
    .filter((text) => text !== '');
}

// Role queries compute styles for every element they consider: each looks only where its answer is
// (the filter bar, the page, a row, an open list), not through the whole app and its navigation.
const filterBar = () => within(screen.getByRole('search'));
const page = () => within(screen.getByRole('main'));
const listbox = async () => within(await screen.findByRole('listbox'));

function row(name: string): HTMLElement {
  const tr = screen.getByText(name).closest('tr');
  if (!tr) throw new Error(`no row for ${name}`);
  return tr;
}

describe('/coupons: the list', () => {
  it('shows every coupon with its discount, uses and status tags', async () => {
    await setup();
    await screen.findByText('DIWALI500');
    expect(names()).toEqual(['DIWALI500', 'HOLI20', 'NEWYEAR2026']);
    const diwali = within(row('DIWALI500'));
    expect(diwali.getByText('Rs. 500')).toBeTruthy();
    expect(diwali.getByText('12 / 100')).toBeTruthy();
    expect(diwali.getByText('Entire course')).toBeTruthy();
    expect(diwali.getByText('Active')).toBeTruthy();
    expect(diwali.getByText('Featured')).toBeTruthy();
    const holi = within(row('HOLI20'));
    expect(holi.getByText('Scheduled')).toBeTruthy();
    expect(holi.getByText('01-03-2027 to 31-03-2027')).toBeTruthy();
    const old = within(row('NEWYEAR2026'));
    expect(old.getByText('Expired')).toBeTruthy();
    // an expired coupon is featured no more, and can only be viewed
    expect(old.queryByText('Featured')).toBeNull();
    expect(old.getByRole('button', { name: 'View NEWYEAR2026' })).toBeTruthy();
    expect(old.getByRole<HTMLButtonElement>('button', { name: 'Expire NEWYEAR2026' }).disabled).toBe(true);
    expect(old.getByText('Ananya Sharma (9876543210)')).toBeTruthy();
  });

  it('filters by status (asked of the server, kept in the URL), featured and search', async () => {
    const { user, find, router } = await setup();
    await screen.findByText('DIWALI500');
    await user.click(filterBar().getByRole('combobox', { name: 'Status' }));
    await user.click((await listbox()).getByRole('option', { name: 'Scheduled' }));
    await waitFor(() => expect(names()).toEqual(['HOLI20']));
    expect(find('GET /publisher/coupon/user').at(-1)?.query.get('status')).toBe('SCHEDULED');
    expect(router.state.location.search).toContain('coupons.status=SCHEDULED');

    await user.click(filterBar().getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(names()).toHaveLength(3));
    await user.click(filterBar().getByRole('combobox', { name: 'Featured' }));
    await user.click((await listbox()).getByRole('option', { name: 'Featured' }));
    await waitFor(() => expect(names()).toEqual(['DIWALI500']));
    // the previous rows, narrowed here, show before the server is asked: wait for the request
    await waitFor(() => expect(find('GET /publisher/coupon/user').at(-1)?.query.get('status')).toBe('FEATURED'));

    await user.click(filterBar().getByRole('combobox', { name: 'Featured' }));
    await user.click((await listbox()).getByRole('option', { name: 'Not featured' }));
    await waitFor(() => expect(names()).toHaveLength(2));
    await user.click(filterBar().getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(names()).toHaveLength(3));

    await user.type(page().getByRole('searchbox', { name: /search/i }), 'holi');
    await waitFor(() => expect(names()).toEqual(['HOLI20']));
  });

  it("narrows to coupons whose last day is by ?coupons.endsBy (the overview's 'expiring this week'), removable with the keyboard", async () => {
    const { user } = await setup({}, { path: '/coupons?coupons.endsBy=2027-01-31' });
    await screen.findByText('DIWALI500');
    expect(names()).toEqual(['DIWALI500', 'NEWYEAR2026']);
    expect(screen.getByTestId('data-table-count').textContent).toMatch(/^2 records found/);
    const chip = screen.getByTestId('coupons-ends-by');
    expect(chip.textContent).toBe('Last day by 31-01-2027');
    chip.focus();
    await user.keyboard('{Delete}');
    await waitFor(() => expect(names()).toEqual(['DIWALI500', 'HOLI20', 'NEWYEAR2026']));
    expect(screen.queryByTestId('coupons-ends-by')).toBeNull();
  });

  it('says when there are no coupons, and shows a failed load with Retry', async () => {
    let calls = 0;
    const { user } = await setup({
      'GET /publisher/coupon/user': () => {
        calls += 1;
        return calls === 1 ? { status: 500, body: { error: true, message: 'boom' } } : { body: { data: [] } };
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('boomRetry');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByText('No coupons yet.');
  });

  it('expires a coupon after confirmation, and the list reloads', async () => {
    let expired = false;
    const { user, find } = await setup({
      'GET /publisher/coupon/user': () => ({
        body: { data: expired ? [{ ...HOLI, status: 'EXPIRED', tags: ['EXPIRED'], expired: true }] : [HOLI] },
      }),
      'PUT /publisher/coupon/expire/cp-2': () => {
        expired = true;
        return {
          body: {
            data: { ...HOLI, status: 'EXPIRED', tags: ['EXPIRED'], expired: true },
            message: fillMessage(COUPON_MESSAGES.expiredNow, { couponName: 'HOLI20' }),
          },
        };
      },
    });
    await screen.findByText('HOLI20');
    await user.click(within(row('HOLI20')).getByRole('button', { name: 'Expire HOLI20' }));
    const dialog = await screen.findByRole('dialog', { name: 'Expire HOLI20?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(find('PUT /publisher/coupon/expire/cp-2')).toHaveLength(0);

    // the row is hidden from assistive technology until the dialog has gone
    await user.click(await within(row('HOLI20')).findByRole('button', { name: 'Expire HOLI20' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Expire HOLI20?' })).getByRole('button', { name: 'Expire' }),
    );
    await screen.findByText("Coupon 'HOLI20' was expired: it can no longer be used.");
    await waitFor(() => expect(within(row('HOLI20')).getByText('Expired')).toBeTruthy());
  });
});

describe('/coupons: the drawer', () => {
  it('adds a 20% coupon for one listing and two students; the list reloads', async () => {
    const created = coupon('cp-9', 'EXAM-20', {
      applicableForAnyStudent: false,
      studentCouponMobileList: ['9876543210', '9810003797'],
    });
    let saved = false;
    const { user, find } = await setup({
      'GET /publisher/coupon/user': () => ({ body: { data: saved ? [...COUPONS, created] : COUPONS } }),
      'POST /publisher/coupon': () => {
        saved = true;
        return { body: { data: created, message: "Coupon 'EXAM-20' was created." } };
      },
    });
    await screen.findByText('DIWALI500');
    await user.click(page().getByRole('button', { name: 'Add coupon' }));
    const drawer = within(await screen.findByRole('dialog', { name: 'Add coupon' }));
    await user.click(drawer.getByLabelText(/Coupon name/));
    await user.paste('EXAM-20');
    await user.type(drawer.getByLabelText(/Discount \(%\)/), '20');
    await user.click(drawer.getByLabelText(/Description/));
    await user.paste('Twenty off the JEE listing');
    await user.click(drawer.getByRole('combobox', { name: 'Store listings' }));
    await user.click((await listbox()).getByRole('option', { name: 'JEE Main 2027' }));
    await user.keyboard('{Escape}');
    fireEvent.change(drawer.getByLabelText(/Upto/), { target: { value: '2027-01-31' } });
    await user.click(drawer.getByLabelText('Any student'));
    const mobile = drawer.getByLabelText('Student mobile number', { selector: 'input' });
    await user.click(mobile);
    await user.paste('9876543210');
    await user.keyboard('{Enter}');
    await user.paste('9810003797');
    await user.click(drawer.getByRole('button', { name: 'Add' }));
    expect(drawer.getByText('2 students')).toBeTruthy();
    await user.click(drawer.getByRole('button', { name: 'Add coupon' }));

    await waitFor(() => expect(find('POST /publisher/coupon')).toHaveLength(1));
    expect(find('POST /publisher/coupon')[0]?.body).toMatchObject({
      couponName: 'EXAM-20',
      description: 'Twenty off the JEE listing',
      percentage: true,
      amount: 20,
      applicableForEntireCourse: false,
      storeListingInfoList: [{ storeListingId: 'sl-jee' }],
      subjectInfoList: [],
      unlimited: false,
      applicableUpto: '2027-01-31',
      applicableForAnyStudent: false,
      studentCouponMobileList: ['9876543210', '9810003797'],
      usageLimit: false,
      limit: null,
    });
    await screen.findByText("Coupon 'EXAM-20' was created.");
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add coupon' })).toBeNull());
    await screen.findByText('EXAM-20');
  });

  it("checks the form's rules as it is typed: percentage 1-100, Rs. for a flat amount, from after upto, a limit", async () => {
    const { user, find } = await setup();
    await screen.findByText('DIWALI500');
    await user.click(page().getByRole('button', { name: 'Add coupon' }));
    const drawer = within(await screen.findByRole('dialog', { name: 'Add coupon' }));
    await user.type(drawer.getByLabelText(/Coupon name/), 'BAD NAME');
    const amount = drawer.getByLabelText(/Discount \(%\)/);
    await user.type(amount, '120');
    await user.click(drawer.getByRole('button', { name: 'Add coupon' }));
    await drawer.findByText('A percentage must be from 1 to 100 (it is 120)');
    expect(drawer.getByText('Coupon name may hold only letters, digits and single hyphens between them')).toBeTruthy();
    expect(drawer.getByText('Enter the last day the coupon can be used, or make it unlimited')).toBeTruthy();
    expect(
      drawer.getByText('Choose at least one store listing or subject, or make it applicable to the entire course'),
    ).toBeTruthy();

    // the switch makes the amount rupees
    await user.click(drawer.getByLabelText('Percentage'));
    expect(drawer.getByRole('textbox', { name: /Discount \(Rs\.\)/ })).toBe(amount);
    expect(drawer.getByText('Rs.')).toBeTruthy();

    fireEvent.change(drawer.getByLabelText(/From/), { target: { value: '2027-02-10' } });
    fireEvent.change(drawer.getByLabelText(/Upto/), { target: { value: '2027-02-01' } });
    await user.click(drawer.getByLabelText('Usage limit'));
    await user.click(drawer.getByRole('button', { name: 'Add coupon' }));
    await drawer.findByText('The start date (10-02-2027) is after the end date (01-02-2027)');
    expect(drawer.getByText('Enter how many times the coupon can be used')).toBeTruthy();
    expect(find('POST /publisher/coupon')).toHaveLength(0);
  });

  it('accepts a pasted list of numbers, lists the bad ones, and keeps everything typed when the server refuses', async () => {
    const refusal = fillMessage(COUPON_MESSAGES.unknownMobiles, { mobileNumbers: '9123456789' });
    const { user, find } = await setup({
      'POST /publisher/coupon': { status: 400, body: { error: true, message: refusal } },
    });
    await screen.findByText('DIWALI500');
    await user.click(page().getByRole('button', { name: 'Add coupon' }));
    const drawer = within(await screen.findByRole('dialog', { name: 'Add coupon' }));
    await user.click(drawer.getByLabelText(/Coupon name/));
    await user.paste('FRIENDS10');
    await user.type(drawer.getByLabelText(/Discount \(%\)/), '10');
    await user.click(drawer.getByLabelText('Entire course'));
    await user.click(drawer.getByLabelText('Unlimited (no end date)'));
    await user.click(drawer.getByLabelText('Any student'));
    const paste = drawer.getByLabelText('Paste mobile numbers');
    await user.click(paste);
    await user.paste('9876543210, 9810003797\n12345 9123456789;98765abc 9876543210');
    await user.click(drawer.getByRole('button', { name: 'Add pasted numbers' }));
    expect(drawer.getByRole('status').textContent).toBe(
      '3 numbers added. Not mobile numbers (left in the box to correct): 12345, 98765abc.',
    );
    expect((paste as HTMLTextAreaElement).value).toBe('12345\n98765abc');
    expect(drawer.getByText('3 students')).toBeTruthy();
    // each number is looked up: the student's name, or 'no student' before the save says so
    await drawer.findByText('9876543210 · Ananya Sharma');
    await drawer.findByText('9123456789 · no student');
    expect(
      drawer.getByText('No student has this number: 9123456789. Remove it or correct it before saving.'),
    ).toBeTruthy();
    // the number search's rules: letters clear the field
    const single = drawer.getByLabelText<HTMLInputElement>('Student mobile number', { selector: 'input' });
    await user.type(single, '98a');
    expect(single.value).toBe('');

    await user.click(drawer.getByRole('button', { name: 'Add coupon' }));
    await waitFor(() => expect(find('POST /publisher/coupon')).toHaveLength(1));
    expect(find('POST /publisher/coupon')[0]?.body).toMatchObject({
      applicableForEntireCourse: true,
      storeListingInfoList: [],
      unlimited: true,
      applicableUpto: null,
      studentCouponMobileList: ['9876543210', '9810003797', '9123456789'],
    });
    // the drawer says why, at the top and under the numbers, and keeps what was typed
    await waitFor(() => expect(drawer.getAllByText(refusal)).toHaveLength(2));
    expect(drawer.getByLabelText<HTMLInputElement>(/Coupon name/).value).toBe('FRIENDS10');
    expect(drawer.getByText('3 students')).toBeTruthy();
  });

  it('edits a coupon at its version, and asks before closing with unsaved changes', async () => {
    const { user, find } = await setup({
      'PUT /publisher/coupon': { body: { data: { ...HOLI, amount: 25 }, message: "Coupon 'HOLI20' was updated." } },
    });
    await screen.findByText('HOLI20');
    await user.click(within(row('HOLI20')).getByRole('button', { name: 'Edit HOLI20' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit HOLI20' });
    const drawer = within(dialog);
    const amount = drawer.getByLabelText<HTMLInputElement>(/Discount \(%\)/);
    expect(amount.value).toBe('20');
    expect(drawer.getByRole('button', { name: 'JEE Main 2027' })).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '25');
    await user.keyboard('{Escape}');
    const discard = await screen.findByRole('dialog', { name: 'Discard changes?' });
    await user.click(within(discard).getByRole('button', { name: 'Keep editing' }));
    expect(amount.value).toBe('25');
    await user.click(await drawer.findByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(find('PUT /publisher/coupon')).toHaveLength(1));
    expect(find('PUT /publisher/coupon')[0]?.body).toMatchObject({
      couponId: 'cp-2',
      version: 1,
      couponName: 'HOLI20',
      amount: 25,
      storeListingInfoList: [{ storeListingId: 'sl-jee' }],
    });
    await screen.findByText("Coupon 'HOLI20' was updated.");
  });

  it("after someone else's save, says so, keeps what was typed, and loads theirs on request", async () => {
    const stale = fillMessage(MESSAGES.staleVersion, { entity: 'coupon' });
    let theirs = false;
    const { user, find } = await setup({
      'GET /publisher/coupon/user': () => ({
        body: { data: [theirs ? { ...HOLI, amount: 30, version: 2 } : HOLI] },
      }),
      'PUT /publisher/coupon': (request) => {
        if ((request.body as { version: number }).version === 1) {
          theirs = true;
          return { status: 409, body: { error: true, message: stale, errorCode: 'STALE_VERSION' } };
        }
        return { body: { data: { ...HOLI, amount: 35, version: 3 }, message: "Coupon 'HOLI20' was updated." } };
      },
    });
    await screen.findByText('HOLI20');
    await user.click(within(row('HOLI20')).getByRole('button', { name: 'Edit HOLI20' }));
    const drawer = within(await screen.findByRole('dialog', { name: 'Edit HOLI20' }));
    const amount = drawer.getByLabelText<HTMLInputElement>(/Discount \(%\)/);
    await user.clear(amount);
    await user.type(amount, '25');
    await user.click(drawer.getByRole('button', { name: 'Save changes' }));
    await drawer.findByText(stale);
    expect(amount.value).toBe('25');
    await user.click(await drawer.findByRole('button', { name: 'Load latest' }));
    expect(amount.value).toBe('30');
    await user.clear(amount);
    await user.type(amount, '35');
    await user.click(drawer.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(find('PUT /publisher/coupon')).toHaveLength(2));
    expect(find('PUT /publisher/coupon')[1]?.body).toMatchObject({ version: 2, amount: 35 });
  });

  it('shows an expired coupon read-only, with a note', async () => {
    const { user } = await setup();
    await screen.findByText('NEWYEAR2026');
    await user.click(within(row('NEWYEAR2026')).getByRole('button', { name: 'View NEWYEAR2026' }));
    const drawer = within(await screen.findByRole('dialog', { name: 'NEWYEAR2026' }));
    expect(drawer.getByText(/This coupon is expired \(by Farhan Qureshi\): it cannot be edited/)).toBeTruthy();
    // texts stay readable and focusable, but cannot be changed
    expect(drawer.getByRole<HTMLInputElement>('textbox', { name: /Coupon name/ }).readOnly).toBe(true);
    expect(drawer.getByRole<HTMLInputElement>('textbox', { name: /Discount/ }).readOnly).toBe(true);
    expect(drawer.getByRole<HTMLInputElement>('switch', { name: 'Percentage' }).disabled).toBe(true);
    expect(drawer.queryByRole('textbox', { name: 'Student mobile number' })).toBeNull();
    // its listings as text: there is nothing to pick
    expect(drawer.queryByRole('combobox', { name: 'Store listings' })).toBeNull();
    expect(drawer.getByText('JEE Main 2027').tagName).toBe('DD');
    expect(await drawer.findByText('9876543210 · Ananya Sharma')).toBeTruthy();
    expect(drawer.queryByRole('button', { name: 'Save changes' })).toBeNull();
    // a copy starts a new coupon with its terms, a name and days still to give
    await user.click(drawer.getByRole('button', { name: 'Copy to a new coupon' }));
    const copy = within(await screen.findByRole('dialog', { name: 'Add coupon' }));
    expect(copy.getByText('A copy of NEWYEAR2026: give it a name and its days.')).toBeTruthy();
    expect(copy.getByLabelText<HTMLInputElement>(/Coupon name/).value).toBe('');
    expect(copy.getByLabelText<HTMLInputElement>(/Discount \(%\)/).value).toBe('20');
    expect(copy.getByText('9876543210 · Ananya Sharma')).toBeTruthy();
    expect(copy.getByRole('button', { name: 'JEE Main 2027' })).toBeTruthy();
  });
});

describe('/coupons: the tester and the history', () => {
  it('tests a coupon for a student: every reason it does not apply, then the prices before and after', async () => {
    const { user, find } = await setup({
      'GET /publisher/coupon/test/cp-2': (request) => ({
        body: { data: request.query.get('storeListingId') === 'sl-jee' ? APPLIES : REFUSED },
      }),
    });
    await screen.findByText('HOLI20');
    await user.click(within(row('HOLI20')).getByRole('button', { name: 'Test HOLI20' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Test HOLI20' }));
    // the coupon's own listing is chosen first
    expect(dialog.getByRole<HTMLInputElement>('combobox', { name: /Store listing/ }).value).toBe('JEE Main 2027');
    await user.click(dialog.getByRole('combobox', { name: /Store listing/ }));
    await user.click((await listbox()).getByRole('option', { name: 'NEET UG 2027' }));
    const mobile = dialog.getByLabelText<HTMLInputElement>(/Student mobile number/);
    await user.type(mobile, '98100x');
    expect(mobile.value).toBe('');
    await user.paste('9810003797');
    await user.click(dialog.getByRole('button', { name: 'Test' }));
    await dialog.findByText('HOLI20 does not apply');
    const reasons = dialog.getByRole('list', { name: 'Why it does not apply' });
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(["'HOLI20' is valid from 01-03-2027.", "'HOLI20' is not for 'NEET UG 2027'."]);
    expect(find('GET /publisher/coupon/test/cp-2')[0]?.query.toString()).toBe(
      'storeListingId=sl-neet&mobileNumber=9810003797',
    );

    await user.click(dialog.getByRole('combobox', { name: /Store listing/ }));
    await user.click((await listbox()).getByRole('option', { name: 'JEE Main 2027' }));
    await user.click(dialog.getByRole('button', { name: 'Test' }));
    await dialog.findByText('HOLI20 applies');
    const prices = dialog.getByRole('table', { name: 'Prices with HOLI20' });
    expect(within(prices).getAllByRole('row')[1]?.textContent).toBe('12 monthsRs. 12,499Rs. 2,499.80Rs. 9,999.20');
  });

  it("says so when the student's number is unknown", async () => {
    const { user } = await setup({
      'GET /publisher/coupon/test/cp-1': {
        status: 404,
        body: { error: true, message: 'No student found for 9123456789.' },
      },
    });
    await screen.findByText('DIWALI500');
    await user.click(within(row('DIWALI500')).getByRole('button', { name: 'Test DIWALI500' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Test DIWALI500' }));
    await user.click(dialog.getByRole('button', { name: 'Test' }));
    expect(dialog.getByRole('alert').textContent).toBe('Choose a store listing.');
    await user.click(dialog.getByRole('combobox', { name: /Store listing/ }));
    await user.click((await listbox()).getByRole('option', { name: 'NEET UG 2027' }));
    await user.click(dialog.getByLabelText(/Student mobile number/));
    await user.paste('9123456789');
    await user.keyboard('{Enter}');
    await dialog.findByText('No student found for 9123456789.');
  });

  it('shows who changed what and when, with the uses at the time', async () => {
    const { user } = await setup({ 'GET /publisher/coupon/history/cp-1': { body: { data: HISTORY } } });
    await screen.findByText('DIWALI500');
    await user.click(within(row('DIWALI500')).getByRole('button', { name: 'History of DIWALI500' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'History of DIWALI500' }));
    const entries = within(await dialog.findByRole('list', { name: 'Changes of DIWALI500' })).getAllByRole('listitem');
    expect(entries).toHaveLength(2);
    const changed = within(entries[0]!);
    expect(changed.getByRole('heading').textContent).toMatch(/^Changed by Farhan Qureshi, /);
    expect(changed.getByText('Version 2; used 7 times at the time.')).toBeTruthy();
    expect(changed.getAllByRole('row').map((r) => r.textContent)).toEqual([
      'FieldBeforeAfter',
      'DiscountRs. 400Rs. 500',
      'Upto15-11-202631-12-2026',
    ]);
    expect(within(entries[1]!).getByRole('heading').textContent).toMatch(/^Created by Asha Verma, /);
    expect(within(entries[1]!).getAllByRole('row')[1]?.textContent).toBe('NameDIWALI500');
  });

  it('is for FINANCE and SUPER_ADMIN only', async () => {
    await mockApi({});
    renderApp('/coupons', { roles: ['CONTENT_ADMIN'] });
    await screen.findByText(/You don't have required permissions to access Coupons page/, {}, { timeout: 10_000 });
  });
});
