import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BATCH_MESSAGES, MESSAGES, fillMessage, type Batch } from '@lectern/contract';
import { mockApi, type MockHandlers, type RouteKey } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { BATCHES, BRANCHES, GROUPS, PROGRAMS, batch, info } from '../test/fixtures';
import { batchBody, emptyBatchForm } from './batch-form';

async function setup<K extends RouteKey = never>(handlers: MockHandlers<K> = {}, path = '/batch-management') {
  const api = await mockApi({
    'GET /batch/getAllBatch/pagination': {
      body: { data: { batchDTOS: BATCHES, page: 0, size: 1000, totalElements: BATCHES.length } },
    },
    'GET /batch/getAllBranch': { body: { data: { data: BRANCHES } } },
    'GET /batch/getAllProgram': { body: { data: { data: PROGRAMS } } },
    'GET /batch/groups': { body: { data: GROUPS } },
    'GET /batch/getBatchInfoByStatus/ACTIVE': {
      body: { data: BATCHES.filter((b) => b.status === 'ACTIVE').map(info) },
    },
    ...handlers,
  });
  const view = renderApp(path, { roles: ['CONTENT_ADMIN'] });
  await screen.findByRole('heading', { level: 1, name: 'Batch Management' }, { timeout: 10_000 });
  return { ...api, ...view };
}

// Role queries compute styles for every element they consider: each looks only where its answer is
// (a row, the page, the filter bar, an open list), not through the whole app and its navigation.
const main = () => within(screen.getByRole('main'));
const filterBar = () => within(screen.getByRole('search'));
const listbox = async () => within(await screen.findByRole('listbox'));

function row(text: string): HTMLElement {
  const tr = screen.getByText(text).closest('tr');
  if (!tr) throw new Error(`no row for ${text}`);
  return tr;
}

