// The orders list as a file: every matching row, as CSV (the shared CSV helper, formulas defused)
// or as an XLSX workbook (exceljs; every text is a string cell, never a formula).
import {
  ORDER_LIST_PAYMENT_MODE_LABELS,
  ORDER_STATUS_LABELS,
  formatIndiaDateWithTime,
  type OrderListRow,
  type OrdersList,
} from '@lectern/contract';
import ExcelJS from 'exceljs';
import { toCsv } from '../../lib/spreadsheet-cell';

/** Rupees with two decimals, as a number a spreadsheet sums. */
const rupees = (paise: number) => Math.round(paise) / 100;

const COLUMNS: readonly [heading: string, cell: (row: OrderListRow) => string | number, width: number][] = [
  ['Order ID', (r) => r.orderId, 24],
  ['Placed on (India)', (r) => formatIndiaDateWithTime(r.createdAt), 22],
  ['Student', (r) => r.student.name, 24],
  ['Mobile', (r) => r.student.mobileNumber, 14],
  ['E-mail', (r) => r.student.email ?? '', 30],
  ['Listing', (r) => r.storeListingName ?? '', 30],
  ['Plan', (r) => r.plan ?? '', 24],
  ['Gross (Rs.)', (r) => rupees(r.amounts.gross), 12],
  ['Discount (Rs.)', (r) => rupees(r.amounts.discount), 12],
  ['GST (Rs.)', (r) => rupees(r.amounts.gst), 12],
  ['Net (Rs.)', (r) => rupees(r.amounts.net), 12],
  ['Refunded (Rs.)', (r) => rupees(r.amounts.refunded), 12],
  ['Coupon', (r) => r.couponCode ?? '', 16],
  ['Payment mode', (r) => ORDER_LIST_PAYMENT_MODE_LABELS[r.paymentMode], 14],
  ['Status', (r) => ORDER_STATUS_LABELS[r.paymentStatus], 18],
  ['Invoice number', (r) => r.invoiceNumber ?? '', 20],
];

/** The rows as CSV, a heading row first. */
export function ordersCsv(list: OrdersList): Buffer {
  return Buffer.from(
    toCsv([COLUMNS.map(([heading]) => heading), ...list.content.map((row) => COLUMNS.map(([, get]) => get(row)))]),
  );
}

/** The rows as one worksheet with a frozen heading row, mobile numbers as text. */
export async function ordersXlsx(list: OrdersList): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Lectern';
  const sheet = workbook.addWorksheet('Orders');
  sheet.columns = COLUMNS.map(([header, , width]) => ({
    header,
    key: header,
    width,
    ...(header.endsWith('(Rs.)')
      ? { style: { numFmt: '#,##0.00' } }
      : header === 'Mobile'
        ? { style: { numFmt: '@' } }
        : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  // a cell value that is a string stays text: exceljs writes a formula only for { formula } values
  for (const row of list.content) sheet.addRow(COLUMNS.map(([, get]) => get(row)));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
