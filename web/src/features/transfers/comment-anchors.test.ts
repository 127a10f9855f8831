import { describe, expect, it } from 'vitest'
import { anchorLabel, formatMediaTime, parseMediaTime } from './comment-anchors.js'

describe('comment anchors', () => {
  it('shows media times as players do', () => {
    expect(formatMediaTime(0)).toBe('0:00')
    expect(formatMediaTime(12.7)).toBe('0:12')
    expect(formatMediaTime(75)).toBe('1:15')
    expect(formatMediaTime(3723)).toBe('1:02:03')
  })

  it('reads typed times in seconds, m:ss or h:mm:ss, and refuses anything else', () => {
    expect(parseMediaTime('75')).toBe(75)
    expect(parseMediaTime(' 1:15 ')).toBe(75)
    expect(parseMediaTime('1:02:03')).toBe(3723)
    expect(parseMediaTime('0:12.5')).toBe(12.5)
    for (const bad of ['', 'abc', '1:75', '-3', '1:2:3:4', '1.5:00']) expect(parseMediaTime(bad), bad).toBeNull()
  })

  it('labels a region in percent of the image', () => {
    expect(anchorLabel({ kind: 'region', x: 0.1, y: 0.25, w: 0.5, h: 0.333 })).toEqual({
      key: 'region',
      values: { x: 10, y: 25, w: 50, h: 33 },
    })
    expect(anchorLabel({ kind: 'page', page: 3 })).toEqual({ key: 'page', values: { page: 3 } })
  })
})
