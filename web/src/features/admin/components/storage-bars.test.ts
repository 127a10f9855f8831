import { describe, expect, it } from 'vitest'
import { barShare } from './storage-bars.js'

describe('barShare (walk 7.5)', () => {
  it('is each bar’s share of the total, not of the largest bar', () => {
    const bars = [{ bytes: 650 }, { bytes: 250 }, { bytes: 100 }]
    expect(barShare(650, bars)).toBe(65)
    expect(barShare(250, bars)).toBe(25)
    expect(bars.reduce((sum, bar) => sum + barShare(bar.bytes, bars), 0)).toBe(100)
  })

  it('draws nothing when nothing is stored, and a single row in full', () => {
    expect(barShare(0, [{ bytes: 0 }, { bytes: 0 }])).toBe(0)
    expect(barShare(5, [{ bytes: 5 }])).toBe(100)
  })
})
