import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES, type subjectsContract } from '@lectern/contract';
import { mockApi, type MockResponse } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { fail, listItem, ok, subjectDetail } from '../test/fixtures';

const LISTING = [
  listItem('s-geo', 'Physical Geography', 'IN_PROGRESS', 'UNASSIGNED', { contentDevelopers: [], unitCount: 0 }),
  listItem('s-cell', 'Cell Biology', 'IN_PROGRESS', 'NEWLY_ASSIGNED', { unitCount: 0, duration: 0 }),
  listItem('s-org', 'Organic Chemistry', 'IN_PROGRESS', 'IN_PROGRESS', { duration: 3725 }),
  listItem('s-eco', 'Indian Economy', 'IN_PROGRESS', 'IN_PROGRESS', {
    duration: 59,
    unitCount: 1,
    topicCount: 1,
    subTopicCount: 1,
  }),
  listItem('s-pol', 'Indian Polity', 'FINISHED', 'FINISHED'),
  listItem('s-quant', 'Quantitative Aptitude', 'PUBLISHED', 'PUBLISHED', { duration: 36_000 }),
];

/** What a row's cells read, left to right. */
function cells(table: HTMLElement, name: string): (string | null)[] {
  const tr = within(table).getByText(name).closest('tr');
  if (!tr) throw new Error(`no row for ${name}`);
  return Array.from(tr.querySelectorAll('td')).map((cell) => cell.textContent);
}

const tabs = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

