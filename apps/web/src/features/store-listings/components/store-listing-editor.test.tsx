import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, type MockHandlers, type RouteKey } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { CATEGORIES, NEET_CATALOGUE, listingItem, recommended, storeListing } from '../test/fixtures';

const SAVED = storeListing();

async function setup<K extends RouteKey = never>(path: string, handlers: MockHandlers<K> = {}) {
  const api = await mockApi({
    'GET /publisher/storemanager/store/sl-1': { body: { data: SAVED } },
    'GET /publisher/storemanager/course/all': { body: { data: [NEET_CATALOGUE] } },
    'GET /publisher/category/all': { body: { data: CATEGORIES } },
    'GET /publisher/storemanager/recommendation/storelisting/sl-1': {
      body: { data: [recommended('sl-2', 'JEE Crash'), recommended('sl-3', 'Foundation 9')] },
    },
    'GET /publisher/storemanager/all': { body: { data: [listingItem('sl-2', 'JEE Crash', 'JEE-CRASH')] } },
    'PUT /publisher/storemanager/update': () => ({
      body: { data: { ...SAVED, version: 4 }, message: 'Saved.' },
    }),
    ...handlers,
  });
  const view = renderApp(path, { roles: ['CONTENT_ADMIN'] });
  return { ...api, ...view };
}

// Role queries compute styles for every element they consider, and the editor's page holds many
// buttons: each looks only where its answer is (the stepper, the open step, the page's header).
const main = () => within(screen.getByRole('main'));
const step = (name: string) =>
  within(screen.getByRole('main').querySelector<HTMLElement>('.MuiStepper-root')!).getByRole('button', {
    name: new RegExp(`^${name}`),
  });
/** The page's header, where the editor's save button comes first. */
const header = () => within(screen.getByRole('heading', { level: 1 }).closest('header')!);
/** The open step, once shown: its title and its fields. */
const openStep = async (name: string) =>
  within((await main().findByRole('heading', { level: 2, name })).parentElement!);

