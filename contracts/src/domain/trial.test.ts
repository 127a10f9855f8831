import { describe, expect, it } from 'vitest'
import { isInTrial, msPerDay, trialDaysRemaining, trialProgressPercent } from './trial.js'

const start = new Date('2026-01-01T00:00:00Z')
const end = new Date(start.getTime() + 30 * msPerDay)
const at = (days: number) => new Date(start.getTime() + days * msPerDay)

describe('trialProgressPercent', () => {
  it('is the share of the trial already used', () => {
    expect(trialProgressPercent(start, end, at(0))).toBe(0)
    expect(trialProgressPercent(start, end, at(15))).toBe(50)
    expect(trialProgressPercent(start, end, at(30))).toBe(100)
  })

  it('is clamped to 0–100', () => {
    expect(trialProgressPercent(start, end, at(-3))).toBe(0)
    expect(trialProgressPercent(start, end, at(45))).toBe(100)
  })

  it('accepts ISO strings and survives bad or empty ranges', () => {
    expect(trialProgressPercent(start.toISOString(), end.toISOString(), at(3).toISOString())).toBe(10)
    expect(trialProgressPercent('nonsense', end, at(3))).toBe(0)
    expect(trialProgressPercent(end, end, at(29))).toBe(0)
    expect(trialProgressPercent(end, end, at(30))).toBe(100)
  })
})

describe('trialDaysRemaining', () => {
  it('rounds a partial day up', () => {
    expect(trialDaysRemaining(end, at(0))).toBe(30)
    expect(trialDaysRemaining(end, at(29.01))).toBe(1)
    expect(trialDaysRemaining(end, at(0.5))).toBe(30)
  })

  it('is never below 0', () => {
    expect(trialDaysRemaining(end, at(30))).toBe(0)
    expect(trialDaysRemaining(end, at(40))).toBe(0)
    expect(trialDaysRemaining('nonsense', at(1))).toBe(0)
  })
})

describe('isInTrial', () => {
  it('holds from the start until just before the end', () => {
    expect(isInTrial(start, end, at(-1))).toBe(false)
    expect(isInTrial(start, end, at(0))).toBe(true)
    expect(isInTrial(start, end, at(29.9))).toBe(true)
    expect(isInTrial(start, end, at(30))).toBe(false)
  })
})
