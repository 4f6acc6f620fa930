import type * as ExcelJsModule from 'exceljs';
import {
  BATCH_MESSAGES,
  BULK_UPLOAD_COLUMNS,
  BULK_UPLOAD_MAX_FILE_BYTES,
  BULK_UPLOAD_MAX_ROWS,
  BULK_UPLOAD_MAX_UNPACKED_BYTES,
  fillMessage,
  formatBytes,
  readMobileCell,
  type BulkUploadColumn,
  type MobileCell,
  type SheetRow,
} from '@lectern/contract';

// Reading a bulk-upload sheet in the browser (spec 2 §7, DESIGN §9 "Spreadsheets"): pure functions of
// the file's bytes, run in a web worker (sheet.worker.ts) so a 10,000-row sheet never freezes the page,
// and directly by the tests. exceljs (about 1 MB) and papaparse load only when a sheet is read.

/** One student row as read: the cells as text, the mobile number with the fix the rules suggest. */
export interface SheetRowRead {
  /** the row's number in the sheet (1 is the first row), as Excel shows it */
  rowNumber: number;
  name: string;
  /** the mobile-number cell as the sheet holds it, read as text */
  mobileCell: string;
  mobile: MobileCell;
  email: string;
  rollNumber: string;
}

export type SheetRead =
  { ok: true; rows: SheetRowRead[]; headerRow: number; ignoredColumns: string[] } | { ok: false; message: string };

/** Per-file messages of a sheet that cannot be read (Lectern's own: spec 2 gives none). */
export const SHEET_MESSAGES = {
  notSpreadsheet:
    "'[fileName]' is not a spreadsheet: choose an .xlsx or .csv file (in Excel: Save As, Excel Workbook or CSV).",
  tooLarge: "'[fileName]' is [size]; a sheet may be at most [max]. Split it and upload each part.",
  unpacksTooLarge:
    "'[fileName]' would unpack to [size], more than the [max] a student sheet can take: it is not a student sheet.",
  unreadableWorkbook:
    "'[fileName]' could not be read as an Excel workbook: open it in Excel and save it again as .xlsx or .csv.",
  missingColumns:
    'The sheet has no [columns] column: its first row must name the columns [expected], as the sample does.',
  noSheet: "'[fileName]' holds no worksheet.",
} as const;

const fail = (key: keyof typeof SHEET_MESSAGES, values: Record<string, string | number>): SheetRead => ({
  ok: false,
  message: fillMessage(SHEET_MESSAGES[key], values),
});

type Kind = 'xlsx' | 'csv';
const kindOf = (fileName: string): Kind | null => {
  const lower = fileName.toLowerCase();
  return lower.endsWith('.xlsx') ? 'xlsx' : lower.endsWith('.csv') ? 'csv' : null;
};

// ---- the zip's central directory (an .xlsx is a zip): declared sizes, read before anything unpacks

const EOCD = 0x06054b50;
const CENTRAL_ENTRY = 0x02014b50;

/**
 * The uncompressed size the zip declares for all its parts, from its central directory; nothing is
 * inflated. null when the bytes are not a zip; Infinity when it uses ZIP64 (a student sheet never needs it).
 */
export function declaredUnpackedBytes(bytes: Uint8Array): number | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const earliest = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let at = bytes.length - 22; at >= earliest; at -= 1) {
    if (view.getUint32(at, true) === EOCD) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const entries = view.getUint16(end + 10, true);
  const size = view.getUint32(end + 12, true);
  const offset = view.getUint32(end + 16, true);
  if (entries === 0xffff || size === 0xffffffff || offset === 0xffffffff) return Infinity;
  if (offset + size > bytes.length) return null;
  let total = 0;
  let at = offset;
  for (let i = 0; i < entries; i += 1) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== CENTRAL_ENTRY) return null;
    const unpacked = view.getUint32(at + 24, true);
    if (unpacked === 0xffffffff) return Infinity;
    total += unpacked;
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return total;
}

// ---- cells and headers

