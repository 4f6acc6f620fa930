import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  BATCH_MESSAGES,
  BULK_UPLOAD_MAX_ROWS,
  MESSAGES,
  fillMessage,
  rowReason,
  type BulkUploadBody,
  type batchesContract,
  type BulkUploadResult,
  type MoveResult,
} from '@lectern/contract';
import {
  mockApi,
  type RouteRequest,
  type MockResponse,
  type MockHandlers,
  type RouteKey,
  answer,
} from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { BATCHES, STUDENTS, info } from '../test/fixtures';

const MORNING = BATCHES[0]!;
const CLOSED = BATCHES[3]!;

async function setup<K extends RouteKey = never>(handlers: MockHandlers<K> = {}, batch = MORNING) {
  const api = await mockApi({
    ...answer(`GET /batch/getBatchById/${batch.batchId}`, { body: { data: batch } }),
    ...answer(`GET /batch/batch/${batch.batchId}/studentIds`, {
      body: {
        data: {
          data: {
            studentIds: STUDENTS.map((s) => s.studentId),
            members: [
              { studentId: 'st-aarav', rollNumber: 'K-101', addedAt: '2026-06-02T10:00:00.000Z', addedBy: 'Asha' },
              { studentId: 'st-riya', rollNumber: null, addedAt: '2026-06-03T10:00:00.000Z', addedBy: 'Asha' },
            ],
          },
        },
      },
    }),
    'POST /students/student/byStudentIds': { body: { data: STUDENTS } },
    'GET /batch/getBatchInfoByStatus/ACTIVE': {
      body: { data: BATCHES.filter((b) => b.status === 'ACTIVE').map(info) },
    },
    ...handlers,
  });
  const view = renderApp(`/batch-management/students?batchId=${batch.batchId}`, { roles: ['FINANCE'] });
  await screen.findByRole('heading', { level: 1, name: new RegExp(batch.batchName) }, { timeout: 10_000 });
  await screen.findByText('Aarav Mehta');
  return { ...api, ...view };
}

// Role queries compute styles for every element they consider: each looks only where its answer is
// (the page, the table, an open list), not through the whole app and its navigation.
const main = () => within(screen.getByRole('main'));
const listbox = async () => within(await screen.findByRole('listbox'));

function row(text: string): HTMLElement {
  const tr = screen.getByText(text).closest('tr');
  if (!tr) throw new Error(`no row for ${text}`);
  return tr;
}

