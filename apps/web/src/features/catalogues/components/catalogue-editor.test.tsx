import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role } from '@lectern/contract';
import { mockApi, type MockHandlers, type RouteKey } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { SUBJECTS, detail } from '../test/fixtures';

const SAVED = detail('c-1', 'NEET Complete', 'NEET-2027');

async function setup<K extends RouteKey = never>(roles: Role[], path: string, handlers: MockHandlers<K> = {}) {
  const api = await mockApi({
    'GET /publisher/publisher/subject/all': { body: { data: SUBJECTS } },
    'GET /publisher/cataloguemanager/catalogue/c-1': { body: { data: SAVED } },
    'GET /file-explorer-service/cloud/preview-videos/c-1': { body: { data: { catalogueId: 'c-1', fileList: [] } } },
    ...handlers,
  });
  const view = renderApp(`/publisher/catalogueManager/createCatalogue${path}`, { roles });
  return { ...api, ...view };
}

// Role queries compute styles for every element they consider: each looks only where its answer is
// (the stepper, the page), not through the whole app and its navigation.
const main = () => within(screen.getByRole('main'));
/** The page's header, where the editor's save button comes first. */
const header = () => within(screen.getByRole('heading', { level: 1 }).closest('header')!);
/** The open step: its title and its fields. */
const openStep = (name: string) => within(main().getByRole('heading', { level: 2, name }).parentElement!);
const stepButton = (label: string) =>
  within(screen.getByRole('main').querySelector<HTMLElement>('.MuiStepper-root')!).getByRole('button', {
    name: new RegExp(`^${label}`),
  });

