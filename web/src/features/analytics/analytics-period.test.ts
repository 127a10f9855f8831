import { describe, expect, it } from 'vitest'
import { periodDays, periodFromSearch, periodProblem, presetOf, presetPeriod } from './analytics-period.js'

const now = new Date('2026-12-04T17:45:00.000Z')

describe('analytics period', () => {
  it('presets end today and count today among their days', () => {
    expect(presetPeriod(7, now)).toEqual({ from: '2026-11-28', to: '2026-12-04' })
    expect(periodDays(presetPeriod(30, now))).toBe(30)
    expect(periodDays(presetPeriod(90, now))).toBe(90)
  })

  it('recognises a preset, and calls any other period custom', () => {
    expect(presetOf({ from: '2026-11-28', to: '2026-12-04' }, now)).toBe(7)
    expect(presetOf({ from: '2026-11-27', to: '2026-12-04' }, now)).toBeNull()
    expect(presetOf({ from: '2026-11-27', to: '2026-12-03' }, now)).toBeNull()
  })

  it('finds what the server would refuse', () => {
    expect(periodProblem({ from: '2026-12-01', to: '2026-12-04' })).toBeNull()
    expect(periodProblem({ from: '2026-12-04', to: '2026-12-04' })).toBeNull()
    expect(periodProblem({ from: '', to: '2026-12-04' })).toBe('invalid')
    expect(periodProblem({ from: '2026-13-01', to: '2026-12-04' })).toBe('invalid')
    expect(periodProblem({ from: '2026-12-05', to: '2026-12-04' })).toBe('reversed')
    expect(periodProblem({ from: '2025-01-01', to: '2026-12-04' })).toBe('tooLong')
    expect(periodProblem({ from: '2025-11-01', to: '2026-12-04' })).toBeNull()
  })

  it("reads the page's address, falling back to the last 30 days", () => {
    expect(periodFromSearch(new URLSearchParams('from=2026-10-01&to=2026-10-31'), now)).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
    })
    expect(periodFromSearch(new URLSearchParams(''), now)).toEqual(presetPeriod(30, now))
    expect(periodFromSearch(new URLSearchParams('from=yesterday&to=2026-10-31'), now)).toEqual(presetPeriod(30, now))
    // Reversed dates stay, so the picker can say what is wrong with them.
    expect(periodFromSearch(new URLSearchParams('from=2026-11-02&to=2026-11-01'), now)).toEqual({
      from: '2026-11-02',
      to: '2026-11-01',
    })
  })
})
