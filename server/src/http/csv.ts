import { Readable } from 'node:stream'

/**
 * The one CSV writer of the exports (comments, analytics events; RFC 4180): CRLF line ends, every cell quoted when it holds
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

export type CsvRow = readonly (string | number | null)[]

/**
 * A CSV streamed from pages of rows (the header first): `pages` yields one page at a time, read
 * from the database only when the reader wants more, so a million rows take the memory of one page.
 */
export function csvStream(header: readonly string[], pages: AsyncIterable<readonly CsvRow[]>): Readable {
  async function* lines() {
    yield `${header.map(csvCell).join(',')}\r\n`
    for await (const page of pages) {
      if (page.length > 0) yield page.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('')
    }
  }
  return Readable.from(lines(), { objectMode: false })
}
