import type { Worksheet } from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  BATCH_MESSAGES,
  BULK_UPLOAD_MAX_ROWS,
  BULK_UPLOAD_MAX_UNPACKED_BYTES,
  fillMessage,
  rowReason,
  sheetProblems,
  type BulkRowResult,
} from '@lectern/contract';
import { declaredUnpackedBytes, loadExcel, readSheetFile, readTable, sheetRows } from './read-sheet';
import { rejectedRowsXlsx } from './rejected-rows';

type Cell = string | number | null | { text: string; hyperlink: string };

/** An .xlsx made with exceljs, as a sheet from Excel would be. */
async function xlsx(rows: Cell[][], setup?: (sheet: Worksheet) => void): Promise<Blob> {
  const { Workbook } = await loadExcel();
  const workbook = new Workbook();
  const sheet = workbook.addWorksheet('Students');
  rows.forEach((row, index) => {
    row.forEach((cell, column) => {
      if (cell !== null) sheet.getCell(index + 1, column + 1).value = cell;
    });
  });
  setup?.(sheet);
  return new Blob([await workbook.xlsx.writeBuffer()]);
}

const csv = (text: string) => new Blob([text], { type: 'text/csv' });

async function read(file: Blob, name: string) {
  const result = await readSheetFile(file, name);
  if (!result.ok) throw new Error(result.message);
  return result;
}

describe('reading a good sheet', () => {
  it('reads an .xlsx: the header in any case and spacing, extra columns ignored, e-mail links as text', async () => {
    const file = await xlsx([
      ['NAME', ' mobile  number ', 'E-mail', 'roll no', 'Father'],
      ['Aarav Mehta', '9876543210', { text: 'aarav@example.in', hyperlink: 'mailto:aarav@example.in' }, 'K-1', 'R'],
      ['Riya Sharma', 9876543211, null, null, null],
    ]);
    const result = await read(file, 'students.xlsx');
    expect(result.ignoredColumns).toEqual(['Father']);
    expect(
      result.rows.map(({ rowNumber, name, mobile, email, rollNumber }) => [
        rowNumber,
        name,
        mobile.value,
        email,
        rollNumber,
      ]),
    ).toEqual([
      [2, 'Aarav Mehta', '9876543210', 'aarav@example.in', 'K-1'],
      [3, 'Riya Sharma', '9876543211', '', ''],
    ]);
  });

  it('reads a .csv with quotes and a byte-order mark', async () => {
    const result = await read(csv('\uFEFFName,Mobile Number,Email\n"Mehta, Aarav",9876543210,a@b.in\n'), 'a.csv');
    expect(result.rows).toHaveLength(1);
    expect(result.rows[0]).toMatchObject({ name: 'Mehta, Aarav', mobileCell: '9876543210', email: 'a@b.in' });
  });
});

describe('reading a mixed sheet', () => {
  it('suggests fixes for +91, a leading 0 and a float; refuses to guess 9.87E+09; skips empty rows', async () => {
    const text = [
      'Name,Mobile Number',
      'Aarav Mehta,+91 98765 43210',
      ',',
      '',
      'Riya Sharma,09876543211',
      'Kabir Singh,9.87654321E9',
      'Ishaan Verma,9.87E+09',
      'Ananya Iyer,9876543212',
      'Ananya Iyer,9876543212',
    ].join('\n');
    const result = await read(csv(text), 'mixed.csv');
    expect(result.rows.map((row) => row.rowNumber)).toEqual([2, 5, 6, 7, 8, 9]);
    expect(result.rows.map((row) => row.mobile.fix?.to ?? null)).toEqual([
      '9876543210',
      '9876543211',
      '9876543210',
      null,
      null,
      null,
    ]);
    expect(result.rows[3]!.mobile.lostDigits).toBe(true);

    // as in the sheet, the fixable rows are wrong; with the fixes accepted, only the real problems stay
    const kept = sheetProblems(sheetRows(result.rows, false));
    expect(kept[0]).toEqual([rowReason('mobileInvalid', { mobileNumber: '+91 98765 43210' })]);
    const fixed = sheetProblems(sheetRows(result.rows, true));
    expect(fixed.map((problems) => problems.length)).toEqual([0, 0, 1, 1, 0, 1]);
    expect(fixed[2]).toEqual([rowReason('duplicateInSheet', { mobileNumber: '9876543210', otherRow: 2 })]);
    expect(fixed[5]).toEqual([rowReason('duplicateInSheet', { mobileNumber: '9876543212', otherRow: 8 })]);
  });

  it('takes a merged title row above the header, and a merged header cell once', async () => {
    const file = await xlsx(
      [
        ['JEE 2027 Morning, Kota', null, null, null],
        ['Name', 'Mobile Number', 'Mobile Number', 'Roll Number'],
        ['Aarav Mehta', '9876543210', '', 'K-1'],
      ],
      (sheet) => {
        sheet.mergeCells('A1:D1');
        sheet.mergeCells('B2:C2');
      },
    );
    const result = await read(file, 'merged.xlsx');
    expect(result.headerRow).toBe(2);
    expect(result.rows).toMatchObject([
      { rowNumber: 3, name: 'Aarav Mehta', mobileCell: '9876543210', rollNumber: 'K-1' },
    ]);
  });

  it('reads a number Excel stored as a float as its ten digits', async () => {
    const file = await xlsx([
      ['Name', 'Mobile Number'],
      ['Aarav Mehta', 9.87654321e9],
    ]);
    const result = await read(file, 'float.xlsx');
    expect(result.rows[0]!.mobile).toEqual({ value: '9876543210', fix: null, lostDigits: false });
  });
});

