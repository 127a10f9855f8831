import { describe, expect, it } from 'vitest'
import { chunkSize, encodeControl, parseControl, verifyEnd } from './channel-protocol.js'
import { createProgressMeter, megabytesPerSecond } from './transfer-progress.js'

const hash = 'a'.repeat(64)

describe('data-channel control messages', () => {
  it('uses the spec chunk size', () => {
    expect(chunkSize).toBe(16384)
  })

  it('round-trips every message', () => {
    for (const message of [
      { t: 'end', size: 5, sha256: hash },
      { t: 'ok' },
      { t: 'cancel' },
      { t: 'fail', reason: 'hash_mismatch' },
    ] as const) {
      expect(parseControl(encodeControl(message))).toEqual(message)
    }
  })

  it('refuses garbage', () => {
    for (const text of ['', 'nope', '[]', 'null', '{"t":"end","size":-1,"sha256":"x"}', '{"t":"fail","reason":"x"}']) {
      expect(parseControl(text)).toBeNull()
    }
    expect(parseControl(JSON.stringify({ t: 'end', size: 1.5, sha256: hash }))).toBeNull()
  })

  it('verifies size first, then the hash', () => {
    const announced = { size: 10, sha256: hash }
    expect(verifyEnd(announced, { size: 10, sha256: hash }, 10)).toBeNull()
    expect(verifyEnd(announced, { size: 9, sha256: hash }, 10)).toBe('size_mismatch')
    expect(verifyEnd(announced, { size: 10, sha256: hash }, 11)).toBe('size_mismatch')
    expect(verifyEnd(announced, { size: 10, sha256: 'b'.repeat(64) }, 10)).toBe('hash_mismatch')
  })
})

describe('progress', () => {
  it('reports percent and a windowed speed', () => {
    const meter = createProgressMeter(1000)
    expect(meter.sample(0, 0)).toEqual({ bytes: 0, total: 1000, percent: 0, bytesPerSecond: 0 })
    expect(meter.sample(500, 1000)).toMatchObject({ percent: 50, bytesPerSecond: 500 })
    // The first point drops out of the 2 s window: speed is over the last 2 s (500 B in 2 s).
    meter.sample(600, 2500)
    expect(meter.sample(1000, 3000).bytesPerSecond).toBe(250)
    expect(meter.sample(1000, 3000).percent).toBe(100)
  })

  it('gives MB/s with two decimals', () => {
    expect(megabytesPerSecond(20 * 1024 * 1024, 2)).toBe(10)
    expect(megabytesPerSecond(1, 0)).toBe(0)
  })
})
