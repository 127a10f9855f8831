import { describe, expect, it } from 'vitest'
import { createBlockHashList, nativeSha256, nobleSha256, type Sha256 } from './block-hash-list.js'
import { readBlockSize } from './channel-protocol.js'

const file = new Uint8Array(3 * readBlockSize + 12_345).map((_, i) => (i * 31 + (i >> 9)) & 0xff)

async function hashOf(chunkSizes: number[], hash?: Sha256, bytes = file): Promise<string> {
  const list = createBlockHashList(hash)
  let at = 0
  for (let i = 0; at < bytes.byteLength; i++) {
    const size = chunkSizes[i % chunkSizes.length] ?? 1
    // A fresh buffer per chunk, as a data channel delivers them.
    list.update(bytes.slice(at, at + size))
    at += size
  }
  return list.digest()
}

const hex = (buffer: ArrayBuffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('')

/** The scheme written out with the platform's SHA-256, block by block. */
async function expected(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digests: ArrayBuffer[] = []
  for (let at = 0; at < bytes.byteLength; at += readBlockSize)
    digests.push(await crypto.subtle.digest('SHA-256', bytes.subarray(at, at + readBlockSize)))
  return hex(await crypto.subtle.digest('SHA-256', await new Blob(digests).arrayBuffer()))
}

describe('createBlockHashList', () => {
  it('is SHA-256 over the digests of the 1 MiB blocks, whatever the chunking', async () => {
    const want = await expected(file)
    expect(await hashOf([readBlockSize])).toBe(want)
    expect(await hashOf([16_384])).toBe(want)
    expect(await hashOf([1, 70_000, 5, readBlockSize, 999_999, 3 * readBlockSize])).toBe(want)
  })

  it('gives the same result with @noble/hashes as with the native digest', async () => {
    expect(await hashOf([16_384], nobleSha256)).toBe(await hashOf([16_384], nativeSha256))
    expect(await hashOf([readBlockSize], nobleSha256)).toBe(await expected(file))
  })

  it('tells files apart by a single byte, and hashes an empty file', async () => {
    const changed = file.slice()
    changed[2 * readBlockSize + 7] = (changed[2 * readBlockSize + 7] ?? 0) ^ 1
    expect(await hashOf([16_384], undefined, changed)).not.toBe(await expected(file))
    expect(await createBlockHashList().digest()).toBe(hex(await crypto.subtle.digest('SHA-256', new Uint8Array())))
  })
})

describe('block digests and restart', () => {
  it('reports each block digest by index, and after a restart gives the same file hash', async () => {
    const seen = new Map<number, string>()
    const list = createBlockHashList(undefined, readBlockSize, (i, d) => seen.set(i, hex(d.buffer as ArrayBuffer)))
    // Two blocks and a half, then a resume from block 1: the bytes from 1 MiB on come again.
    list.update(file.slice(0, 2 * readBlockSize + 500))
    list.restart(1)
    list.update(file.slice(readBlockSize))
    expect(await list.digest()).toBe(await expected(file))
    expect(seen.get(3)).toBe(hex(await crypto.subtle.digest('SHA-256', file.subarray(3 * readBlockSize))))
    expect(seen.get(0)).toBe(hex(await crypto.subtle.digest('SHA-256', file.subarray(0, readBlockSize))))
  })
})
