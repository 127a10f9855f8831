import { describe, expect, it } from 'vitest'
import { csvCell, toCsv } from './comments-csv.js'

describe('comments CSV', () => {
  it('quotes cells with commas, quotes and line breaks (RFC 4180) and ends rows with CRLF', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x, y', 'say "hi"'],
          ['two\nlines', null],
        ],
      ),
    ).toBe('a,b\r\n"x, y","say ""hi"""\r\n"two\nlines",\r\n')
  })

  it('neutralises cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`)
    expect(csvCell('+1+1')).toBe("'+1+1")
    expect(csvCell('-2')).toBe("'-2")
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)")
    expect(csvCell('\tcmd')).toBe("'\tcmd")
    expect(csvCell('\rcmd')).toBe(`"'\rcmd"`)
    expect(csvCell('fine = fine')).toBe('fine = fine')
  })

  it('leaves numbers as numbers and keeps UTF-8 text as it is', () => {
    expect(csvCell(-3)).toBe('-3')
    expect(csvCell('Revisión ✓ 日本')).toBe('Revisión ✓ 日本')
  })
})