/** A cell as text: exceljs gives numbers, dates, rich text, hyperlinks (e-mails) and formulas. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const cell = value as { richText?: { text: string }[]; text?: unknown; result?: unknown };
    if (Array.isArray(cell.richText))
      return cell.richText
        .map((part) => part.text)
        .join('')
        .trim();
    if ('text' in cell) return cellText(cell.text);
    if ('result' in cell) return cellText(cell.result);
  }
  return '';
}

const normalise = (header: string) => header.toLowerCase().replace(/[\s_.:*()-]/g, '');

/** The names a column goes by in sheets staff make, after case, spaces and punctuation are dropped. */
const HEADER_NAMES: Record<BulkUploadColumn, readonly string[]> = {
  Name: ['name', 'studentname', 'fullname'],
  'Mobile Number': ['mobilenumber', 'mobile', 'mobileno', 'phone', 'phonenumber'],
  Email: ['email', 'emailaddress', 'emailid'],
  'Roll Number': ['rollnumber', 'rollno', 'roll'],
};
const REQUIRED: readonly BulkUploadColumn[] = ['Name', 'Mobile Number'];
/** The header is looked for in the first rows (a title row above it, merged across, is common). */
const HEADER_SEARCH_ROWS = 10;

type ColumnMap = Partial<Record<BulkUploadColumn, number>>;

function mapColumns(cells: readonly unknown[]): { map: ColumnMap; ignored: string[] } {
  const map: ColumnMap = {};
  const ignored: string[] = [];
  cells.forEach((cell, index) => {
    const text = cellText(cell);
    if (!text) return;
    const column = BULK_UPLOAD_COLUMNS.find((name) => HEADER_NAMES[name].includes(normalise(text)));
    // a merged header cell repeats its text across the cells it covers: the first one counts
    if (column && map[column] === undefined) map[column] = index;
    else if (!column && !ignored.includes(text)) ignored.push(text);
  });
  return { map, ignored };
}

const blank = (cells: readonly unknown[] | undefined) => !cells || cells.every((cell) => cellText(cell) === '');

/**
 * The student rows of a table of cells (rows of the first worksheet, or of the CSV): the header found
 * case- and space-insensitively (extra columns ignored), empty rows skipped, the mobile number read as
 * text with its suggested fix. A missing required column, no rows or too many rows is a message.
 */
export function readTable(table: readonly (readonly unknown[] | undefined)[]): SheetRead {
  let header = -1;
  let best: { index: number; map: ColumnMap } | null = null;
  let ignoredColumns: string[] = [];
  for (let index = 0, seen = 0; index < table.length && seen < HEADER_SEARCH_ROWS; index += 1) {
    const cells = table[index];
    if (blank(cells)) continue;
    seen += 1;
    const { map, ignored } = mapColumns(cells ?? []);
    if (REQUIRED.every((column) => map[column] !== undefined)) {
      header = index;
      best = { index, map };
      ignoredColumns = ignored;
      break;
    }
    if (!best || Object.keys(map).length > Object.keys(best.map).length) best = { index, map };
  }
  if (!best) return { ok: false, message: BATCH_MESSAGES.uploadNoRows };
  if (header < 0) {
    const missing = REQUIRED.filter((column) => best.map[column] === undefined).map((column) => `'${column}'`);
    return fail('missingColumns', {
      columns: missing.join(' or '),
      expected: BULK_UPLOAD_COLUMNS.map((column) => `'${column}'`).join(', '),
    });
  }

  const map = best.map;
  const at = (cells: readonly unknown[], column: BulkUploadColumn) =>
    map[column] === undefined ? undefined : cells[map[column]];
  const rows: SheetRowRead[] = [];
  let count = 0;
  for (let index = header + 1; index < table.length; index += 1) {
    const cells = table[index];
    if (!cells || blank(cells)) continue;
    count += 1;
    // past the limit only the count goes on: the message says how many there are
    if (count > BULK_UPLOAD_MAX_ROWS) continue;
    const mobileRaw = at(cells, 'Mobile Number');
    rows.push({
      rowNumber: index + 1,
      name: cellText(at(cells, 'Name')),
      mobileCell: cellText(mobileRaw),
      mobile: readMobileCell(typeof mobileRaw === 'number' ? mobileRaw : cellText(mobileRaw)),
      email: cellText(at(cells, 'Email')),
      rollNumber: cellText(at(cells, 'Roll Number')),
    });
  }
  if (count > BULK_UPLOAD_MAX_ROWS) {
    return { ok: false, message: fillMessage(BATCH_MESSAGES.uploadTooManyRows, { max: BULK_UPLOAD_MAX_ROWS, count }) };
  }
  if (rows.length === 0) return { ok: false, message: BATCH_MESSAGES.uploadNoRows };
  return { ok: true, rows, headerRow: header + 1, ignoredColumns };
}

