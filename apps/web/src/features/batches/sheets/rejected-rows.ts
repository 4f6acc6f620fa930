import { BULK_UPLOAD_COLUMNS, type BulkRowResult } from '@lectern/contract';
import { loadExcel, type SheetRowRead } from './read-sheet';
import { rowReasonText } from './row-reason';

export const REJECTED_COLUMNS = ['Row', ...BULK_UPLOAD_COLUMNS, 'Reason'] as const;

/**
 * The rows an upload left out, as a sheet to correct and upload again: the sample's columns (so it
 * reads back as it is: 'Row' and 'Reason' are ignored on the way in) with the sheet's row and why.
 */
export async function rejectedRowsXlsx(
  rows: readonly SheetRowRead[],
  results: readonly BulkRowResult[],
): Promise<Blob> {
  const { Workbook } = await loadExcel();
  const workbook = new Workbook();
  const sheet = workbook.addWorksheet('Rejected rows');
  sheet.columns = REJECTED_COLUMNS.map((header) => ({
    header,
    key: header,
    width: header === 'Reason' ? 70 : header === 'Row' ? 6 : 22,
    // mobile numbers stay text, so Excel never shows them as 9.88E+09
    ...(header === 'Mobile Number' ? { style: { numFmt: '@' } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  const byNumber = new Map(rows.map((row) => [row.rowNumber, row]));
  for (const result of results) {
    if (result.outcome !== 'ERROR') continue;
    const row = byNumber.get(result.rowNumber);
    sheet.addRow({
      Row: result.rowNumber,
      Name: row?.name ?? result.name,
      'Mobile Number': row?.mobileCell ?? result.mobileNumber,
      Email: row?.email ?? '',
      'Roll Number': row?.rollNumber ?? '',
      Reason: rowReasonText(result, row),
    });
  }
  const buffer = await workbook.xlsx.writeBuffer();
  return new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}
