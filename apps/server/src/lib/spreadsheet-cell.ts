// Cells of the files staff open in a spreadsheet (CSV, XLSX): text that starts like a formula is
// defused, so a name such as '=HYPERLINK(...)' is shown, never run (CSV injection).

const FORMULA_START = /^[=+\-@\t\r]/;

/** Text as a spreadsheet shows it: a leading =, +, -, @, tab or carriage return gets a quote before it. */
export function defuseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A cell as CSV (RFC 4180): quoted when it holds a comma, quote or line break; text defused. */
export function csvCell(value: string | number): string {
  const text = typeof value === 'string' ? defuseFormula(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows of cells as a CSV file (RFC 4180), each line ended with CRLF. */
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