describe('/batch-management: the list', () => {
  it('asks for every batch at once and shows them with seats and status; filters narrow them', async () => {
    const { user, find, router } = await setup();
    await screen.findByText('JEE 2027 Morning');
    const asked = find('GET /batch/getAllBatch/pagination')[0]!;
    expect(asked.query.get('page')).toBe('0');
    expect(asked.query.get('size')).toBe('1000');
    expect(row('JEE 2027 Evening').textContent).toContain('2 / 2');
    expect(row('JEE 2027 Morning').textContent).toContain('01-06-2026 to 31-03-2027');
    expect(within(row('JEE 2026 Droppers')).getByText('Closed')).toBeTruthy();
    // a closed batch cannot be edited, filled or closed again
    expect(within(row('JEE 2026 Droppers')).getByRole('button', { name: 'Close JEE 2026 Droppers' })).toHaveProperty(
      'disabled',
      true,
    );
    // the name opens the batch's students
    const link = within(row('JEE 2027 Morning')).getByRole('link', { name: 'JEE 2027 Morning' });
    expect(link.getAttribute('href')).toBe('/batch-management/students?batchId=jee27-kota-m');

    await user.click(filterBar().getByRole('combobox', { name: 'Branch' }));
    await user.click((await listbox()).getByRole('option', { name: 'Pune Camp' }));
    await waitFor(() => expect(screen.queryByText('JEE 2027 Morning')).toBeNull());
    expect(screen.getByText('NEET 2027 Pune')).toBeTruthy();
    expect(router.state.location.search).toContain('batches.branch=br-pune');

    await user.click(filterBar().getByRole('combobox', { name: 'Status' }));
    await user.click((await listbox()).getByRole('option', { name: 'Closed' }));
    await screen.findByText('No batches match these filters.');
    await user.click(filterBar().getByRole('button', { name: 'Clear filters' }));
    await screen.findByText('JEE 2027 Morning');
  });

  it('shows a failed load with Retry', async () => {
    let calls = 0;
    const { user } = await setup({
      'GET /batch/getAllBatch/pagination': () => {
        calls += 1;
        return calls === 1
          ? { status: 500, body: { error: true, message: 'boom' } }
          : { body: { data: { batchDTOS: [], page: 0, size: 1000, totalElements: 0 } } };
      },
    });
    const alert = await screen.findByRole('alert');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByText('No batches yet: add the first one.');
  });

  it('closes a batch after a confirmation that names it and says what closing means', async () => {
    const { user, find } = await setup({
      'PUT /batch/closeBatch/jee27-kota-m': (request) => ({
        body: {
          data: { ...BATCHES[0]!, status: 'CLOSED', version: (request.body as { version: number }).version + 1 },
          message: fillMessage(BATCH_MESSAGES.closed, { batchName: 'JEE 2027 Morning' }),
        },
      }),
    });
    await screen.findByText('JEE 2027 Morning');
    await user.click(within(row('JEE 2027 Morning')).getByRole('button', { name: 'Close JEE 2027 Morning' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close JEE 2027 Morning?' });
    expect(dialog.textContent).toContain('will take no new students and no new live classes');
    expect(dialog.textContent).toContain('It keeps its 2 students');
    await user.click(within(dialog).getByRole('button', { name: 'Close batch' }));
    await screen.findByText(fillMessage(BATCH_MESSAGES.closed, { batchName: 'JEE 2027 Morning' }));
    expect(find('PUT /batch/closeBatch/jee27-kota-m')[0]!.body).toEqual({ version: 3 });
  });
});

describe('/batch-management: the batch drawer', () => {
  it('checks the form before sending, creates a branch and a program inline and chooses them', async () => {
    const created: Batch = batch('new-1', 'NEET 2028 Morning', {
      batchCode: 'NEET28-JAI-M',
      branchId: 'br-jaipur',
      branchName: 'Jaipur',
      programId: 'pr-neet28',
      programName: 'NEET 2028',
    });
    const { user, find } = await setup({
      'POST /batch/createBranch': (request) => ({
        body: {
          data: { ...BRANCHES[0]!, branchId: 'br-jaipur', ...(request.body as object), batchCount: 0 },
          message: "Branch 'Jaipur' was created.",
        },
      }),
      'POST /batch/createProgram': {
        body: { data: { ...PROGRAMS[0]!, programId: 'pr-neet28', programName: 'NEET 2028', batchCount: 0 } },
      },
      'POST /batch/createBatch': {
        body: { data: created, message: fillMessage(BATCH_MESSAGES.created, { batchName: 'NEET 2028 Morning' }) },
      },
    });
    await user.click(main().getByRole('button', { name: 'Add batch' }));
    const drawer = await screen.findByRole('dialog', { name: 'Add batch' });
    const submit = () => user.click(within(drawer).getAllByRole('button', { name: 'Add batch' }).at(-1)!);

    await submit();
    expect(find('POST /batch/createBatch')).toHaveLength(0);
    expect(within(drawer).getByText('The batch name is required')).toBeTruthy();
    expect(within(drawer).getByText('Choose a branch, or add one.')).toBeTruthy();
    expect(within(drawer).getByText('Choose a program, or add one.')).toBeTruthy();

    await user.click(within(drawer).getByLabelText(/Batch name/));
    await user.paste('NEET 2028 Morning');
    await user.click(within(drawer).getByLabelText(/Batch code/));
    await user.paste('neet28 jai');
    await user.click(within(drawer).getByRole('button', { name: 'Add branch' }));
    const branch = within(drawer).getByRole('group', { name: 'New branch' });
    await user.click(within(branch).getByLabelText(/^Branch name/));
    await user.paste('Jaipur');
    await user.click(within(branch).getByLabelText(/^City/));
    await user.paste('Jaipur');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(drawer).queryByRole('group', { name: 'New branch' })).toBeNull());
    expect(find('POST /batch/createBranch')[0]!.body).toEqual({ branchName: 'Jaipur', city: 'Jaipur' });
    expect(within(drawer).getByRole('combobox', { name: /Branch/ }).textContent).toBe('Jaipur, Jaipur');

    await user.click(within(drawer).getByRole('button', { name: 'Add program' }));
    await user.click(within(drawer).getByLabelText(/^Program name/));
    await user.paste('NEET 2028');
    await user.click(within(drawer).getByRole('button', { name: 'Create program' }));
    await waitFor(() =>
      expect(within(drawer).getByRole('combobox', { name: /Program/ }).textContent).toBe('NEET 2028'),
    );

    const fill = async (name: RegExp, value: string) => {
      const input = drawer.querySelector<HTMLInputElement>(`input[name="${name.source}"]`)!;
      await user.clear(input);
      await user.type(input, value);
    };
    await fill(/startDate/, '2026-07-01');
    await fill(/endDate/, '2026-06-01');
    await user.type(within(drawer).getByLabelText(/Capacity/), '60');
    await submit();
    expect(
      within(drawer).getByText('a batch code is 2 to 30 letters, digits or hyphens, like JEE27-KOTA-M'),
    ).toBeTruthy();
    expect(within(drawer).getByText(BATCH_MESSAGES.endBeforeStart)).toBeTruthy();
    expect(find('POST /batch/createBatch')).toHaveLength(0);

    const code = within(drawer).getByLabelText(/Batch code/);
    await user.clear(code);
    await user.paste('neet28-jai-m');
    await fill(/endDate/, '2027-03-31');
    await submit();
    await screen.findByText(fillMessage(BATCH_MESSAGES.created, { batchName: 'NEET 2028 Morning' }));
    expect(find('POST /batch/createBatch')[0]!.body).toEqual({
      batchName: 'NEET 2028 Morning',
      batchCode: 'NEET28-JAI-M',
      branchId: 'br-jaipur',
      programId: 'pr-neet28',
      startDate: '2026-07-01',
      endDate: '2027-03-31',
      capacity: 60,
    });
  });

  it('edits at the version seen, and shows a code taken by another batch at its field', async () => {
    const taken = fillMessage(BATCH_MESSAGES.codeTaken, { batchCode: 'NEET27-PUNE', batchName: 'NEET 2027 Pune' });
    const { user, find } = await setup({
      'PUT /batch/updateBatch': { status: 409, body: { error: true, message: taken } },
    });
    await screen.findByText('JEE 2027 Morning');
    await user.click(within(row('JEE 2027 Morning')).getByRole('button', { name: 'Edit JEE 2027 Morning' }));
    const drawer = await screen.findByRole('dialog', { name: 'Edit JEE 2027 Morning' });
    const code = within(drawer).getByLabelText(/Batch code/);
    await user.clear(code);
    await user.paste('NEET27-PUNE');
    await user.click(within(drawer).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(within(drawer).getAllByText(taken)).toHaveLength(2));
    expect(find('PUT /batch/updateBatch')[0]!.body).toMatchObject({
      batchId: 'jee27-kota-m',
      version: 3,
      capacity: 40,
    });
  });

  it("after someone else's save, keeps what was typed, lists what changed, and overwrites with mine", async () => {
    const stale = fillMessage(MESSAGES.staleVersion, { entity: 'batch' });
    const mine = BATCHES.find((b) => b.batchId === 'jee27-kota-m')!;
    const theirs = { ...mine, capacity: 80, version: mine.version + 1 };
    const { user, find } = await setup({
      'GET /batch/getBatchById/jee27-kota-m': { body: { data: theirs } },
      'PUT /batch/updateBatch': (request) =>
        (request.body as { version: number }).version === mine.version
          ? { status: 409, body: { error: true, message: stale, errorCode: 'STALE_VERSION' } }
          : { body: { data: { ...theirs, batchName: 'JEE 2027 Dawn', version: theirs.version + 1 } } },
    });
    await screen.findByText('JEE 2027 Morning');
    await user.click(within(row('JEE 2027 Morning')).getByRole('button', { name: 'Edit JEE 2027 Morning' }));
    const drawer = within(await screen.findByRole('dialog', { name: 'Edit JEE 2027 Morning' }));
    const name = drawer.getByLabelText<HTMLInputElement>(/Batch name/);
    await user.clear(name);
    await user.paste('JEE 2027 Dawn');
    await user.click(drawer.getByRole('button', { name: 'Save changes' }));
    expect(await drawer.findByText(stale)).toBeTruthy();
    expect(await drawer.findByText(/Changed on the server: Capacity\./)).toBeTruthy();
    expect(name.value).toBe('JEE 2027 Dawn');
    await user.click(drawer.getByRole('button', { name: 'Overwrite with mine' }));
    await waitFor(() => expect(find('PUT /batch/updateBatch')).toHaveLength(2));
    expect(find('PUT /batch/updateBatch')[1]!.body).toMatchObject({
      batchName: 'JEE 2027 Dawn',
      version: theirs.version,
    });
  });
});

describe('batchBody', () => {
  it('refuses a capacity below the students already in the batch, or not a whole number', () => {
    const values = {
      ...emptyBatchForm(),
      batchName: 'JEE 2027 Morning',
      batchCode: 'JEE27-KOTA-M',
      branchId: 'br-kota',
      programId: 'pr-jee',
      startDate: '2026-06-01',
      endDate: '2027-03-31',
    };
    expect(batchBody({ ...values, capacity: '10' }, 12).issues).toEqual({
      capacity: fillMessage(BATCH_MESSAGES.capacityBelowStudents, { count: 12 }),
    });
    expect(batchBody({ ...values, capacity: '4.5' }).issues).toEqual({
      capacity: 'The capacity is a whole number from 1 to 5000.',
    });
    expect(batchBody({ ...values, capacity: '40' }).body).toMatchObject({ capacity: 40, batchCode: 'JEE27-KOTA-M' });
  });
});

describe('/batch-management: groups', () => {
  it('lists groups, adds one of active batches, deletes one after confirmation', async () => {
    const { user, find } = await setup(
      {
        'POST /batch/group': (request) => ({
          body: {
            data: { ...GROUPS[0]!, groupId: 'gr-new', groupName: (request.body as { groupName: string }).groupName },
            message: "Group 'Evening' was created.",
          },
        }),
        'DELETE /batch/groups/gr-kota': {
          body: { data: { deleted: true }, message: "Group 'Kota mornings' was deleted." },
        },
      },
      '/batch-management?tab=groups',
    );
    await screen.findByText('Kota mornings');
    await user.click(main().getByRole('button', { name: 'Add group' }));
    const drawer = await screen.findByRole('dialog', { name: 'Add group' });
    await user.click(within(drawer).getAllByRole('button', { name: 'Add group' }).at(-1)!);
    expect(within(drawer).getByText(BATCH_MESSAGES.groupNeedsBatch)).toBeTruthy();
    await user.click(within(drawer).getByLabelText(/Group name/));
    await user.paste('Evening');
    await user.click(within(drawer).getByRole('combobox', { name: /Batches/ }));
    // only active batches are offered
    const offered = await listbox();
    expect(offered.queryByRole('option', { name: /JEE 2026 Droppers/ })).toBeNull();
    await user.click(offered.getByRole('option', { name: /JEE 2027 Evening/ }));
    await user.keyboard('{Escape}');
    await user.click(within(drawer).getAllByRole('button', { name: 'Add group' }).at(-1)!);
    await screen.findByText("Group 'Evening' was created.");
    expect(find('POST /batch/group')[0]!.body).toEqual({
      groupName: 'Evening',
      description: '',
      batchIds: ['jee27-kota-e'],
    });

    // the row is hidden from assistive technology until the drawer has gone
    await user.click(await within(row('Kota mornings')).findByRole('button', { name: 'Delete Kota mornings' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Kota mornings?' });
    expect(confirm.textContent).toContain('Its batches and their students stay');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await screen.findByText("Group 'Kota mornings' was deleted.");
  });
});
