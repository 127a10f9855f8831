import { describe, expect, it } from 'vitest'
import { daysBetween } from './days-between.js'

describe('daysBetween', () => {
  it('counts whole calendar days from start to end', () => {
    expect(daysBetween('2025-01-01', '2025-01-31')).toBe(30)
    expect(daysBetween('2025-07-21', '2025-07-21')).toBe(0)
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2) // leap year
    expect(daysBetween('2024-12-31', '2025-01-01')).toBe(1)
  })

  it('is negative when the end date comes first', () => {
    expect(daysBetween('2025-03-10', '2025-03-01')).toBe(-9)
  })

  it('ignores daylight-saving changes between the dates', () => {
    // Europe and the US move their clocks on these weekends.
    expect(daysBetween('2025-03-29', '2025-03-31')).toBe(2)
    expect(daysBetween('2025-10-25', '2025-10-27')).toBe(2)
    expect(daysBetween('2025-03-08', '2025-03-10')).toBe(2)
  })

  it('is 0 when either date is missing or not a date', () => {
    expect(daysBetween('', '2025-01-01')).toBe(0)
    expect(daysBetween('2025-01-01', null)).toBe(0)
    expect(daysBetween(undefined, undefined)).toBe(0)
    expect(daysBetween('2025-02-30', '2025-03-05')).toBe(0)
    expect(daysBetween('01/02/2025', '2025-03-05')).toBe(0)
  })
})