describe('Subject Management listing', () => {
  it('groups subjects with a count per group and durations as H:MM:SS', async () => {
    await mockApi({ 'GET /subjects/subject/all': ok(LISTING) });
    const { user } = renderApp('/subject-management', { roles: ['CONTENT_ADMIN'] });

    // the first render loads the page's chunk
    await screen.findByRole('heading', { level: 1, name: 'Subject Management' }, { timeout: 5000 });
    await screen.findByRole('tab', { name: 'Unassigned (1)' });
    expect(tabs()).toEqual([
      'Unassigned (1)',
      'Newly assigned (1)',
      'In progress (2)',
      'Finished (1)',
      'Ready to be published (0)',
      'Published (1)',
    ]);
    // the first group with subjects opens by default
    expect(screen.getByRole('tab', { name: 'Unassigned (1)' }).getAttribute('aria-selected')).toBe('true');

    await user.click(screen.getByRole('tab', { name: 'In progress (2)' }));
    const table = await screen.findByRole('table', { name: 'In progress' });
    // name, developer, reviewer, contents, duration (H:MM:SS), status, last activity
    expect(cells(table, 'Organic Chemistry')).toEqual([
      '',
      'Organic Chemistry',
      'Priya Raghavan',
      'Rohan Iyer',
      '2 units, 4 topics, 8 sub-topics',
      '1:02:05',
      'In progress',
      'Priya Raghavan created the subject',
    ]);
    expect(cells(table, 'Indian Economy')).toEqual([
      '',
      'Indian Economy',
      'Priya Raghavan',
      'Rohan Iyer',
      '1 unit, 1 topic, 1 sub-topic',
      '0:00:59',
      'In progress',
      'Priya Raghavan created the subject',
    ]);
    const link = within(table).getByRole('link', { name: 'Open Organic Chemistry' });
    expect(link.getAttribute('href')).toBe('/subject-management/subject-details?subjectId=s-org');

    await user.click(screen.getByRole('tab', { name: 'Published (1)' }));
    const published = await screen.findByRole('table', { name: 'Published' });
    expect(cells(published, 'Quantitative Aptitude')).toEqual([
      '',
      'Quantitative Aptitude',
      'Priya Raghavan',
      'Rohan Iyer',
      '2 units, 4 topics, 8 sub-topics',
      '10:00:00',
      'Published',
      'Priya Raghavan created the subject',
    ]);
  });

  it('searches across every group and updates the counts', async () => {
    await mockApi({ 'GET /subjects/subject/all': ok(LISTING) });
    const { user } = renderApp('/subject-management?group=IN_PROGRESS', { roles: ['CONTENT_ADMIN'] });
    await screen.findByRole('tab', { name: 'In progress (2)' });
    await user.type(screen.getByRole('searchbox', { name: 'Search subjects' }), 'economy');
    await screen.findByRole('tab', { name: 'In progress (1)' });
    expect(tabs()).toEqual([
      'Unassigned (0)',
      'Newly assigned (0)',
      'In progress (1)',
      'Finished (0)',
      'Ready to be published (0)',
      'Published (0)',
    ]);
    expect(within(screen.getByRole('table', { name: 'In progress' })).queryByText('Organic Chemistry')).toBeNull();
  });

  it('creates a subject from the drawer and posts what was entered', async () => {
    const created = { ...subjectDetail({ role: 'admin', units: [] }), subjectId: 's-new', subjectName: 'Genetics' };
    const api = await mockApi({
      'GET /subjects/subject/all': ok(LISTING),
      'POST /subjects/subject': () => ({ status: 201, ...ok(created, "Subject 'Genetics' was created.") }),
    });
    const { user, router } = renderApp('/subject-management', { roles: ['CONTENT_ADMIN'] });

    await user.click(await screen.findByRole('button', { name: 'Create Subject' }));
    const drawer = await screen.findByRole('dialog', { name: 'Create Subject' });
    expect(within(drawer).getByText(/^Uploading images to storage/).textContent).toBe(
      'Uploading images to storage arrives in a later release: for now the subject keeps the name of the cropped image, and the preview stays in this browser.',
    );
    await user.type(within(drawer).getByRole('textbox', { name: 'Subject name' }), '  Genetics ');
    await user.type(within(drawer).getByRole('textbox', { name: 'Description' }), 'Heredity and variation.');
    await user.click(within(drawer).getByRole('switch', { name: 'Coming soon' }));
    await user.click(within(drawer).getByRole('button', { name: 'Create subject' }));

    await waitFor(() => expect(api.find('POST /subjects/subject')).toHaveLength(1));
    expect(api.find('POST /subjects/subject')[0]?.body).toEqual({
      subjectName: 'Genetics',
      description: 'Heredity and variation.',
      comingSoon: true,
      locked: false,
      instructors: [],
      imagePath: null,
      imageName: null,
    });
    expect((await screen.findByText("Subject 'Genetics' was created.")).closest('[role="status"]')).not.toBeNull();
    await waitFor(() => expect(router.state.location.search).toBe('?subjectId=s-new'));
    expect(router.state.location.pathname).toBe('/subject-management/subject-details');
  });

  it('refuses to create a subject without a name', async () => {
    const api = await mockApi({ 'GET /subjects/subject/all': ok(LISTING) });
    const { user } = renderApp('/subject-management', { roles: ['SUPER_ADMIN'] });
    await user.click(await screen.findByRole('button', { name: 'Create Subject' }));
    const drawer = await screen.findByRole('dialog', { name: 'Create Subject' });
    await user.click(within(drawer).getByRole('button', { name: 'Create subject' }));
    const name = within(drawer).getByRole('textbox', { name: 'Subject name' });
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    // the message under the field
    expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Subject name is required',
    );
    expect(api.find('POST /subjects/subject')).toHaveLength(0);
  });

  it('asks before deleting the selected subjects, and shows the permission message on 403', async () => {
    let answer: MockResponse<typeof subjectsContract.delete> = fail(403, MESSAGES.unauthorized);
    const api = await mockApi({
      'GET /subjects/subject/all': ok(LISTING),
      'DELETE /subjects/subject': () => answer,
    });
    const { user } = renderApp('/subject-management?group=IN_PROGRESS', { roles: ['CONTENT_ADMIN'] });
    const table = await screen.findByRole('table', { name: 'In progress' });
    await within(table).findByText('Organic Chemistry');
    await user.click(within(table).getAllByRole('checkbox', { name: 'Select row' })[0]!);
    await user.click(screen.getByRole('button', { name: 'Delete' }));

    const dialog = await screen.findByRole('dialog', { name: 'Delete subject?' });
    expect(dialog.textContent).toContain("'Organic Chemistry' will be deleted with all its units");
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.find('DELETE /subjects/subject')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete subject?' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(api.find('DELETE /subjects/subject')).toHaveLength(1));
    expect(api.find('DELETE /subjects/subject')[0]?.body).toEqual({ subjectIds: ['s-org'] });
    expect((await screen.findByText(MESSAGES.subjectDeleteForbidden)).closest('[role="alert"]')).not.toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    answer = ok({ deleted: ['s-org'] }, '1 subject deleted.');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete subject?' })).getByRole('button', { name: 'Delete' }),
    );
    expect((await screen.findByText('1 subject deleted.')).closest('[role="status"]')).not.toBeNull();
  });

  it('gives developers no create, select or delete', async () => {
    await mockApi({ 'GET /subjects/subject/all': ok(LISTING.slice(2, 4)) });
    renderApp('/subject-management', { roles: ['CONTENT_DEVELOPER'] });
    const table = await screen.findByRole('table', { name: 'In progress' });
    await within(table).findByText('Organic Chemistry');
    expect(screen.queryByRole('button', { name: 'Create Subject' })).toBeNull();
    expect(within(table).queryByRole('checkbox')).toBeNull();
  });
});