/** Enters `text` in a field the way a paste does: the test is about what is entered, not the typing. */
async function enter(user: Awaited<ReturnType<typeof setup>>['user'], field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

describe('Catalogue editor', () => {
  it("names each step's problem on save: a colour that is not hex, a negative price, a subscription without an end date or months", async () => {
    const { user, find } = await setup(['CONTENT_ADMIN'], '');
    await screen.findByRole('heading', { level: 1, name: 'Create catalogue' }, { timeout: 10_000 });
    await enter(user, screen.getByLabelText(/Catalogue name/), 'NEET Complete');
    await enter(user, screen.getByLabelText(/Catalogue code/), 'NEET-2027');

    await user.click(stepButton('Theme'));
    const card = screen.getByLabelText('Card background colour');
    await user.clear(card);
    await user.paste('blue');

    await user.click(stepButton('Subscriptions and add-ons'));
    await user.click(openStep('Subscriptions and add-ons').getByRole('button', { name: 'Add subscription' }));
    await user.click(openStep('Subscriptions and add-ons').getByRole('button', { name: 'Add subscription' }));
    await user.click(openStep('Subscriptions and add-ons').getByRole('button', { name: 'Add subscription' }));
    const [first, second, third] = screen.getAllByRole('region', { name: /^Subscription \d$/ });
    await enter(user, within(first!).getByLabelText(/Subscription label/), 'One year');
    await enter(user, within(first!).getByLabelText(/^Price/), '-4999');
    await enter(user, within(second!).getByLabelText(/Subscription label/), 'Till the exam');
    await enter(user, within(second!).getByLabelText(/^Price/), '2999');
    await user.click(within(second!).getByRole('combobox', { name: 'Subscription type' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Fixed: ends on a date' }));
    await enter(user, within(third!).getByLabelText(/Subscription label/), 'Monthly');
    await enter(user, within(third!).getByLabelText(/^Price/), '499');
    await user.clear(within(third!).getByLabelText(/Number of months/));

    await user.click(header().getByRole('button', { name: 'Create catalogue' }));

    const stepper = await screen.findByText('Card background colour must be a colour like #5850EC.', {
      selector: '[role="alert"]',
    });
    expect(stepper.textContent).toBe('Card background colour must be a colour like #5850EC.');
    expect(screen.getByText('Subscription 1: Price cannot be negative. (and 2 more)')).toBeTruthy();
    // the first step with a problem opens, its field says it too
    expect(main().getByRole('heading', { level: 2, name: 'Theme' })).toBeTruthy();
    expect(screen.getByText('Card background colour must be a colour like #5850EC.', { selector: 'p' }).id).toBe(
      screen.getByLabelText('Card background colour').getAttribute('aria-describedby'),
    );

    await user.click(stepButton('Subscriptions and add-ons'));
    expect(within(second!).queryByText('A FIXED subscription needs an end date.')).toBeNull();
    const [, fixed, monthly] = screen.getAllByRole('region', { name: /^Subscription \d$/ });
    expect(within(fixed!).getByText('A FIXED subscription needs an end date.')).toBeTruthy();
    expect(within(monthly!).getByText('A DURATION subscription needs a number of months.')).toBeTruthy();
    expect(find('POST /publisher/cataloguemanager/create')).toHaveLength(0);
  }, 60_000);

  it('creates a catalogue with prices typed in rupees sent in paise, and totals that follow the chosen subjects', async () => {
    const created = detail('c-9', 'NEET Complete', 'NEET-2027', { version: 0 });
    const { user, find, router } = await setup(['CONTENT_ADMIN'], '', {
      'POST /publisher/cataloguemanager/create': {
        body: { data: created, message: "Catalogue 'NEET Complete' was created." },
      },
      'GET /publisher/cataloguemanager/catalogue/c-9': { body: { data: created } },
      'GET /file-explorer-service/cloud/preview-videos/c-9': { body: { data: { catalogueId: 'c-9', fileList: [] } } },
    });
    await screen.findByRole('heading', { level: 1, name: 'Create catalogue' }, { timeout: 10_000 });
    await enter(user, screen.getByLabelText(/Catalogue name/), 'NEET Complete');
    await enter(user, screen.getByLabelText(/Catalogue code/), 'NEET-2027');

    await user.click(stepButton('Subjects'));
    const totals = () => screen.getByTestId('subject-totals').textContent;
    await screen.findByText('Physics');
    expect(totals()).toContain('Total videos: 0');
    await user.click(screen.getByText('Physics'));
    await user.click(screen.getByText('Chemistry'));
    expect(totals()).toContain('Total videos: 20');
    expect(totals()).toContain('Total hours: 3.5');

    await user.click(stepButton('Subscriptions and add-ons'));
    await user.click(openStep('Subscriptions and add-ons').getByRole('button', { name: 'Add subscription' }));
    const subscription = screen.getByRole('region', { name: 'Subscription 1' });
    await enter(user, within(subscription).getByLabelText(/Subscription label/), 'One year');
    await user.type(within(subscription).getByLabelText(/^Price/), '4999');
    expect(within(subscription).getByText('Reads as Rs. 4,999')).toBeTruthy();
    await user.type(within(subscription).getByLabelText(/^List price/), '12,34,567.50');
    expect(within(subscription).getByText('Reads as Rs. 12,34,567.50')).toBeTruthy();
    await user.click(openStep('Subscriptions and add-ons').getByRole('button', { name: 'Add add-on' }));
    const addOn = screen.getByRole('region', { name: 'Add-on 1' });
    await enter(user, within(addOn).getByLabelText(/Add-on name/), 'Printed notes');
    await user.type(within(addOn).getByLabelText(/Add-on price/), 'Rs. 1,499.50');

    await user.click(header().getByRole('button', { name: 'Create catalogue' }));
    await waitFor(() => expect(find('POST /publisher/cataloguemanager/create')).toHaveLength(1));
    const body = find('POST /publisher/cataloguemanager/create')[0]?.body as Record<string, unknown>;
    expect(body.subjectIds).toEqual(['s-1', 's-2']);
    expect(body.subscriptions).toEqual([
      {
        subscriptionLabel: 'One year',
        subscriptionType: 'DURATION',
        featured: false,
        price: 499_900,
        listPrice: 123_456_750,
        numberOfMonths: 12,
        subscriptionEndDate: null,
      },
    ]);
    expect(body.addOns).toEqual([
      { addOnName: 'Printed notes', price: 149_950, description: '', automationType: 'NONE' },
    ]);
    await screen.findByText("Catalogue 'NEET Complete' was created.");
    // the new catalogue's own address, without asking to leave unsaved changes
    await waitFor(() => expect(router.state.location.search).toBe('?catalogueId=c-9'));
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull();
  }, 60_000);

  it('asks before leaving unsaved changes', async () => {
    const { user, router } = await setup(['CONTENT_ADMIN'], '?catalogueId=c-1');
    const name = await screen.findByLabelText(/Catalogue name/, undefined, { timeout: 10_000 });
    await user.type(name, ' 2027');
    await user.click(screen.getByRole('link', { name: 'Back' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/publisher/catalogueManager/createCatalogue');
    expect((screen.getByLabelText(/Catalogue name/) as HTMLInputElement).value).toBe('NEET Complete 2027');
  });

  it('meets a stale version as every editor does: edits kept, what changed named, Load latest', async () => {
    const stale = 'This catalogue was changed by someone else. Load the latest version and try again.';
    let reads = 0;
    const { user, find } = await setup(['CONTENT_ADMIN'], '?catalogueId=c-1', {
      'PUT /publisher/cataloguemanager/update': {
        status: 409,
        body: { error: true, message: stale, errorCode: 'STALE_VERSION' },
      },
      // someone else renamed it: the editor reads the newer version after the refusal
      'GET /publisher/cataloguemanager/catalogue/c-1': () => ({
        body: {
          data:
            (reads += 1) === 1
              ? SAVED
              : { ...SAVED, version: 5, catalogueInfo: { ...SAVED.catalogueInfo, catalogueName: 'NEET Prime' } },
        },
      }),
    });
    const name = await screen.findByLabelText(/Catalogue name/, undefined, { timeout: 10_000 });
    await user.type(name, ' 2027');
    await user.click(header().getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(find('PUT /publisher/cataloguemanager/update')).toHaveLength(1));
    expect(find('PUT /publisher/cataloguemanager/update')[0]?.body).toMatchObject({ catalogueId: 'c-1', version: 4 });
    // said once, in the notice beside the form: no snackbar repeats it
    expect(await screen.findByText(stale)).toBeTruthy();
    // the edits are kept, what changed is named, and the two ways on are offered
    expect(await screen.findByText(/Changed on the server: Details\./)).toBeTruthy();
    expect((screen.getByLabelText(/Catalogue name/) as HTMLInputElement).value).toBe('NEET Complete 2027');
    expect(main().getByRole('button', { name: 'Overwrite with mine' })).toBeTruthy();
    await user.click(main().getByRole('button', { name: 'Load latest' }));
    expect((screen.getByLabelText(/Catalogue name/) as HTMLInputElement).value).toBe('NEET Prime');
  });

  it('lets FINANCE change prices only: other fields are read-only and only subscriptions and add-ons are sent', async () => {
    const { user, find } = await setup(['FINANCE'], '?catalogueId=c-1', {
      // a save at any other version than the one loaded is refused, as the server would
      'PUT /publisher/cataloguemanager/update': (request) =>
        request.body.version === 4
          ? { body: { data: { ...SAVED, version: 5 }, message: "Catalogue 'NEET Complete' was updated." } }
          : { status: 409, body: { error: true, message: 'This catalogue was changed by someone else.' } },
    });
    // FINANCE opens on the prices
    await screen.findByRole('heading', { level: 2, name: 'Subscriptions and add-ons' }, { timeout: 10_000 });
    const addOn = screen.getByRole('region', { name: 'Add-on 1' });
    expect((within(addOn).getByLabelText(/Add-on name/) as HTMLInputElement).readOnly).toBe(true);
    expect((within(addOn).getByLabelText(/Add-on price/) as HTMLInputElement).readOnly).toBe(false);
    expect(screen.queryByRole('button', { name: 'Add add-on' })).toBeNull();

    const subscription = screen.getByRole('region', { name: 'Subscription 1' });
    const price = within(subscription).getByLabelText(/^Price/);
    await user.clear(price);
    await user.type(price, '5,499');
    await user.clear(within(addOn).getByLabelText(/Add-on price/));
    await user.type(within(addOn).getByLabelText(/Add-on price/), '1,299');

    await user.click(stepButton('Details'));
    for (const label of [/Catalogue name/, /Catalogue code/, /Description/, /Publisher name/]) {
      expect((screen.getByLabelText(label) as HTMLInputElement).readOnly).toBe(true);
    }
    expect((screen.getByRole('switch', { name: 'Featured' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Choose logo' })).toBeNull();
    await user.click(stepButton('Theme'));
    expect((screen.getByLabelText('Card background colour') as HTMLInputElement).readOnly).toBe(true);

    await user.click(header().getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(find('PUT /publisher/cataloguemanager/update')).toHaveLength(1));
    const body = find('PUT /publisher/cataloguemanager/update')[0]?.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['addOns', 'catalogueId', 'subscriptions', 'version']);
    expect(body.subscriptions).toEqual([
      {
        subscriptionId: 'sub-1',
        subscriptionLabel: 'One year',
        subscriptionType: 'DURATION',
        featured: false,
        price: 549_900,
        listPrice: null,
        numberOfMonths: 12,
        subscriptionEndDate: null,
      },
    ]);
    expect(body.addOns).toEqual([
      {
        addOnId: 'ao-1',
        addOnName: 'Printed notes',
        price: 129_900,
        description: 'Delivered to your door',
        automationType: 'DELIVERY',
      },
    ]);
    await screen.findByText("Catalogue 'NEET Complete' was updated.");
  }, 60_000);

  it('tells FINANCE that only publisher staff create catalogues', async () => {
    await setup(['FINANCE'], '');
    await screen.findByText(/Only publisher staff create catalogues/, undefined, { timeout: 10_000 });
  });
});
