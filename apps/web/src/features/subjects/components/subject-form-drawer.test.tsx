import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES, fillMessage, type SubjectDetail } from '@lectern/contract';
import { mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { subjectDetail } from '../test/fixtures';

const DETAILS = '/subject-management/subject-details?subjectId=subj-1';
const GET = 'GET /subjects/subject/subjectid/subj-1';
const STALE = fillMessage(MESSAGES.staleVersion, { entity: 'subject' });

/**
 * The subject's details drawer, opened by its content admin, with a save at version 7 refused as
 * stale: the subject as read after it is theirs (version 8, locked, another description). A save at 8
 * goes through.
 */
async function setup() {
  const mine = subjectDetail({ role: 'admin' });
  const theirs: SubjectDetail = { ...mine, description: 'Reactions first.', locked: true, version: 8 };
  let current = mine;
  const api = await mockApi({
    [GET]: () => ({ body: { data: current } }),
    'PUT /subjects/subject': (request) => {
      const body = request.body as { version: number; description: string };
      if (body.version === 8) return { body: { data: { ...theirs, description: body.description, version: 9 } } };
      current = theirs;
      return { status: 409, body: { error: true, errorCode: 'STALE_VERSION', message: STALE } };
    },
  });
  const view = renderApp(DETAILS, { roles: ['CONTENT_ADMIN'] });
  await screen.findByRole('heading', { level: 1, name: 'Subject Management - Subject Details' }, { timeout: 10_000 });
  await view.user.click(await screen.findByRole('button', { name: 'Edit details' }));
  const drawer = within(await screen.findByRole('dialog', { name: 'Edit Organic Chemistry' }));
  const description = drawer.getByRole<HTMLTextAreaElement>('textbox', { name: 'Description' });
  await view.user.clear(description);
  await view.user.type(description, 'Mine.');
  await view.user.click(drawer.getByRole('button', { name: 'Save changes' }));
  const saves = () => api.find('PUT /subjects/subject').map((request) => request.body);
  return { ...view, drawer, description, saves };
}

describe('Subject details drawer on a stale version', () => {
  it('keeps the edits, names what changed on the server, and loads the latest on request', async () => {
    const { user, drawer, description, saves } = await setup();
    const notice = await drawer.findByRole('alert');
    expect(notice.textContent).toContain(STALE);
    await waitFor(() => expect(notice.textContent).toContain('Changed on the server: Description, Locked.'));
    expect(description.value).toBe('Mine.');

    await user.click(within(notice).getByRole('button', { name: 'Load latest' }));
    expect(description.value).toBe('Reactions first.');
    expect(drawer.queryByText(STALE)).toBeNull();
    await user.type(description, ' Then mine.');
    await user.click(drawer.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(saves()).toHaveLength(2));
    expect(saves()).toMatchObject([
      { version: 7, description: 'Mine.', locked: false },
      { version: 8, description: 'Reactions first. Then mine.', locked: true },
    ]);
  });

  it('saves mine at their version with Overwrite with mine', async () => {
    const { user, drawer, saves } = await setup();
    await user.click(await drawer.findByRole('button', { name: 'Overwrite with mine' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Organic Chemistry' })).toBeNull());
    expect(saves()).toMatchObject([
      { version: 7, description: 'Mine.' },
      { version: 8, description: 'Mine.' },
    ]);
  });
});
