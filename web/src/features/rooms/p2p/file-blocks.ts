import { readBlockSize } from './channel-protocol.js'

/**
 * The File in `blockSize` slices, never whole in memory; the next slice is read while the
 * caller handles the current one, so the disk read overlaps the sending.
 */
export async function* fileBlocks(file: Blob, blockSize = readBlockSize): AsyncGenerator<Uint8Array<ArrayBuffer>> {
  const read = (offset: number) =>
    offset < file.size ? file.slice(offset, offset + blockSize).arrayBuffer() : Promise.resolve(null)
  let offset = 0
  let next = read(offset)
  while (true) {
    const buffer = await next
    if (buffer === null) return
    offset += buffer.byteLength
    next = read(offset)
    yield new Uint8Array(buffer)
  }
}