describe('refusing a sheet', () => {
  it('names the missing required column', async () => {
    const result = await readSheetFile(csv('Name,Phone Number X\nAarav,9876543210'), 'a.csv');
    expect(result).toEqual({
      ok: false,
      message:
        "The sheet has no 'Mobile Number' column: its first row must name the columns 'Name', 'Mobile Number', 'Email', 'Roll Number', as the sample does.",
    });
  });

  it('says a sheet with only a header has no rows', async () => {
    expect(await readSheetFile(csv('Name,Mobile Number\n,\n\n'), 'a.csv')).toEqual({
      ok: false,
      message: BATCH_MESSAGES.uploadNoRows,
    });
  });

  it(`takes ${BULK_UPLOAD_MAX_ROWS} rows and refuses one more`, async () => {
    const lines = (n: number) =>
      ['Name,Mobile Number', ...Array.from({ length: n }, (_, i) => `Student ${i},${7000000000 + i}`)].join('\n');
    const full = await read(csv(lines(BULK_UPLOAD_MAX_ROWS)), 'full.csv');
    expect(full.rows).toHaveLength(BULK_UPLOAD_MAX_ROWS);
    expect(full.rows.at(-1)).toMatchObject({ rowNumber: BULK_UPLOAD_MAX_ROWS + 1, mobileCell: '7000009999' });
    expect(await readSheetFile(csv(lines(BULK_UPLOAD_MAX_ROWS + 1)), 'over.csv')).toEqual({
      ok: false,
      message: fillMessage(BATCH_MESSAGES.uploadTooManyRows, {
        max: BULK_UPLOAD_MAX_ROWS,
        count: BULK_UPLOAD_MAX_ROWS + 1,
      }),
    });
  });

  it('reads a 10,000-row .xlsx', async () => {
    const rows: Cell[][] = [['Name', 'Mobile Number']];
    for (let i = 0; i < BULK_UPLOAD_MAX_ROWS; i += 1) rows.push([`Student ${i}`, String(7000000000 + i)]);
    const result = await read(await xlsx(rows), 'big.xlsx');
    expect(result.rows).toHaveLength(BULK_UPLOAD_MAX_ROWS);
  });

  it('refuses a zip that declares more than the limit unpacked, before unpacking it', async () => {
    const bomb = zipDeclaring(BULK_UPLOAD_MAX_UNPACKED_BYTES + 1);
    expect(declaredUnpackedBytes(bomb)).toBe(BULK_UPLOAD_MAX_UNPACKED_BYTES + 1);
    const result = await readSheetFile(new Blob([bomb]), 'students.xlsx');
    expect(result).toEqual({
      ok: false,
      message:
        "'students.xlsx' would unpack to 50 MB, more than the 50 MB a student sheet can take: it is not a student sheet.",
    });
  });

  it('refuses a file that is not a spreadsheet, whatever it is called', async () => {
    const pdf = new Blob(['%PDF-1.7\n%\u00e2\u00e3\n1 0 obj']);
    const message = (name: string) =>
      `'${name}' is not a spreadsheet: choose an .xlsx or .csv file (in Excel: Save As, Excel Workbook or CSV).`;
    expect(await readSheetFile(pdf, 'students.xlsx')).toEqual({ ok: false, message: message('students.xlsx') });
    expect(await readSheetFile(pdf, 'students.pdf')).toEqual({ ok: false, message: message('students.pdf') });
    expect(await readSheetFile(new Blob([new Uint8Array([0x50, 0x4b, 3, 4, 0, 0])]), 'x.csv')).toEqual({
      ok: false,
      message: message('x.csv'),
    });
    // a real zip that is no workbook
    const result = await readSheetFile(new Blob([zipDeclaring(10)]), 'notes.xlsx');
    expect(result).toEqual({
      ok: false,
      message:
        "'notes.xlsx' could not be read as an Excel workbook: open it in Excel and save it again as .xlsx or .csv.",
    });
  });

  it('refuses a file over the size limit', async () => {
    const result = await readSheetFile(new Blob([new Uint8Array(5 * 1024 * 1024 + 1)]), 'big.csv');
    expect(result).toEqual({
      ok: false,
      message: "'big.csv' is 5 MB; a sheet may be at most 5 MB. Split it and upload each part.",
    });
  });
});

