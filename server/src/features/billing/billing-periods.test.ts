import { describe, expect, it } from 'vitest'
import { addDays, addInterval } from './billing-periods.js'

describe('billing periods', () => {
  it('adds a calendar month or year', () => {
    expect(addInterval(new Date('2026-01-15T10:00:00Z'), 'monthly').toISOString()).toBe('2026-02-15T10:00:00.000Z')
    expect(addInterval(new Date('2026-12-15T10:00:00Z'), 'monthly').toISOString()).toBe('2027-01-15T10:00:00.000Z')
    expect(addInterval(new Date('2026-01-15T10:00:00Z'), 'yearly').toISOString()).toBe('2027-01-15T10:00:00.000Z')
  })

  it('adds whole days', () => {
    expect(addDays(new Date('2026-01-15T10:00:00Z'), 30).toISOString()).toBe('2026-02-14T10:00:00.000Z')
  })
})