// ---- files

/** A CSV's rows of text cells (papaparse: quotes, commas and line breaks inside cells). */
export async function csvTable(text: string): Promise<string[][]> {
  const { default: Papa } = await import('papaparse');
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false });
  return parsed.data;
}

/** The first worksheet's rows of cell values (exceljs, loaded on first use). */
export async function xlsxTable(bytes: ArrayBuffer): Promise<unknown[][] | null> {
  const { Workbook } = await loadExcel();
  const workbook = new Workbook();
  await workbook.xlsx.load(bytes);
  const sheet = workbook.worksheets[0];
  if (!sheet) return null;
  const table: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const cells: unknown[] = [];
    for (let column = 1; column <= row.cellCount; column += 1) cells.push(row.getCell(column).value);
    table[rowNumber - 1] = cells;
  });
  return table;
}

type ExcelJs = typeof ExcelJsModule;

/** exceljs, loaded on first use: its namespace sits under `default` or is the module itself (CommonJS interop). */
export async function loadExcel(): Promise<ExcelJs> {
  const module: ExcelJs & { default?: ExcelJs } = await import('exceljs');
  return module.default?.Workbook ? module.default : module;
}

/**
 * Reads a dropped file into student rows, or says why it cannot: the file's kind and size first, then
 * (for .xlsx) the sizes its zip declares, and only then does anything unpack.
 */
export async function readSheetFile(file: Blob, fileName: string): Promise<SheetRead> {
  const kind = kindOf(fileName);
  if (!kind) return fail('notSpreadsheet', { fileName });
  if (file.size > BULK_UPLOAD_MAX_FILE_BYTES) {
    return fail('tooLarge', {
      fileName,
      size: formatBytes(file.size),
      max: formatBytes(BULK_UPLOAD_MAX_FILE_BYTES),
    });
  }
  const bytes = await file.arrayBuffer();
  if (kind === 'csv') {
    const head = new Uint8Array(bytes, 0, Math.min(bytes.byteLength, 4096));
    // a binary file renamed .csv (a zip, a PDF, an image) has NUL bytes or a zip's signature early on
    if (head.includes(0) || (head[0] === 0x50 && head[1] === 0x4b)) return fail('notSpreadsheet', { fileName });
    return readTable(await csvTable(new TextDecoder().decode(bytes)));
  }
  const unpacked = declaredUnpackedBytes(new Uint8Array(bytes));
  if (unpacked === null) return fail('notSpreadsheet', { fileName });
  if (unpacked > BULK_UPLOAD_MAX_UNPACKED_BYTES) {
    return fail('unpacksTooLarge', {
      fileName,
      size: Number.isFinite(unpacked) ? formatBytes(unpacked) : 'more than 4 GB',
      max: formatBytes(BULK_UPLOAD_MAX_UNPACKED_BYTES),
    });
  }
  let table: unknown[][] | null;
  try {
    table = await xlsxTable(bytes);
  } catch {
    return fail('unreadableWorkbook', { fileName });
  }
  if (!table) return fail('noSheet', { fileName });
  return readTable(table);
}

// ---- what is sent

/** The rows to send: each mobile number as the sheet holds it, or fixed when the fixes are accepted. */
export function sheetRows(rows: readonly SheetRowRead[], acceptFixes: boolean): SheetRow[] {
  return rows.map((row) => ({
    rowNumber: row.rowNumber,
    name: row.name,
    mobileNumber: row.mobile.fix && !acceptFixes ? row.mobile.fix.from : row.mobile.value,
    email: row.email,
    rollNumber: row.rollNumber,
  }));
}
