import { BULK_UPLOAD_COLUMNS } from '@lectern/contract';
import ExcelJS from 'exceljs';

/** The two example rows of the sample: realistic, and valid under the sheet rules. */
const EXAMPLES: readonly (readonly string[])[] = [
  ['Aarav Mehta', '9876501234', 'aarav.mehta@example.in', 'KOTA-27-001'],
  ['Diya Raghunathan', '8123409876', '', 'KOTA-27-002'],
];

/**
 * The sample spreadsheet of a bulk upload (.xlsx): the columns in order, two example rows, the
 * Mobile Number column formatted as Text ('@') so a spreadsheet never turns a number into 9.88E+09
 * (the example cells are strings, so they are text as well).
 */
export async function sampleUploadSheet(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Lectern';
  const sheet = workbook.addWorksheet('Students');
  sheet.columns = BULK_UPLOAD_COLUMNS.map((header) => ({
    header,
    key: header,
    width: header === 'Email' ? 32 : 22,
    ...(header === 'Mobile Number' ? { style: { numFmt: '@' } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const example of EXAMPLES) sheet.addRow([...example]);
  // The column's style (the <col> element) formats what staff type into it later as text too.
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
