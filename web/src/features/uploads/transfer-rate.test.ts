import { describe, expect, it } from 'vitest'
import { createRateMeter, durationParts, secondsLeft } from './transfer-rate.js'

describe('createRateMeter', () => {
  it('gives nothing until a second of samples exists', () => {
    const meter = createRateMeter()
    expect(meter.bytesPerSecond()).toBeNull()
    meter.record(0, 0)
    meter.record(500, 1000)
    expect(meter.bytesPerSecond()).toBeNull()
    meter.record(1000, 2000)
    expect(meter.bytesPerSecond()).toBe(2000)
  })

  it('averages over the window only', () => {
    const meter = createRateMeter({ windowMs: 2000 })
    // 10 s at 1 MB/s, then 2 s at 4 MB/s: the figure follows the recent speed.
    let bytes = 0
    for (let t = 0; t <= 10_000; t += 500) {
      meter.record(t, bytes)
      bytes += 500_000
    }
    bytes -= 500_000
    for (let t = 10_500; t <= 12_000; t += 500) {
      bytes += 2_000_000
      meter.record(t, bytes)
    }
    expect(meter.bytesPerSecond()).toBe(4_000_000)
  })

  it('smooths a burst over the window', () => {
    const meter = createRateMeter({ windowMs: 4000 })
    meter.record(0, 0)
    meter.record(1000, 0)
    meter.record(2000, 0)
    meter.record(3000, 8_000_000)
    meter.record(4000, 8_000_000)
    expect(meter.bytesPerSecond()).toBe(2_000_000)
  })

  it('falls to zero when nothing moves', () => {
    const meter = createRateMeter({ windowMs: 2000 })
    meter.record(0, 0)
    meter.record(1000, 5000)
    for (let t = 1500; t <= 4000; t += 500) meter.record(t, 5000)
    expect(meter.bytesPerSecond()).toBe(0)
  })

  it('starts again when the count goes backwards or is reset', () => {
    const meter = createRateMeter()
    meter.record(0, 0)
    meter.record(2000, 4000)
    meter.record(2500, 100)
    expect(meter.bytesPerSecond()).toBeNull()
    meter.record(3500, 1100)
    expect(meter.bytesPerSecond()).toBe(1000)
    meter.reset()
    expect(meter.bytesPerSecond()).toBeNull()
  })
})

describe('secondsLeft', () => {
  it('divides what is left by the speed, rounding up', () => {
    expect(secondsLeft(10_000, 3000)).toBe(4)
    expect(secondsLeft(0, 3000)).toBe(0)
  })

  it('cannot tell without a speed', () => {
    expect(secondsLeft(10_000, null)).toBeNull()
    expect(secondsLeft(10_000, 0)).toBeNull()
  })
})

describe('durationParts', () => {
  it('splits hours, minutes and seconds', () => {
    expect(durationParts(3725)).toEqual({ hours: 1, minutes: 2, seconds: 5 })
    expect(durationParts(59.6)).toEqual({ hours: 0, minutes: 1, seconds: 0 })
    expect(durationParts(-3)).toEqual({ hours: 0, minutes: 0, seconds: 0 })
  })
})
