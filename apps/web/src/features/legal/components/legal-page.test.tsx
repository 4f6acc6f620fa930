import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES, fillMessage, type TermsVersion } from '@lectern/contract';
import { mockApi, type MockHandlers, type RouteKey } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';

function version(n: number, overrides: Partial<TermsVersion> = {}): TermsVersion {
  return {
    tncId: `terms-v${n}`,
    version: n,
    content: `<h3>Refunds</h3><p>Within ${n * 7} days.</p>`,
    textHash: `hash-${n}`,
    changeNote: `Note ${n}`,
    minorChange: false,
    createdBy: 'Priya Raghavan',
    createdAt: `2026-0${n}-10T05:30:00.000Z`,
    acceptanceVersion: n,
    acceptedCount: 100 * n,
    latest: false,
    ...overrides,
  };
}

const STALE = fillMessage(MESSAGES.staleVersion, { entity: 'terms' });

const VERSIONS = [
  version(2, { latest: true, minorChange: true, acceptanceVersion: 1, acceptedCount: 1234 }),
  version(1),
];

/**
 * Types into the rich-text editor through TipTap itself (the test DOM has no editing of its own;
 * the journey types with the keyboard in Chromium).
 */
function typeAtEnd(editor: HTMLElement, html: string) {
  const tiptap = (
    editor as HTMLElement & {
      editor: {
        commands: { insertContentAt: (at: number, c: string) => void };
        state: { doc: { content: { size: number } } };
      };
    }
  ).editor;
  act(() => tiptap.commands.insertContentAt(tiptap.state.doc.content.size, html));
}

async function setup<K extends RouteKey = never>(handlers: MockHandlers<K> = {}) {
  const api = await mockApi({ 'GET /users/tnc/all': { body: { data: VERSIONS } }, ...handlers });
  const view = renderApp('/legal', { roles: ['CONTENT_ADMIN'] });
  await screen.findByRole('heading', { level: 1, name: 'Legal' }, { timeout: 10_000 });
  await screen.findByRole('textbox', { name: 'Terms and conditions' });
  return { ...api, ...view };
}

describe('Legal', () => {
  it('shows the latest terms in the editor, who accepted them, and the versions', async () => {
    await setup();
    const editor = screen.getByRole('textbox', { name: 'Terms and conditions' });
    await waitFor(() => expect(editor.textContent).toBe('RefundsWithin 14 days.'));
    expect(screen.getByText('1,234 students (since version 1)')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Versions of the terms' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[3]!.textContent)).toEqual(['Note 2', 'Note 1']);
    expect(within(rows[0]!).getByText('latest')).toBeTruthy();
    expect(within(rows[0]!).getByText('minor')).toBeTruthy();
    // nothing changed yet: nothing to save
    expect(screen.getByRole('button', { name: 'Save as a new version' })).toHaveProperty('disabled', true);
  });

  it('compares two versions side by side, the changed words marked', async () => {
    await setup();
    const compare = screen.getByRole('table', { name: 'Version 1 and version 2 side by side' });
    expect(within(compare).getByText('7', { selector: 'del' })).toBeTruthy();
    expect(within(compare).getByText('14', { selector: 'ins' })).toBeTruthy();
    expect(screen.getByText('1 block changed between version 1 and version 2.')).toBeTruthy();
  });

  it('asks for a change note, then saves from the version it started with', async () => {
    const saved = version(3, { latest: true, content: '<h3>Refunds</h3><p>Within 14 days.</p><p>More.</p>' });
    const { user, find } = await setup({
      'PUT /users/tnc/update': { body: { data: saved, message: 'The terms were saved as version 3.' } },
    });
    const editor = screen.getByRole('textbox', { name: 'Terms and conditions' });
    typeAtEnd(editor, '<p>More.</p>');
    const button = screen.getByRole('button', { name: 'Save as a new version' });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    await user.click(button);
    expect(await screen.findByText('Say what changed in a change note')).toBeTruthy();
    expect(find('PUT /users/tnc/update')).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: /Change note/ }), 'Added a line');
    await user.click(button);
    await waitFor(() => expect(find('PUT /users/tnc/update')).toHaveLength(1));
    expect(find('PUT /users/tnc/update')[0]!.body).toMatchObject({
      changeNote: 'Added a line',
      minorChange: false,
      baseVersion: 2,
    });
    expect(String((find('PUT /users/tnc/update')[0]!.body as { content: string }).content)).toContain('More.');
  });

  it('on a stale version keeps the text, says the terms changed, and loads the latest on request', async () => {
    const theirs = version(3, { latest: true, content: '<h3>Refunds</h3><p>Within 30 days.</p>' });
    let list = VERSIONS;
    const { user, find } = await setup({
      'GET /users/tnc/all': () => ({ body: { data: list } }),
      'PUT /users/tnc/update': () => {
        list = [theirs, ...VERSIONS.map((v) => ({ ...v, latest: false }))];
        return { status: 409, body: { error: true, errorCode: 'STALE_VERSION', message: STALE } };
      },
    });
    const editor = screen.getByRole('textbox', { name: 'Terms and conditions' });
    typeAtEnd(editor, '<p>Mine</p>');
    await user.type(screen.getByRole('textbox', { name: /Change note/ }), 'Mine');
    await user.click(screen.getByRole('button', { name: 'Save as a new version' }));
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain(STALE);
    await waitFor(() => expect(notice.textContent).toContain('Changed on the server: Terms and conditions.'));
    expect(editor.textContent).toContain('Mine');
    expect(find('PUT /users/tnc/update')[0]!.body).toMatchObject({ baseVersion: 2 });

    await user.click(within(notice).getByRole('button', { name: 'Load latest' }));
    await waitFor(() => expect(editor.textContent).toBe('RefundsWithin 30 days.'));
    expect(screen.queryByText(STALE)).toBeNull();
  });

  it('on a stale version saves mine over theirs on request, from their version', async () => {
    const theirs = version(3, { latest: true, content: '<h3>Refunds</h3><p>Within 30 days.</p>' });
    const mine = version(4, { latest: true, content: '<h3>Refunds</h3><p>Within 14 days.</p><p>Mine</p>' });
    let list = VERSIONS;
    const { user, find } = await setup({
      'GET /users/tnc/all': () => ({ body: { data: list } }),
      'PUT /users/tnc/update': (request) => {
        if (request.body.baseVersion === 3)
          return { body: { data: mine, message: 'The terms were saved as version 4.' } };
        list = [theirs, ...VERSIONS.map((v) => ({ ...v, latest: false }))];
        return { status: 409, body: { error: true, errorCode: 'STALE_VERSION', message: STALE } };
      },
    });
    const editor = screen.getByRole('textbox', { name: 'Terms and conditions' });
    typeAtEnd(editor, '<p>Mine</p>');
    await user.type(screen.getByRole('textbox', { name: /Change note/ }), 'Mine');
    await user.click(screen.getByRole('button', { name: 'Save as a new version' }));
    await user.click(await screen.findByRole('button', { name: 'Overwrite with mine' }));
    await screen.findByText('The terms were saved as version 4.');
    const saves = find('PUT /users/tnc/update').map((request) => request.body);
    expect(saves.map((body) => body.baseVersion)).toEqual([2, 3]);
    expect(saves[1]).toMatchObject({ changeNote: 'Mine' });
    expect(saves[1]!.content).toContain('Mine');
    await waitFor(() => expect(screen.queryByText(STALE)).toBeNull());
  });
});
