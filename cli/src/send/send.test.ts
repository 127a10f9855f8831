import { describe, expect, it } from 'vitest'
import { parseByteSize } from './send.js'

describe('parseByteSize', () => {
  it('reads sizes in binary units, as curl does', () => {
    expect(parseByteSize('1048576', 'x')).toBe(1048576)
    expect(parseByteSize('512k', 'x')).toBe(512 * 1024)
    expect(parseByteSize('16M', 'x')).toBe(16 * 1024 ** 2)
    expect(parseByteSize('16MiB', 'x')).toBe(16 * 1024 ** 2)
    expect(parseByteSize('1.5g', 'x')).toBe(1.5 * 1024 ** 3)
  })

  it('refuses what is no size, naming the option', () => {
    expect(() => parseByteSize('fast', '--limit-rate')).toThrow(/--limit-rate: "fast" is not a size/)
  })
})
