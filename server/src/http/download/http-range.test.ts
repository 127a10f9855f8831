import { describe, expect, it } from 'vitest'
import { ifRangeMatches, parseRange } from './http-range.js'

describe('parseRange', () => {
  it('resolves the forms of a single byte range against the size', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 })
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 })
    expect(parseRange('bytes=90-1000', 100)).toEqual({ start: 90, end: 99 })
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 })
    expect(parseRange('bytes=-1000', 100)).toEqual({ start: 0, end: 99 })
    expect(parseRange(' Bytes = 5 - 6 ', 100)).toEqual({ start: 5, end: 6 })
  })

  it('calls a range wholly past the end unsatisfiable', () => {
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable')
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable')
    expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable')
  })

  it('ignores what it may ignore: no header, other units, several ranges, malformed ones', () => {
    for (const header of [undefined, '', 'items=0-1', 'bytes=0-1,5-6', 'bytes=abc', 'bytes=9-1', 'bytes=-']) {
      expect(parseRange(header, 100), String(header)).toBeUndefined()
    }
  })
})

describe('ifRangeMatches', () => {
  it('applies the range only to the same representation', () => {
    const date = new Date(0).toUTCString()
    expect(ifRangeMatches(undefined, '"a"', date)).toBe(true)
    expect(ifRangeMatches('"a"', '"a"', date)).toBe(true)
    expect(ifRangeMatches(date, '"a"', date)).toBe(true)
    expect(ifRangeMatches('"b"', '"a"', date)).toBe(false)
    expect(ifRangeMatches('W/"a"', '"a"', date)).toBe(false)
  })
})
