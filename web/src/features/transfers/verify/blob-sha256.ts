import { createSHA256 } from 'hash-wasm'

/** Bytes read per step: large enough for speed, small enough to never hold a file in memory. */
const sliceBytes = 8 * 1024 * 1024

/**
 * The SHA-256 (lowercase hex) of `bytes` of a Blob (a picked file, or part of one), read a slice at
 * a time with WebAssembly hashing; `onProgress` gets the bytes hashed so far.
 */
export async function sha256OfBlob(
  blob: Blob,
  range: { start: number; end: number } = { start: 0, end: blob.size },
  onProgress?: (done: number) => void,
): Promise<string> {
  const hasher = await createSHA256()
  hasher.init()
  for (let at = range.start; at < range.end; at += sliceBytes) {
    const end = Math.min(at + sliceBytes, range.end)
    hasher.update(new Uint8Array(await blob.slice(at, end).arrayBuffer()))
    onProgress?.(end - range.start)
  }
  return hasher.digest('hex')
}
