import { text } from 'node:stream/consumers'
import { describe, expect, it } from 'vitest'
import { csvCell, csvStream, toCsv } from './csv.js'

describe('the CSV writer', () => {
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

  it('streams pages of rows after the header, asking for a page only when the reader wants it', async () => {
    const asked: number[] = []
    async function* pages() {
      for (const n of [1, 2, 3]) {
        asked.push(n)
        yield [[`=cmd${n}`, n]]
      }
    }
    const stream = csvStream(['name', 'n'], pages())
    expect(asked).toEqual([])
    expect(await text(stream)).toBe("name,n\r\n'=cmd1,1\r\n'=cmd2,2\r\n'=cmd3,3\r\n")
    expect(asked).toEqual([1, 2, 3])
  })
})
