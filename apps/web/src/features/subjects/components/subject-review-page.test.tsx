import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { listItem, ok, subjectDetail } from '../test/fixtures';
import { REASON_REQUIRED } from './review-dialogs';

const LISTING = [
  listItem('s-org', 'Organic Chemistry', 'IN_PROGRESS', 'IN_PROGRESS'),
  listItem('s-pol', 'Indian Polity', 'FINISHED', 'FINISHED', { version: 4 }),
  listItem('s-his', 'Modern Indian History', 'READY_TO_BE_PUBLISHED', 'READY_TO_BE_PUBLISHED', { version: 9 }),
];

async function openReview() {
  const api = await mockApi({
    'GET /subjects/subject/all': ok(LISTING),
    'PUT /subjects/revert/subjectid/s-pol': ok(
      { ...subjectDetail(), subjectId: 's-pol' },
      "'Indian Polity' was sent back to its content developers.",
    ),
    'POST /subjects/subject/send/approve/u-1': ok(
      { ...subjectDetail({ state: 'PUBLISHED' }), subjectId: 's-his' },
      "'Modern Indian History' was published.",
    ),
  });
  const view = renderApp('/subject-review', { roles: ['CONTENT_ADMIN'] });
  await screen.findByRole('heading', { level: 1, name: 'Subject Review' }, { timeout: 5000 });
  await within(await screen.findByRole('table', { name: 'Finished' })).findByText('Indian Polity');
  return { ...view, api };
}

describe('Subject review', () => {
  it('lists subjects awaiting review and ready to be published', async () => {
    await openReview();
    const waiting = screen.getByRole('table', { name: 'Finished' });
    const ready = screen.getByRole('table', { name: 'Ready to be published' });
    expect(within(waiting).getByRole<HTMLButtonElement>('button', { name: 'Approve Indian Polity' }).disabled).toBe(
      false,
    );
    expect(
      within(ready).getByRole<HTMLButtonElement>('button', { name: 'Publish Modern Indian History' }).disabled,
    ).toBe(false);
    expect(within(waiting).queryByText('Organic Chemistry')).toBeNull();
    expect(within(ready).queryByText('Organic Chemistry')).toBeNull();
  });

  it('requires a reason to revert, then sends it with the subject’s version', async () => {
    const { user, api } = await openReview();
    await user.click(screen.getByRole('button', { name: 'Revert or decline Indian Polity' }));
    const dialog = await screen.findByRole('dialog', { name: "Send 'Indian Polity' back" });
    await user.click(within(dialog).getByRole('button', { name: 'Revert' }));
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    // the message under the field
    expect(document.getElementById(reason.getAttribute('aria-describedby') ?? '')?.textContent).toBe(REASON_REQUIRED);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Revert' }));
    expect(api.find('PUT /subjects/revert/subjectid/s-pol')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Add a video on the Preamble.');
    await user.click(within(dialog).getByRole('button', { name: 'Revert' }));
    await waitFor(() => expect(api.find('PUT /subjects/revert/subjectid/s-pol')).toHaveLength(1));
    expect(api.find('PUT /subjects/revert/subjectid/s-pol')[0]?.body).toEqual({
      version: 4,
      reason: 'Add a video on the Preamble.',
      decline: false,
    });
    expect(
      (await screen.findByText("'Indian Polity' was sent back to its content developers.")).closest('[role="status"]'),
    ).not.toBeNull();
  });

  it('declines instead when chosen', async () => {
    const { user, api } = await openReview();
    await user.click(screen.getByRole('button', { name: 'Revert or decline Indian Polity' }));
    const dialog = await screen.findByRole('dialog', { name: "Send 'Indian Polity' back" });
    await user.click(within(dialog).getByRole('radio', { name: 'Decline' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Out of syllabus.');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(api.find('PUT /subjects/revert/subjectid/s-pol')).toHaveLength(1));
    expect(api.find('PUT /subjects/revert/subjectid/s-pol')[0]?.body).toMatchObject({ decline: true });
  });

  it('publishes after confirming', async () => {
    const { user, api } = await openReview();
    await user.click(screen.getByRole('button', { name: 'Publish Modern Indian History' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish subject?' });
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(
      (await screen.findByText("'Modern Indian History' was published.")).closest('[role="status"]'),
    ).not.toBeNull();
    expect(api.find('POST /subjects/subject/send/approve/u-1')[0]?.body).toEqual({ subjectId: 's-his', version: 9 });
  });

  it('is closed to content developers', async () => {
    await mockApi();
    renderApp('/subject-review', { roles: ['CONTENT_DEVELOPER'] });
    const message = "You don't have required permissions to access Subject Review page(s).";
    await screen.findByText(message, undefined, { timeout: 5000 });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(message);
  });
});
