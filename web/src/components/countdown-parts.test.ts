import { describe, expect, it } from 'vitest'
import { countdownParts } from './countdown-parts.js'

const minute = 60_000
const hour = 60 * minute
const day = 24 * hour

describe('countdownParts (spec/transfers.md §5)', () => {
  it('shows days and hours from a day up', () => {
    expect(countdownParts(6 * day + 23 * hour + 59 * minute)).toEqual({ unit: 'days', days: 6, hours: 23 })
    expect(countdownParts(day)).toEqual({ unit: 'days', days: 1, hours: 0 })
  })

  it('shows hours and minutes under a day, never 0 minutes before the end', () => {
    expect(countdownParts(day - 1)).toEqual({ unit: 'hours', hours: 23, minutes: 59 })
    expect(countdownParts(3 * hour + 12 * minute)).toEqual({ unit: 'hours', hours: 3, minutes: 12 })
    expect(countdownParts(1_000)).toEqual({ unit: 'hours', hours: 0, minutes: 1 })
  })

  it('is null once passed', () => {
    expect(countdownParts(0)).toBeNull()
    expect(countdownParts(-5)).toBeNull()
    expect(countdownParts(Number.NaN)).toBeNull()
  })
})
