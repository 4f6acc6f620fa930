// CSV files people open in a spreadsheet (RFC 4180: quoted where needed, CRLF line ends).

/** A cell as CSV: quoted when it holds a comma, quote or line break; a leading =, +, -, @, tab or CR is defused for spreadsheets. */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows of cells as a CSV file, each line ended with CRLF. */
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
