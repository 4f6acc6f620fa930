import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role } from '@lectern/contract';
import { mockApi, type MockHandlers, type RouteKey } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { CATEGORIES, listingItem } from '../test/fixtures';

const NEET = listingItem('sl-1', 'NEET Complete', 'NEET-27', {
  category: {
    categoryId: 'cat-med',
    categoryName: 'Medical',
    subCategory: { subCategoryId: 'sub-neet', subCategoryName: 'NEET' },
  },
  publishState: true,
  featuredOnHomePage: true,
  counts: { subscriptions: 2, previewVideos: 1, testimonials: 1, faqs: 2, questionPapers: 0, recommendationCourses: 0 },
  hasSyllabus: true,
  hasSeo: true,
});
const JEE = listingItem('sl-2', 'JEE Crash', 'JEE-CRASH', { featuredOnLeadPage: true });
const OLD = listingItem('sl-3', 'Old Foundation', 'FOUND-22', { publishState: true, catalogueArchived: true });

async function setup<K extends RouteKey = never>(
  path: string,
  roles: Role[] = ['CONTENT_ADMIN'],
  handlers: MockHandlers<K> = {},
) {
  const api = await mockApi({
    'GET /publisher/storemanager/all': (request) => {
      const flag = (name: 'featuredOnHomePage' | 'featuredOnLeadPage' | 'publishState') => (r: typeof NEET) =>
        !request.query.get(name) || String(r[name]) === request.query.get(name);
      const rows = [NEET, JEE, OLD]
        .filter((r) => !request.query.get('categoryId') || r.category?.categoryId === request.query.get('categoryId'))
        .filter(flag('featuredOnHomePage'))
        .filter(flag('featuredOnLeadPage'))
        .filter(flag('publishState'));
      return { body: { data: rows } };
    },
    'GET /publisher/category/all': { body: { data: CATEGORIES } },
    ...handlers,
  });
  const view = renderApp(path, { roles });
  return { ...api, ...view };
}

function row(name: string): HTMLElement {
  const tr = screen.getByText(new RegExp(`^${name} `)).closest('tr');
  if (!tr) throw new Error(`no row for ${name}`);
  return tr;
}

