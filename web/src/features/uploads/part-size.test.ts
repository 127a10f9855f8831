import { maxParts, minPartBytes } from '@ferry/contracts/api/uploads'
import { describe, expect, it } from 'vitest'
import { partCount, partSizeFor, preferredPartBytes, usesMultipart } from './part-size.js'

const MiB = 1024 * 1024
const GiB = 1024 * MiB

describe('usesMultipart', () => {
  it('switches above 104857600 bytes', () => {
    expect(usesMultipart(104_857_600)).toBe(false)
    expect(usesMultipart(104_857_601)).toBe(true)
    expect(usesMultipart(0)).toBe(false)
  })
})

describe('partSizeFor', () => {
  it('prefers 16 MiB parts', () => {
    expect(partSizeFor(120_000_000)).toBe(16 * MiB)
    expect(partSizeFor(100 * GiB)).toBe(16 * MiB)
    expect(partCount(120_000_000, partSizeFor(120_000_000))).toBe(8)
  })

  it('grows the parts so a file never needs more than 10000', () => {
    const size = 2 * 1024 * GiB
    const part = partSizeFor(size)
    expect(part).toBe(Math.ceil(size / maxParts))
    expect(partCount(size, part)).toBeLessThanOrEqual(maxParts)
    const odd = 200 * GiB + 7
    expect(partCount(odd, partSizeFor(odd))).toBe(maxParts)
  })

  it('never goes under the 5 MiB minimum', () => {
    expect(partSizeFor(120_000_000, 1 * MiB)).toBe(minPartBytes)
    expect(partSizeFor(200 * MiB, 0)).toBe(5 * MiB)
    expect(partSizeFor(1, preferredPartBytes)).toBe(preferredPartBytes)
  })
})

describe('partCount', () => {
  it('counts a short last part', () => {
    expect(partCount(33 * MiB, 16 * MiB)).toBe(3)
    expect(partCount(32 * MiB, 16 * MiB)).toBe(2)
    expect(partCount(0, 16 * MiB)).toBe(1)
  })
})
