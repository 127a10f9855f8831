/** A STORED entry of a ZIP: where its bytes are in the archive. */
export interface ZipEntryBytes {
  name: string
  start: number
  size: number
}

const eocdSignature = 0x06054b50
const maxComment = 0xffff

async function view(blob: Blob, start: number, end: number): Promise<DataView> {
  return new DataView(await blob.slice(start, end).arrayBuffer())
}

/**
 * The entries of a ZIP read from its central directory (ZIP64 included) without reading the files:
 * each STORED entry's name and the range of its bytes. Null when the blob is not a ZIP this can
 * read (no end record, or a compressed entry: a ZIP re-packed by another program).
 */
export async function readZipDirectory(zip: Blob): Promise<ZipEntryBytes[] | null> {
  const tailStart = Math.max(0, zip.size - (22 + maxComment + 20 + 56))
  const tail = await view(zip, tailStart, zip.size)
  let eocd = -1
  for (let at = tail.byteLength - 22; at >= 0; at--) {
    if (tail.getUint32(at, true) === eocdSignature) {
      eocd = at
      break
    }
  }
  if (eocd < 0) return null
  let count = tail.getUint16(eocd + 10, true)
  let size = tail.getUint32(eocd + 12, true)
  let offset = tail.getUint32(eocd + 16, true)
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
    const locator = eocd - 20
    if (locator < 0 || tail.getUint32(locator, true) !== 0x07064b50) return null
    const recordAt = Number(tail.getBigUint64(locator + 8, true))
    const record = await view(zip, recordAt, recordAt + 56)
    if (record.getUint32(0, true) !== 0x06064b50) return null
    count = Number(record.getBigUint64(32, true))
    size = Number(record.getBigUint64(40, true))
    offset = Number(record.getBigUint64(48, true))
  }
  const central = await view(zip, offset, offset + size)
  const decoder = new TextDecoder()
  const entries: ZipEntryBytes[] = []
  let at = 0
  for (let i = 0; i < count; i++) {
    if (central.getUint32(at, true) !== 0x02014b50) return null
    const method = central.getUint16(at + 10, true)
    let entrySize = central.getUint32(at + 24, true)
    const nameLength = central.getUint16(at + 28, true)
    const extraLength = central.getUint16(at + 30, true)
    const commentLength = central.getUint16(at + 32, true)
    let local = central.getUint32(at + 42, true)
    const name = decoder.decode(new Uint8Array(central.buffer, central.byteOffset + at + 46, nameLength))
    for (let e = at + 46 + nameLength; e + 4 <= at + 46 + nameLength + extraLength; ) {
      const id = central.getUint16(e, true)
      const length = central.getUint16(e + 2, true)
      if (id === 0x0001) {
        let field = e + 4
        if (entrySize === 0xffffffff) {
          entrySize = Number(central.getBigUint64(field, true))
          field += 16
        }
        if (local === 0xffffffff) local = Number(central.getBigUint64(field, true))
      }
      e += 4 + length
    }
    if (method !== 0) return null
    const header = await view(zip, local, local + 30)
    const start = local + 30 + header.getUint16(26, true) + header.getUint16(28, true)
    if (!name.endsWith('/')) entries.push({ name, start, size: entrySize })
    at += 46 + nameLength + extraLength + commentLength
  }
  return entries
}
