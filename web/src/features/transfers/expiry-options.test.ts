import { describe, expect, it } from 'vitest'
import { expiryOptions, expiryParts } from './expiry-options.js'

const hoursOf = (max: number | null) => expiryOptions(max).map((option) => option.hours)

describe('expiryOptions', () => {
  it("stops at the plan's maximum, which is the default", () => {
    expect(hoursOf(24)).toEqual([1, 6, 24])
    expect(expiryOptions(24).filter((o) => o.isDefault)).toEqual([{ hours: 24, isDefault: true }])
    expect(hoursOf(720)).toEqual([1, 6, 24, 72, 168, 336, 720])
  })

  it('adds a maximum that is not a preset', () => {
    expect(hoursOf(48)).toEqual([1, 6, 24, 48])
    expect(hoursOf(3)).toEqual([1, 3])
  })

  it('offers up to a year on a plan without a maximum, 30 days by default', () => {
    expect(hoursOf(null).at(-1)).toBe(365 * 24)
    expect(expiryOptions(null).find((o) => o.isDefault)?.hours).toBe(720)
  })
})

describe('expiryParts', () => {
  it('names whole days from a day up, hours below', () => {
    expect(expiryParts(6)).toEqual({ unit: 'hours', count: 6 })
    expect(expiryParts(24)).toEqual({ unit: 'days', count: 1 })
    expect(expiryParts(48)).toEqual({ unit: 'days', count: 2 })
    expect(expiryParts(30)).toEqual({ unit: 'hours', count: 30 })
  })
})