describe('Store listing editor', () => {
  it('asks for the catalogue and the code before creating, and names the step', async () => {
    const { user, find } = await setup('/publisher/storeManager/store');
    await screen.findByRole('heading', { level: 1, name: 'Create store listing' }, { timeout: 10_000 });
    await user.click(header().getByRole('button', { name: 'Create listing' }));
    expect(await screen.findByText('Choose the catalogue to list.')).toBeTruthy();
    expect(screen.getByText('Store listing code must be at least 2 characters.')).toBeTruthy();
    expect(screen.getByText('Some steps need attention: their problems are named under the steps.')).toBeTruthy();
    expect(find('POST /publisher/storemanager/create')).toHaveLength(0);
  });

  it('edits a listing: the meter names what is missing, FAQs reorder by keyboard, delete asks, the save sends the version seen', async () => {
    const { user, find } = await setup('/publisher/storeManager/store?storeId=sl-1');
    await screen.findByRole('heading', { level: 1, name: /^NEET Complete 2027/ }, { timeout: 10_000 });
    const meter = screen.getByTestId('completeness-meter');
    expect(within(meter).getByText('83%')).toBeTruthy();
    expect(within(meter).getByText('Missing: a recommended listing.')).toBeTruthy();

    await user.click(step('Testimonials and FAQs'));
    const content = await openStep('Testimonials and FAQs');
    await user.click(await content.findByRole('button', { name: 'Move FAQ 1: Is there a free trial? down' }));
    expect(content.getByRole('listitem', { name: 'FAQ 1: Are classes recorded?' })).toBeTruthy();

    await user.click(content.getByRole('button', { name: 'Delete Testimonial 1: Riya Sen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this testimonial?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('listitem', { name: /^Testimonial 1/ })).toBeNull();

    await user.click(step('Recommendations'));
    await user.click(await (await openStep('Recommendations')).findByRole('checkbox', { name: /JEE Crash/ }));
    expect(within(meter).getByText('Missing: at least one testimonial.')).toBeTruthy();

    await user.click(header().getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(find('PUT /publisher/storemanager/update')).toHaveLength(1));
    const body = find('PUT /publisher/storemanager/update')[0]!.body as Record<string, unknown>;
    expect(body.version).toBe(3);
    expect(body.faqs).toEqual([SAVED.faqs[1], SAVED.faqs[0]]);
    expect(body.testimonials).toEqual([]);
    expect(body.recommendationCourses).toEqual(['sl-2']);
  });

  it('shows a stale version clearly, with Load latest, and keeps what was typed', async () => {
    let reads = 0;
    const { user } = await setup('/publisher/storeManager/store?storeId=sl-1', {
      'PUT /publisher/storemanager/update': {
        status: 409,
        body: {
          error: true,
          message: 'This store listing was changed by someone else since you opened it. Load the latest version.',
          errorCode: 'STALE_VERSION',
        },
      },
      // someone else published it: the editor reads the newer version after the refusal
      'GET /publisher/storemanager/store/sl-1': () => ({
        body: {
          data:
            (reads += 1) === 1 ? SAVED : { ...SAVED, version: SAVED.version + 1, publishState: !SAVED.publishState },
        },
      }),
    });
    await screen.findByRole('heading', { level: 1, name: /^NEET Complete 2027/ }, { timeout: 10_000 });
    await user.click(step('SEO'));
    const title = await (await openStep('SEO')).findByRole('textbox', { name: 'SEO title' });
    await user.clear(title);
    await user.paste('NEET 2027 online');
    expect(screen.getByText(/16 \/ 70 characters/)).toBeTruthy();
    expect(within(screen.getByTestId('search-preview')).getByText('NEET 2027 online')).toBeTruthy();
    expect(screen.getByTestId('json-ld').textContent).toContain('"name": "NEET 2027 online"');
    // staff read the course in words; the JSON-LD itself stays folded until asked for
    expect(screen.getByTestId('structured-data-summary').textContent).toContain('NEET 2027 online');
    expect(
      screen.getByRole('button', { name: 'The code search engines read (JSON-LD)' }).getAttribute('aria-expanded'),
    ).toBe('false');
    await user.click(header().getByRole('button', { name: 'Save changes' }));
    const alert = await screen.findByTestId('save-error');
    expect(alert.textContent).toContain('This store listing was changed by someone else since you opened it.');
    expect(await within(alert).findByRole('button', { name: 'Load latest' })).toBeTruthy();
    expect(within(alert).getByText(/Changed on the server: Published\./)).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Overwrite with mine' })).toBeTruthy();
    expect((screen.getByLabelText('SEO title') as HTMLInputElement).value).toBe('NEET 2027 online');
  });

  it('asks before unsaved changes are left behind', async () => {
    const { user, router } = await setup('/publisher/storeManager/store?storeId=sl-1');
    await screen.findByRole('heading', { level: 1, name: /^NEET Complete 2027/ }, { timeout: 10_000 });
    await user.click(step('Content'));
    await user.type(await (await openStep('Content')).findByRole('textbox', { name: 'Programs' }), ', Crash course');
    await user.click(screen.getByRole('link', { name: /back/i }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/publisher/storeManager/store');
    expect((screen.getByLabelText('Programs') as HTMLInputElement).value).toBe('Two-year program, Crash course');
  });

  it('previews the saved listing at phone and desktop widths', async () => {
    const { user } = await setup('/publisher/storeManager/store?storeId=sl-1&preview=phone');
    const preview = await screen.findByTestId('listing-preview', undefined, { timeout: 10_000 });
    expect(preview.getAttribute('data-width')).toBe('phone');
    expect(within(preview).getByText('Rs. 4,999')).toBeTruthy();
    expect(within(preview).getByText('Is there a free trial?')).toBeTruthy();
    await user.click(
      within(screen.getByRole('group', { name: 'Preview width' })).getByRole('button', { name: 'Desktop' }),
    );
    expect(screen.getByTestId('listing-preview').getAttribute('data-width')).toBe('desktop');
    await user.click(header().getByRole('button', { name: 'Back to editing' }));
    expect(screen.queryByTestId('listing-preview')).toBeNull();
  });
});
