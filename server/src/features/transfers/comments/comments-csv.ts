/**
 * CSV of a transfer's review comments (RFC 4180): CRLF line ends, every cell quoted when it holds
 * a quote, a comma or a line break, quotes doubled. A cell a spreadsheet would run as a formula
 * (starting with =, +, -, @, a tab or a carriage return) gets a leading apostrophe (OWASP's CSV
 * injection advice), so an export opened in Excel or LibreOffice shows text and computes nothing.
 */

const formulaStart = /^[=+\-@\t\r]/

/** One cell, neutralised and quoted as needed. */
export function csvCell(value: string | number | null): string {
  if (value === null) return ''
  let text = String(value)
  if (typeof value === 'string' && formulaStart.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** Rows to CSV text: the header first, CRLF after every row (the file ends with one). */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  return [header, ...rows].map((row) => `${row.map(csvCell).join(',')}\r\n`).join('')
}