describe('the rejected rows', () => {
  it('are a sheet with the sample columns and a reason, that reads back', async () => {
    const rows = readTable([
      ['Name', 'Mobile Number', 'Email', 'Roll Number'],
      ['Aarav Mehta', '9876543210', '', ''],
      ['Kabir Singh', '9.87E+09', 'k@x.in', 'K-2'],
    ]);
    if (!rows.ok) throw new Error(rows.message);
    const results: BulkRowResult[] = [
      {
        rowNumber: 2,
        name: 'Aarav Mehta',
        mobileNumber: '9876543210',
        outcome: 'NEW_STUDENT',
        reason: null,
        studentId: null,
      },
      {
        rowNumber: 3,
        name: 'Kabir Singh',
        mobileNumber: '9.87E+09',
        outcome: 'ERROR',
        reason: rowReason('mobileInvalid', { mobileNumber: '9.87E+09' }),
        studentId: null,
      },
    ];
    const blob = await rejectedRowsXlsx(rows.rows, results);
    const { Workbook } = await loadExcel();
    const workbook = new Workbook();
    await workbook.xlsx.load(await blob.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Row',
      'Name',
      'Mobile Number',
      'Email',
      'Roll Number',
      'Reason',
    ]);
    expect(sheet.getRow(2).values).toEqual([
      undefined,
      3,
      'Kabir Singh',
      '9.87E+09',
      'k@x.in',
      'K-2',
      rowReason('mobileLostDigits', { mobileNumber: '9.87E+09' }),
    ]);
  });
});

/** A zip of one stored file whose central directory declares `unpacked` bytes (nothing that large is in it). */
function zipDeclaring(unpacked: number): Uint8Array<ArrayBuffer> {
  const name = new TextEncoder().encode('xl/workbook.xml');
  const local = new Uint8Array(30 + name.length);
  const localView = new DataView(local.buffer);
  localView.setUint32(0, 0x04034b50, true);
  localView.setUint16(26, name.length, true);
  local.set(name, 30);
  const central = new Uint8Array(46 + name.length);
  const centralView = new DataView(central.buffer);
  centralView.setUint32(0, 0x02014b50, true);
  centralView.setUint32(24, unpacked, true);
  centralView.setUint16(28, name.length, true);
  central.set(name, 46);
  const end = new Uint8Array(22);
  const endView = new DataView(end.buffer);
  endView.setUint32(0, 0x06054b50, true);
  endView.setUint16(8, 1, true);
  endView.setUint16(10, 1, true);
  endView.setUint32(12, central.length, true);
  endView.setUint32(16, local.length, true);
  const zip = new Uint8Array(local.length + central.length + end.length);
  zip.set(local, 0);
  zip.set(central, local.length);
  zip.set(end, local.length + central.length);
  return zip;
}
