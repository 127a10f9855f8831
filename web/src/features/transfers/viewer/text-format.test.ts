import { describe, expect, it } from 'vitest'
import { decodeTextHead, prettyJson, textFormatOf } from './text-format.js'

describe('textFormatOf', () => {
  it('picks the way to show a text file from its name', () => {
    expect(textFormatOf('README.md')).toEqual({ kind: 'markdown' })
    expect(textFormatOf('figures.CSV')).toEqual({ kind: 'csv', delimiter: undefined })
    expect(textFormatOf('export.tsv')).toEqual({ kind: 'csv', delimiter: '\t' })
    expect(textFormatOf('data.json')).toEqual({ kind: 'json' })
    expect(textFormatOf('src/app.tsx')).toEqual({ kind: 'code', language: 'typescript' })
    expect(textFormatOf('page.html')).toEqual({ kind: 'code', language: 'xml' })
    expect(textFormatOf('Dockerfile')).toEqual({ kind: 'code', language: 'dockerfile' })
    expect(textFormatOf('notes.txt')).toEqual({ kind: 'plain' })
    expect(textFormatOf('.env')).toEqual({ kind: 'plain' })
  })
})

describe('decodeTextHead', () => {
  it('drops a character cut by the end of the range and says the file goes on', () => {
    const bytes = new TextEncoder().encode('año ñ')
    expect(decodeTextHead(bytes.subarray(0, bytes.length - 1), 100)).toEqual({ text: 'año ', cut: true })
    expect(decodeTextHead(bytes, bytes.length)).toEqual({ text: 'año ñ', cut: false })
    expect(decodeTextHead(new TextEncoder().encode('\uFEFFhi'), 5)).toEqual({ text: 'hi', cut: false })
  })
})

describe('prettyJson', () => {
  it('indents valid JSON and gives up on a cut one', () => {
    expect(prettyJson('{"a":[1,2]}')).toBe('{\n  "a": [\n    1,\n    2\n  ]\n}')
    expect(prettyJson('{"a":[1,')).toBeNull()
  })
})
