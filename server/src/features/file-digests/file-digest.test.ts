import { createHash, randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
import { crc32 } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { digestOf } from './file-digest.js'

describe('digestOf', () => {
  it('gives the SHA-256 and CRC-32 of the whole stream however it is chunked', async () => {
    const bytes = randomBytes(3 * 65_536 + 17)
    const chunks = [bytes.subarray(0, 1), bytes.subarray(1, 70_000), bytes.subarray(70_000)]
    const digest = await digestOf(Readable.from(chunks))
    expect(digest).toEqual({
      sha256: createHash('sha256').update(bytes).digest('hex'),
      crc32: crc32(bytes) >>> 0,
      size: bytes.length,
    })
  })

  it('knows the empty file', async () => {
    expect(await digestOf(Readable.from([]))).toEqual({
      sha256: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      crc32: 0,
      size: 0,
    })
  })

  it('gives an unsigned CRC for bytes whose CRC has the top bit set', async () => {
    // "a" has CRC-32 0xe8b7be43.
    expect((await digestOf(Readable.from([Buffer.from('a')]))).crc32).toBe(0xe8b7be43)
  })
})