describe('/batch-management/students', () => {
  it("shows the batch's header and its students (by their ids), searched by roll number or e-mail", async () => {
    const { user, find } = await setup();
    expect(find('POST /students/student/byStudentIds')[0]!.body).toEqual({ studentIds: ['st-aarav', 'st-riya'] });
    expect(screen.getByText('JEE27-KOTA-M')).toBeTruthy();
    expect(screen.getByText('2 / 40')).toBeTruthy();
    expect(row('Aarav Mehta').textContent).toContain('K-101');
    const search = main().getByRole('searchbox');
    await user.click(search);
    await user.paste('k-101');
    await waitFor(() => expect(screen.queryByText('Riya Sharma')).toBeNull());
    await user.clear(search);
    await user.paste('aarav.mehta@');
    await waitFor(() => expect(screen.queryByText('Riya Sharma')).toBeNull());
  });

  it('says what to do without a batch', async () => {
    await mockApi();
    renderApp('/batch-management/students', { roles: ['FINANCE'] });
    await screen.findByText('Choose a batch in Batch Management and open its students.', undefined, {
      timeout: 10_000,
    });
  });

  it('adds a student by mobile number, and shows a refusal beside the field', async () => {
    const { user, find } = await setup({
      ...answer(`POST /batch/batch/${MORNING.batchId}/students`, (request) =>
        (request.body as { mobileNumber: string }).mobileNumber === '9000000099'
          ? {
              status: 404,
              body: {
                error: true,
                message: fillMessage(BATCH_MESSAGES.noStudentForMobile, { mobileNumber: '9000000099' }),
              },
            }
          : {
              body: {
                data: { studentId: 'st-new', rollNumber: null, addedAt: '2026-06-04T10:00:00.000Z', addedBy: 'Asha' },
                message: fillMessage(BATCH_MESSAGES.studentAdded, {
                  studentName: 'Kabir Singh',
                  batchName: MORNING.batchName,
                }),
              },
            },
      ),
    });
    const field = main().getByRole('textbox', { name: 'Mobile number' });
    await user.click(field);
    await user.paste('12345');
    await user.click(main().getByRole('button', { name: 'Add student' }));
    expect(screen.getByText('A mobile number is 10 digits starting with 6, 7, 8 or 9.')).toBeTruthy();
    expect(find(`POST /batch/batch/${MORNING.batchId}/students`)).toHaveLength(0);
    await user.clear(field);
    await user.paste('9000000099');
    await user.keyboard('{Enter}');
    await screen.findByText(fillMessage(BATCH_MESSAGES.noStudentForMobile, { mobileNumber: '9000000099' }));
    await user.clear(field);
    await user.paste('9000000042');
    await user.keyboard('{Enter}');
    await screen.findByText(`Kabir Singh was added to ${MORNING.batchName}.`);
    expect((field as HTMLInputElement).value).toBe('');
  });

  it('offers a full batch only as a disabled choice marked Full', async () => {
    const { user } = await setup();
    await user.click(within(screen.getByRole('table')).getByRole('checkbox', { name: 'Select all rows' }));
    await user.click(
      within(screen.getByRole('toolbar', { name: 'Selected rows' })).getByRole('button', { name: 'Move to batch' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Move 2 students to another batch' });
    await user.click(within(dialog).getByRole('combobox', { name: /Move to/ }));
    // JEE 2027 Evening holds 2 of 2
    const batches = await listbox();
    const full = batches.getByRole('option', { name: /JEE 2027 Evening/ });
    expect(full.textContent).toMatch(/2 \/ 2 · Full$/);
    expect(full.getAttribute('aria-disabled')).toBe('true');
    const open = batches.getByRole('option', { name: /NEET 2027 Pune/ });
    expect(open.textContent).not.toContain('Full');
    expect(open.getAttribute('aria-disabled')).toBeNull();
  });

  it("moves the selection: the answer's message as an error, one line per student who could not go", async () => {
    const failed: MoveResult = {
      error: true,
      message: fillMessage(BATCH_MESSAGES.movedWithFailures, { count: 1, batchName: 'NEET 2027 Pune', failed: 1 }),
      moved: ['st-aarav'],
      data: [
        {
          studentId: 'st-riya',
          name: 'Riya Sharma',
          reason: fillMessage(BATCH_MESSAGES.capacityFull, { batchName: 'NEET 2027 Pune', capacity: 2 }),
        },
        { studentId: 'st-gone', name: '', reason: BATCH_MESSAGES.studentMissing },
      ],
    };
    const { user, find } = await setup({ 'POST /batch/updateStudentsBatch': { body: { data: failed } } });
    await user.click(within(screen.getByRole('table')).getByRole('checkbox', { name: 'Select all rows' }));
    const bar = screen.getByRole('toolbar', { name: 'Selected rows' });
    await user.click(within(bar).getByRole('button', { name: 'Move to batch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move 2 students to another batch' });
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(within(dialog).getByText('Choose the batch to move them to.')).toBeTruthy();
    await user.click(within(dialog).getByRole('combobox', { name: /Move to/ }));
    // an active batch other than this one
    const offered = await listbox();
    expect(offered.queryByRole('option', { name: /JEE 2027 Morning/ })).toBeNull();
    expect(offered.queryByRole('option', { name: /JEE 2026 Droppers/ })).toBeNull();
    await user.click(offered.getByRole('option', { name: /NEET 2027 Pune/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));

    const result = await screen.findByRole('dialog', { name: 'Some students were not moved' });
    expect(find('POST /batch/updateStudentsBatch')[0]!.body).toEqual({
      oldBatchId: MORNING.batchId,
      newBatchId: 'neet27-pune',
      studentIds: ['st-aarav', 'st-riya'],
    });
    expect(within(result).getByText(failed.message)).toBeTruthy();
    expect(
      within(result)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(["For Riya Sharma batch 'NEET 2027 Pune' is full (2 students).", 'does not exist.']);
  });

  it('a move without failures says so as a success', async () => {
    const { user } = await setup({
      'POST /batch/updateStudentsBatch': {
        body: {
          data: {
            error: false,
            message: fillMessage(BATCH_MESSAGES.moved, { count: 1, batchName: 'NEET 2027 Pune' }),
            moved: ['st-aarav'],
            data: [],
          },
        },
      },
    });
    await user.click(within(row('Aarav Mehta')).getByRole('checkbox'));
    await user.click(
      within(screen.getByRole('toolbar', { name: 'Selected rows' })).getByRole('button', { name: 'Move to batch' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Move 1 student to another batch' });
    await user.click(within(dialog).getByRole('combobox', { name: /Move to/ }));
    await user.click((await listbox()).getByRole('option', { name: /NEET 2027 Pune/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await screen.findByText('1 student moved to NEET 2027 Pune.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('removes a student after a confirmation', async () => {
    const { user, find } = await setup({
      ...answer(`DELETE /batch/batch/${MORNING.batchId}/students/st-riya`, {
        body: { data: { removed: true }, message: `Riya Sharma was removed from ${MORNING.batchName}.` },
      }),
    });
    await user.click(within(row('Riya Sharma')).getByRole('button', { name: 'Remove Riya Sharma from the batch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Riya Sharma?' });
    expect(dialog.textContent).toContain('They stay a student of Lectern');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await screen.findByText(`Riya Sharma was removed from ${MORNING.batchName}.`);
    expect(find(`DELETE /batch/batch/${MORNING.batchId}/students/st-riya`)).toHaveLength(1);
  });

  it('a closed batch is read-only: no adding, upload, moving or removing, and a note saying why', async () => {
    await setup({}, CLOSED);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('(Closed)');
    expect(screen.getByText(/This batch is closed: it takes no new students and changes no more/)).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Mobile number' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload sheet' })).toBeNull();
  });
});

describe('/batch-management/students: bulk upload', () => {
  const SHEET = [
    'Name,Mobile Number,Email,Roll Number',
    'Kabir Singh,+91 98765 43212,kabir@example.in,K-7',
    'Ishaan Verma,9.87E+09,,',
    ',',
    'Aarav Mehta,9876543210,,',
  ].join('\n');

  /** A server that answers per row as the real one would, from the rows it is sent. */
  function bulkUpload(
    request: RouteRequest<typeof batchesContract.bulkUpload>,
  ): MockResponse<typeof batchesContract.bulkUpload> {
    const body = request.body;
    const rows = body.rows.map((row) => {
      const ok = /^[6-9]\d{9}$/.test(row.mobileNumber);
      const existing = row.mobileNumber === '9876543210';
      return {
        rowNumber: row.rowNumber,
        name: row.name,
        mobileNumber: row.mobileNumber,
        outcome: !ok ? 'ERROR' : existing ? 'ALREADY_IN_BATCH' : 'NEW_STUDENT',
        reason: !ok
          ? rowReason('mobileInvalid', { mobileNumber: row.mobileNumber })
          : existing
            ? 'Aarav Mehta is already in this batch.'
            : null,
        studentId: null,
      } as const;
    });
    const count = (outcome: string) => rows.filter((row) => row.outcome === outcome).length;
    const result: BulkUploadResult = {
      dryRun: body.dryRun,
      batchId: body.batchId,
      counts: {
        NEW_STUDENT: count('NEW_STUDENT'),
        EXISTING_STUDENT_ADDED: 0,
        ALREADY_IN_BATCH: count('ALREADY_IN_BATCH'),
        ERROR: count('ERROR'),
      },
      rows,
      message: fillMessage(BATCH_MESSAGES.uploadDone, {
        added: count('NEW_STUDENT'),
        batchName: MORNING.batchName,
        created: count('NEW_STUDENT'),
        skipped: count('ERROR') + count('ALREADY_IN_BATCH'),
      }),
    };
    return { body: { data: result } };
  }

  it('reads the sheet, suggests fixes, previews the dry run, uploads only once accepted', async () => {
    const { user, find } = await setup({ 'POST /batch/bulkUpload': bulkUpload });
    await user.click(main().getByRole('button', { name: 'Upload sheet' }));
    const dialog = await screen.findByRole('dialog', { name: `Upload students to ${MORNING.batchName}` });

    // several files at once are refused
    const input = within(dialog).getByTestId<HTMLInputElement>('file-drop-zone-input');
    const file = (text: string, name: string) => new File([text], name, { type: 'text/csv' });
    const several = [file(SHEET, 'a.csv'), file(SHEET, 'b.csv')];
    fireEvent.drop(within(dialog).getByRole('button', { name: /Drop the students' sheet here/ }), {
      dataTransfer: {
        files: several,
        items: several.map((f) => ({ kind: 'file', type: f.type, getAsFile: () => f })),
        types: ['Files'],
      },
    });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MESSAGES.multipleFiles);

    await user.upload(input, file(SHEET, 'kota.csv'));
    await within(dialog).findByText('What the upload will do', undefined, { timeout: 10_000 });
    // the first dry run sends the numbers as the sheet holds them
    expect((find('POST /batch/bulkUpload')[0]!.body as BulkUploadBody).rows.map((r) => r.mobileNumber)).toEqual([
      '+91 98765 43212',
      '9.87E+09',
      '9876543210',
    ]);
    expect(within(dialog).getByText('Left out: 2')).toBeTruthy();
    expect(within(dialog).getByText(/Suggested: 9876543212/)).toBeTruthy();
    expect(within(dialog).getByText(rowReason('mobileLostDigits', { mobileNumber: '9.87E+09' }))).toBeTruthy();
    const uploadButton = () => within(dialog).getByRole('button', { name: /^Upload \d+ students?$/ });
    expect(uploadButton().textContent).toBe('Upload 0 students');

    await user.click(within(dialog).getByRole('button', { name: 'Accept fixes' }));
    await within(dialog).findByText('1 mobile number fixed as suggested; the preview has been checked again.');
    await within(dialog).findByText('New student: 1');
    expect(find('POST /batch/bulkUpload')[1]!.body as BulkUploadBody).toMatchObject({ dryRun: true });
    expect((find('POST /batch/bulkUpload')[1]!.body as BulkUploadBody).rows[0]!.mobileNumber).toBe('9876543212');
    expect(within(dialog).getByText('Left out: 1')).toBeTruthy();

    // filter by outcome
    await user.click(within(dialog).getByRole('combobox', { name: 'Outcome' }));
    await user.click((await listbox()).getByRole('option', { name: 'Left out' }));
    await waitFor(() => expect(within(dialog).queryByText('Kabir Singh')).toBeNull());
    expect(within(dialog).getByText('Ishaan Verma')).toBeTruthy();

    expect(uploadButton().textContent).toBe('Upload 1 student');
    expect(uploadButton()).toHaveProperty('disabled', true);
    await user.click(within(dialog).getByRole('checkbox', { name: /I have checked the preview: add 1 student/ }));
    expect(uploadButton()).toHaveProperty('disabled', false);
    await user.click(uploadButton());
    await within(dialog).findByText('What the upload did');
    expect((find('POST /batch/bulkUpload')[2]!.body as BulkUploadBody).dryRun).toBe(false);
    expect(within(dialog).getByRole('button', { name: 'Download rejected rows' })).toBeTruthy();
  });

  it('takes a 10,000-row sheet to the preview, and refuses one row more before asking the server', async () => {
    const { user, find } = await setup({ 'POST /batch/bulkUpload': bulkUpload });
    await user.click(main().getByRole('button', { name: 'Upload sheet' }));
    const dialog = await screen.findByRole('dialog', { name: `Upload students to ${MORNING.batchName}` });
    const input = within(dialog).getByTestId<HTMLInputElement>('file-drop-zone-input');
    const sheet = (rows: number) =>
      new File(
        [
          ['Name,Mobile Number', ...Array.from({ length: rows }, (_, i) => `Student ${i},${7000000000 + i}`)].join(
            '\n',
          ),
        ],
        `kota-${rows}.csv`,
        { type: 'text/csv' },
      );
    await user.upload(input, sheet(BULK_UPLOAD_MAX_ROWS + 1));
    await within(dialog).findByText(
      fillMessage(BATCH_MESSAGES.uploadTooManyRows, { max: BULK_UPLOAD_MAX_ROWS, count: BULK_UPLOAD_MAX_ROWS + 1 }),
    );
    expect(find('POST /batch/bulkUpload')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: /^Remove / }));
    await user.upload(input, sheet(BULK_UPLOAD_MAX_ROWS));
    await within(dialog).findByText('New student: 10,000', undefined, { timeout: 15_000 });
    expect((find('POST /batch/bulkUpload')[0]!.body as BulkUploadBody).rows).toHaveLength(BULK_UPLOAD_MAX_ROWS);
    expect(dialog.textContent).toContain('10,000 records found');
    expect(within(dialog).getByRole('button', { name: 'Upload 10,000 students' })).toHaveProperty('disabled', true);
  });

  it('says why a file cannot be read, per file', async () => {
    const { user, find } = await setup({ 'POST /batch/bulkUpload': bulkUpload });
    await user.click(main().getByRole('button', { name: 'Upload sheet' }));
    const dialog = await screen.findByRole('dialog', { name: `Upload students to ${MORNING.batchName}` });
    const input = within(dialog).getByTestId<HTMLInputElement>('file-drop-zone-input');
    await user.upload(input, new File(['Student,Phone X\nA,1'], 'wrong.csv', { type: 'text/csv' }));
    await within(dialog).findByText(/The sheet has no 'Name' or 'Mobile Number' column/);
    await user.upload(input, new File(['%PDF-1.7'], 'timetable.pdf', { type: 'application/pdf' }));
    await within(dialog).findByText(/'timetable.pdf' is not a spreadsheet/);
    expect(find('POST /batch/bulkUpload')).toHaveLength(0);
  });
});
