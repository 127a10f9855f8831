import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex } from '@noble/hashes/utils.js'
import { readBlockSize } from './channel-protocol.js'

/** A SHA-256 function; it reads `bytes` at once and keeps no reference to them. */
export type Sha256 = (bytes: Uint8Array<ArrayBuffer>) => Promise<Uint8Array>

/** The browser's native SHA-256 (crypto.subtle, secure contexts only; it copies its input). */
export const nativeSha256: Sha256 = async (bytes) => new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))
/** Pure JS, the same result: only where crypto.subtle is missing (an insecure origin). */
export const nobleSha256: Sha256 = async (bytes) => sha256(bytes)
const defaultSha256: Sha256 = (bytes) => (globalThis.crypto?.subtle ? nativeSha256(bytes) : nobleSha256(bytes))

export interface BlockHashList {
  /** The next bytes of the file, in order, chunked any way. */
  update(bytes: Uint8Array<ArrayBuffer>): void
  /**
   * Forgets every block from `block` on (and any partial one): the bytes that follow are
   * the file's from `block × blockSize`, as after a resumed transfer.
   */
  restart(block: number): void
  /** The file hash, as 64 hex digits. */
  digest(): Promise<string>
}

/**
 * The file hash both peers announce and verify: SHA-256 over the concatenated SHA-256 digests
 * of the file's `blockSize` blocks, cut by byte offset (the last may be short; an empty file
 * has no blocks). Why not SHA-256 of the whole file: that must run in JS, byte by byte in
 * order, and on a loaded machine it cost the transfer half its speed; independent blocks can
 * each go to the browser's native digest, which is many times faster and off the page's
 * thread. A changed byte still changes its block's digest and so the list's hash.
 */
export function createBlockHashList(
  hash: Sha256 = defaultSha256,
  blockSize = readBlockSize,
  /** Each whole or last block's digest, by index, once known (not for blocks forgotten by `restart` since). */
  onBlock?: (index: number, digest: Uint8Array) => void,
): BlockHashList {
  const digests: Promise<Uint8Array>[] = []
  let block: Uint8Array<ArrayBuffer> | null = null
  let filled = 0
  const take = (bytes: Uint8Array<ArrayBuffer>) => {
    const digest = hash(bytes)
    const index = digests.push(digest) - 1
    // Still this block's digest, unless a restart forgot it since.
    digest.then(
      (value) => {
        if (digests[index] === digest) onBlock?.(index, value)
      },
      () => {},
    )
  }
  return {
    restart(from) {
      digests.length = Math.min(digests.length, from)
      block = null
      filled = 0
    },
    update(bytes) {
      // A whole block at a block boundary (the sender's reads, the receiver's gathered blocks) is
      // digested as it is, without a copy.
      if (filled === 0 && bytes.byteLength === blockSize) return void take(bytes)
      let at = 0
      while (at < bytes.byteLength) {
        block ??= new Uint8Array(blockSize)
        const n = Math.min(bytes.byteLength - at, blockSize - filled)
        block.set(bytes.subarray(at, at + n), filled)
        filled += n
        at += n
        if (filled === blockSize) {
          take(block)
          block = null
          filled = 0
        }
      }
    },
    async digest() {
      if (block && filled > 0) take(block.subarray(0, filled))
      block = null
      filled = 0
      const list = await Promise.all(digests)
      const joined = new Uint8Array(list.length * 32)
      for (const [i, digest] of list.entries()) joined.set(digest, i * 32)
      return bytesToHex(await hash(joined))
    },
  }
}