describe('Store listings', () => {
  it('lists every listing with its catalogue, category and status tags', async () => {
    await setup('/publisher/storeManager/storelistings');
    await screen.findByRole('heading', { level: 1, name: 'Publisher - Store Listings' }, { timeout: 10_000 });
    await screen.findByText(/^NEET Complete /);

    const neet = within(row('NEET Complete'));
    expect(neet.getByText('NEET Complete NEET-27')).toBeTruthy();
    expect(neet.getByText('Medical / NEET')).toBeTruthy();
    expect(neet.getByText('Published')).toBeTruthy();
    expect(neet.getByText('Listed')).toBeTruthy();
    expect(neet.getByText('Featured')).toBeTruthy();
    expect(neet.getByRole('link', { name: 'Edit NEET Complete' }).getAttribute('href')).toBe(
      '/publisher/storeManager/store?storeId=sl-1',
    );

    const jee = within(row('JEE Crash'));
    expect(jee.getByText('Draft')).toBeTruthy();
    expect(jee.getByText('Not Listed')).toBeTruthy();
    expect(jee.getByText('Featured')).toBeTruthy();
    // published, but its catalogue is archived: students cannot find it
    expect(within(row('Old Foundation')).getByText('Not Listed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create store listing' }).getAttribute('href')).toBe(
      '/publisher/storeManager/store',
    );
  });

  it('filters by category and lead page through the URL and the server, and searches', async () => {
    const { user, router, find } = await setup('/publisher/storeManager/storeDetails');
    await screen.findByText(/^NEET Complete /, undefined, { timeout: 10_000 });

    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Medical' }));
    await screen.findByText('1 record found');
    expect(router.state.location.search).toContain('listings.category=cat-med');
    expect(find('GET /publisher/storemanager/all').at(-1)?.query.get('categoryId')).toBe('cat-med');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await screen.findByText('3 records found');
    await user.click(screen.getByRole('combobox', { name: 'Lead page' }));
    await user.click(await screen.findByRole('option', { name: 'Featured on lead page' }));
    await screen.findByText('1 record found');
    expect(screen.getByText(/^JEE Crash /)).toBeTruthy();
    expect(router.state.location.search).toContain('listings.lead=true');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await screen.findByText('3 records found');
    await user.type(screen.getByRole('searchbox'), 'found');
    await screen.findByText('1 record found');
    expect(screen.getByText(/^Old Foundation /)).toBeTruthy();
  });

  it('says when there are no listings, and when the filters match none', async () => {
    await setup('/publisher/storeManager/storelistings?listings.home=true&listings.state=false', ['SUPER_ADMIN']);
    expect(
      await screen.findByText('No store listings match these filters.', undefined, { timeout: 10_000 }),
    ).toBeTruthy();
  });

  it('deletes a draft after asking; a published listing cannot be deleted', async () => {
    const { user, find } = await setup('/publisher/storeManager/storelistings', ['CONTENT_ADMIN'], {
      'DELETE /publisher/storemanager/store/sl-2': {
        body: { data: { storeListingId: 'sl-2' }, message: "Store listing 'JEE Crash' was deleted." },
      },
    });
    await screen.findByText(/^JEE Crash /, undefined, { timeout: 10_000 });
    expect(within(row('NEET Complete')).getByRole('button', { name: 'Delete NEET Complete' })).toHaveProperty(
      'disabled',
      true,
    );
    await user.click(within(row('JEE Crash')).getByRole('button', { name: 'Delete JEE Crash' }));
    const dialog = await screen.findByRole('dialog', { name: "Delete 'JEE Crash'?" });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText("Store listing 'JEE Crash' was deleted.");
    expect(find('DELETE /publisher/storemanager/store/sl-2')).toHaveLength(1);
  });

  it("says why a published listing's Delete is unavailable, by tap or keyboard as well as hover", async () => {
    const { user } = await setup('/publisher/storeManager/storelistings');
    await screen.findByText(/^NEET Complete /, undefined, { timeout: 30_000 });
    const reason = "'NEET Complete' is published in the store. Save it as a draft first, then delete it.";
    const neet = within(row('NEET Complete'));
    // the disabled button is described by the reason, for screen readers
    expect(neet.getByRole('button', { name: 'Delete NEET Complete' })).toHaveProperty('disabled', true);
    expect(neet.getByRole('button', { name: 'Delete NEET Complete' }).getAttribute('aria-describedby')).toBeTruthy();
    expect(
      document.getElementById(
        neet.getByRole('button', { name: 'Delete NEET Complete' }).getAttribute('aria-describedby') ?? '',
      )?.textContent,
    ).toBe(reason);
    // a tap on the info button beside it shows the reason; a draft's Delete has none
    const why = neet.getByRole('button', { name: 'Why Delete is unavailable' });
    await user.click(why);
    expect((await screen.findByRole('tooltip')).textContent).toBe(reason);
    expect(within(row('JEE Crash')).queryByRole('button', { name: 'Why Delete is unavailable' })).toBeNull();
  });

  it('shows a failed load with Retry', async () => {
    await setup('/publisher/storeManager/storelistings', ['CONTENT_ADMIN'], {
      'GET /publisher/storemanager/all': {
        status: 500,
        body: { error: true, message: 'Something went wrong. Please try again later.' },
      },
    });
    expect(await screen.findByRole('button', { name: 'Retry' }, { timeout: 10_000 })).toBeTruthy();
  });

  it('shows how complete each listing is, with what is missing, on the details list', async () => {
    await setup('/publisher/storeManager/storeDetailsList');
    await screen.findByRole('heading', { level: 1, name: 'Publisher - Store Details List' }, { timeout: 10_000 });
    await screen.findByText(/^NEET Complete /);
    const neet = within(row('NEET Complete'));
    // SEO, FAQs, testimonials, syllabus, preview video: 5 of 6
    expect(neet.getByText('83%')).toBeTruthy();
    expect(neet.getByText(/2 plans · 1 video\s+2 FAQs · 1 testimonial\s+0 papers · 0 recommended/)).toBeTruthy();
    expect(neet.getByRole('button', { name: 'What is missing' })).toBeTruthy();
    expect(within(row('JEE Crash')).getByText('0%')).toBeTruthy();
  });

  it('gives FINANCE the page-permission message', async () => {
    await setup('/publisher/storeManager/storelistings', ['FINANCE']);
    expect(
      await screen.findByText(
        "You don't have required permissions to access Publisher - Store Listings page(s).",
        undefined,
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
  });
});
