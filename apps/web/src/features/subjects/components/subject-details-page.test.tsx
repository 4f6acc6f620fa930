import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES, fillMessage, type SubjectDetail } from '@lectern/contract';
import type { Role } from '@lectern/contract';
import { mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { UPLOADER_REASON } from '../hooks/use-subject-permissions';
import { fail, ok, subjectDetail, subtopic, topic, unit } from '../test/fixtures';

const DETAILS = '/subject-management/subject-details?subjectId=subj-1';
const GET = 'GET /subjects/subject/subjectid/subj-1';
const STALE = fillMessage(MESSAGES.staleVersion, { entity: 'subject' });

function figure(label: string): string {
  const term = screen.getByText(`${label}:`, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

async function openPage(path: string, roles: Role[]) {
  const view = renderApp(path, { roles });
  await screen.findByRole('heading', { level: 1, name: 'Subject Management - Subject Details' }, { timeout: 5000 });
  await screen.findByRole('table', { name: 'Units' });
  return view;
}

describe('Subject details', () => {
  it('shows the subject with its state and every total, times as H:MM:SS', async () => {
    await mockApi({ [GET]: ok(subjectDetail()) });
    await openPage(DETAILS, ['CONTENT_DEVELOPER']);
    expect(screen.getByTestId('subject-name').textContent).toBe('Organic Chemistry');
    // the state badge beside the name
    expect(screen.getByTestId('subject-name').nextElementSibling?.textContent).toBe('In progress');
    expect(figure('Units')).toBe('2');
    expect(figure('Active units')).toBe('2');
    expect(figure('Topics')).toBe('2');
    expect(figure('Sub-topics')).toBe('3');
    expect(figure('Active sub-topics')).toBe('3');
    expect(figure('Total video time')).toBe('1:12:05');
    expect(figure('Active video time')).toBe('1:12:05');
    // unit 1 is free trial: its two sub-topics, one with 3725 s of video
    expect(figure('Free-trial sub-topics')).toBe('2');
    expect(figure('Free-trial video time')).toBe('1:02:05');
    const units = screen.getByRole('table', { name: 'Units' });
    expect(within(units).getByRole('link', { name: 'Topics of Hydrocarbons' }).getAttribute('href')).toBe(
      '/subject-management/subject-details/topics?subjectId=subj-1&unitId=unit-1',
    );
    expect(screen.queryByTestId('edit-notice')).toBeNull();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send for review' }).disabled).toBe(false);
  });

  it('points a subject with no units to the add box below the table', async () => {
    await mockApi({ [GET]: ok(subjectDetail({ units: [] })) });
    await openPage(DETAILS, ['CONTENT_DEVELOPER']);
    const units = screen.getByRole('table', { name: 'Units' });
    expect(within(units).getByText('No units yet. Add the first unit below.')).toBeTruthy();
    const input = screen.getByRole('textbox', { name: 'New unit name' });
    // the box really is below: it follows the table in the page
    expect(units.compareDocumentPosition(input) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows the reviewer’s reason after a revert', async () => {
    const reason = 'Fiscal Policy needs a video on the fiscal deficit.';
    await mockApi({
      [GET]: ok(
        subjectDetail({
          lastReview: { action: 'REVERTED', reason, by: 'Priya Raghavan', at: '2026-01-05T09:30:00.000Z' },
        }),
      ),
    });
    await openPage(DETAILS, ['CONTENT_DEVELOPER']);
    const alert = screen.getByTestId('review-reason');
    expect(alert.textContent).toContain(reason);
    expect(alert.textContent).toContain('Reverted by Priya Raghavan');
  });

  it('gives a content uploader no editing, with the reason', async () => {
    await mockApi({ [GET]: ok(subjectDetail({ role: 'uploader' })) });
    await openPage(DETAILS, ['CONTENT_UPLOADER']);
    expect(screen.getByTestId('edit-notice').textContent).toBe(UPLOADER_REASON);
    expect((screen.getByRole('textbox', { name: 'New unit name' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('switch', { name: 'Active: Hydrocarbons' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Delete unit Hydrocarbons' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /Rename unit/ })).toBeNull();
    expect(screen.queryByText('Double-click to edit')).toBeNull();
    for (const name of ['Send for review', 'Assign people', 'Edit details']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    const handles = screen.getAllByRole('button', { name: /Drag to reorder/ });
    expect(handles.every((handle) => handle.getAttribute('aria-disabled') === 'true')).toBe(true);
  });

  it('locks everything while the subject is under review', async () => {
    await mockApi({ [GET]: ok(subjectDetail({ state: 'FINISHED' })) });
    await openPage(DETAILS, ['CONTENT_DEVELOPER']);
    expect(screen.getByTestId('edit-notice').textContent).toBe(
      fillMessage(MESSAGES.subjectLocked, { subjectName: 'Organic Chemistry' }),
    );
    expect((screen.getByRole('textbox', { name: 'New unit name' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('switch', { name: 'Free trial: Hydrocarbons' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Send for review' })).toBeNull();
  });

  it('keeps the typed unit name after a conflict, reloads the subject and saves on retry', async () => {
    let version = 7;
    let created = false;
    const added = unit('unit-3', 'Aromatic Compounds', [topic('topic-3', 'Benzene', [subtopic('sub-9', 'Resonance')])]);
    const current = (): SubjectDetail => {
      const base = subjectDetail({ version });
      return created ? { ...base, units: [...base.units, added] } : base;
    };
    const api = await mockApi({
      [GET]: () => ok(current()),
      'PUT /subjects/unit/create': (request) => {
        const body = request.body as { version: number };
        if (body.version !== version) return fail(409, STALE);
        created = true;
        version += 1;
        return ok(current());
      },
    });
    const { user } = await openPage(DETAILS, ['CONTENT_DEVELOPER']);
    version = 8; // someone else saved meanwhile

    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'New unit name' });
    await user.type(input, 'Aromatic Compounds');
    await user.click(screen.getByRole('button', { name: 'Add Unit' }));

    expect((await screen.findByText(STALE)).closest('[role="alert"]')).not.toBeNull();
    expect(input.value).toBe('Aromatic Compounds');
    await waitFor(() => expect(api.find(GET).length).toBeGreaterThanOrEqual(2));

    await user.click(screen.getByRole('button', { name: 'Add Unit' }));
    await waitFor(() => expect(input.value).toBe(''));
    const creates = api.find('PUT /subjects/unit/create');
    expect(creates.map((request) => (request.body as { version: number }).version)).toEqual([7, 8]);
    expect(creates[1]?.body).toEqual({ subjectId: 'subj-1', version: 8, unitName: 'Aromatic Compounds' });
    const units = screen.getByRole('table', { name: 'Units' });
    await waitFor(() =>
      expect(
        within(units)
          .getAllByRole('link', { name: /^Topics of / })
          .map((link) => link.getAttribute('aria-label')),
      ).toEqual(['Topics of Hydrocarbons', 'Topics of Reaction Mechanisms', 'Topics of Aromatic Compounds']),
    );
  });

  it('reopens a unit rename with the typed text after a conflict', async () => {
    await mockApi({ [GET]: ok(subjectDetail()), 'PUT /subjects/unit/update': fail(409, STALE) });
    const { user } = await openPage(DETAILS, ['CONTENT_DEVELOPER']);
    await user.dblClick(screen.getByText('Hydrocarbons'));
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Rename unit Hydrocarbons' });
    await user.clear(box);
    await user.type(box, 'Saturated hydrocarbons{Enter}');
    expect((await screen.findByText(STALE)).closest('[role="alert"]')).not.toBeNull();
    const reopened = await screen.findByRole<HTMLTextAreaElement>('textbox', { name: 'Rename unit Hydrocarbons' });
    expect(reopened.value).toBe('Saturated hydrocarbons');
  });

  it('switches a unit’s free trial with the subject’s version', async () => {
    const api = await mockApi({
      [GET]: ok(subjectDetail()),
      'PUT /subjects/unit/update': ok(subjectDetail({ version: 8 })),
    });
    const { user } = await openPage(DETAILS, ['CONTENT_DEVELOPER']);
    await user.click(screen.getByRole('switch', { name: 'Free trial: Reaction Mechanisms' }));
    await waitFor(() => expect(api.find('PUT /subjects/unit/update')).toHaveLength(1));
    expect(api.find('PUT /subjects/unit/update')[0]?.body).toEqual({
      subjectId: 'subj-1',
      version: 7,
      unitId: 'unit-2',
      trial: true,
    });
  });

  it('asks before deleting a unit', async () => {
    const api = await mockApi({
      [GET]: ok(subjectDetail()),
      'PUT /subjects/unit/delete': ok(subjectDetail({ version: 8 })),
    });
    const { user } = await openPage(DETAILS, ['CONTENT_DEVELOPER']);
    await user.click(screen.getByRole('button', { name: 'Delete unit Hydrocarbons' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete unit?' });
    // real plurals: one topic, two sub-topics
    within(dialog).getByText("'Hydrocarbons' will be deleted with its 1 topic and 2 sub-topics.");
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.find('PUT /subjects/unit/delete')).toHaveLength(1));
    expect(api.find('PUT /subjects/unit/delete')[0]?.body).toEqual({
      subjectId: 'subj-1',
      version: 7,
      unitId: 'unit-1',
    });
  });

  it('sends for review after confirming, as the signed-in user', async () => {
    const api = await mockApi({
      [GET]: ok(subjectDetail()),
      'POST /subjects/subject/send/review/u-1': ok(
        subjectDetail({ state: 'FINISHED', version: 8 }),
        "'Organic Chemistry' was sent for review.",
      ),
    });
    const { user } = await openPage(DETAILS, ['CONTENT_DEVELOPER']);
    await user.click(screen.getByRole('button', { name: 'Send for review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send for review?' });
    await user.click(within(dialog).getByRole('button', { name: 'Send for review' }));
    expect(
      (await screen.findByText("'Organic Chemistry' was sent for review.")).closest('[role="status"]'),
    ).not.toBeNull();
    expect(api.find('POST /subjects/subject/send/review/u-1')[0]?.body).toEqual({ subjectId: 'subj-1', version: 7 });
    // now under review: the page says so and the state reads 'Finished', as in the tabs and Subject Review
    expect((await screen.findByTestId('edit-notice')).textContent).toBe(
      fillMessage(MESSAGES.subjectLocked, { subjectName: 'Organic Chemistry' }),
    );
    expect(screen.getByTestId('subject-name').nextElementSibling?.textContent).toBe('Finished');
  });

  it('lets the content admin assign a content developer', async () => {
    const api = await mockApi({
      [GET]: ok(subjectDetail({ role: 'admin' })),
      'GET /users/user/role/CONTENT_ADMIN': ok([]),
      'GET /users/user/role/CONTENT_UPLOADER': ok([]),
      'GET /users/user/role/CONTENT_DEVELOPER': ok([
        {
          userId: 'u-5',
          email: 'kiran@lectern.test',
          phone: '9000000009',
          roles: [{ roleId: 3, roleName: 'CONTENT_DEVELOPER' }],
          active: true,
          userProfile: { firstName: 'Kiran', lastName: 'Rao' },
          version: 0,
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-01T00:00:00.000Z',
        },
      ]),
      'PUT /subjects/subject/assignee': ok(subjectDetail({ role: 'admin' }).assignees),
    });
    const { user } = await openPage(DETAILS, ['CONTENT_ADMIN']);
    await user.click(screen.getByRole('button', { name: 'Assign people' }));
    const drawer = await screen.findByRole('dialog', { name: 'Assign people' });
    await user.click(within(drawer).getByRole('combobox', { name: 'Add content developer' }));
    await user.click(await screen.findByRole('option', { name: 'Kiran Rao (kiran@lectern.test)' }));
    await waitFor(() => expect(api.find('PUT /subjects/subject/assignee')).toHaveLength(1));
    expect(api.find('PUT /subjects/subject/assignee')[0]?.body).toEqual({
      subjectId: 'subj-1',
      version: 7,
      userId: 'u-5',
      userName: 'Kiran Rao',
      role: 'CONTENT_DEVELOPER',
      operation: 'ADD',
    });
  });
});
