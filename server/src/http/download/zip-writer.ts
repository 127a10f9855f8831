import { Readable } from 'node:stream'
import { crc32 } from 'node:zlib'

const MiB = 1024 * 1024
const max32 = 0xffffffff
const max16 = 0xffff
/** General purpose flags: sizes and CRC follow the data (bit 3); names are UTF-8 (bit 11). */
const flags = 0x0808
const versionMadeBy = (3 << 8) | 45 // Unix, ZIP 4.5
const fileAttributes = 0o100644 << 16

/** One file of the archive: its exact size, and its bytes, opened only when the archive reaches it. */
export interface ZipEntry {
  /** A safe relative path (see zipEntryName). */
  name: string
  size: number
  open(): Promise<Readable>
}

export interface ZipOptions {
  /** The entries' modification time. */
  date: Date
  /** Write the ZIP64 records for every entry even when small (tests of the ZIP64 layout). */
  forceZip64?: boolean
}

interface Layout {
  name: Buffer
  size: number
  offset: number
  zip64: boolean
}

function dosDateTime(date: Date): { time: number; day: number } {
  const year = Math.max(1980, Math.min(2107, date.getUTCFullYear()))
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2),
    day: ((year - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  }
}

/** Where each entry starts, and which need ZIP64 (over 4 GiB, or starting past 4 GiB). */
function layOut(entries: readonly ZipEntry[], force: boolean): { items: Layout[]; centralOffset: number } {
  let offset = 0
  const items = entries.map((entry) => {
    const name = Buffer.from(entry.name, 'utf8')
    const zip64 = force || entry.size >= max32 || offset >= max32
    const item = { name, size: entry.size, offset, zip64 }
    offset += 30 + name.length + (zip64 ? 20 : 0) + entry.size + (zip64 ? 24 : 16)
    return item
  })
  return { items, centralOffset: offset }
}

function localHeader(item: Layout, when: { time: number; day: number }): Buffer {
  const b = Buffer.alloc(30)
  b.writeUInt32LE(0x04034b50, 0)
  b.writeUInt16LE(item.zip64 ? 45 : 20, 4)
  b.writeUInt16LE(flags, 6)
  b.writeUInt16LE(0, 8) // STORED
  b.writeUInt16LE(when.time, 10)
  b.writeUInt16LE(when.day, 12)
  // The CRC follows in the data descriptor. A ZIP64 entry says so here (sizes 0xFFFFFFFF and the
  // ZIP64 extra field), so a reader that streams knows its descriptor holds 8-byte sizes.
  const extra = item.zip64 ? zip64Extra([item.size, item.size]) : Buffer.alloc(0)
  if (item.zip64) {
    b.writeUInt32LE(max32, 18)
    b.writeUInt32LE(max32, 22)
  }
  b.writeUInt16LE(item.name.length, 26)
  b.writeUInt16LE(extra.length, 28)
  return Buffer.concat([b, item.name, extra])
}

/** The ZIP64 extended information extra field (0x0001) with these 8-byte values. */
function zip64Extra(values: number[]): Buffer {
  const b = Buffer.alloc(4 + 8 * values.length)
  b.writeUInt16LE(0x0001, 0)
  b.writeUInt16LE(8 * values.length, 2)
  for (const [i, value] of values.entries()) b.writeBigUInt64LE(BigInt(value), 4 + 8 * i)
  return b
}

function dataDescriptor(item: Layout, crc: number): Buffer {
  const b = Buffer.alloc(item.zip64 ? 24 : 16)
  b.writeUInt32LE(0x08074b50, 0)
  b.writeUInt32LE(crc, 4)
  if (item.zip64) {
    b.writeBigUInt64LE(BigInt(item.size), 8)
    b.writeBigUInt64LE(BigInt(item.size), 16)
  } else {
    b.writeUInt32LE(item.size, 8)
    b.writeUInt32LE(item.size, 12)
  }
  return b
}

function centralHeader(item: Layout, crc: number, when: { time: number; day: number }): Buffer {
  const { zip64 } = item
  const extra = zip64 ? zip64Extra([item.size, item.size, item.offset]) : Buffer.alloc(0)
  const b = Buffer.alloc(46)
  b.writeUInt32LE(0x02014b50, 0)
  b.writeUInt16LE(versionMadeBy, 4)
  b.writeUInt16LE(item.zip64 ? 45 : 20, 6)
  b.writeUInt16LE(flags, 8)
  b.writeUInt16LE(0, 10)
  b.writeUInt16LE(when.time, 12)
  b.writeUInt16LE(when.day, 14)
  b.writeUInt32LE(crc, 16)
  b.writeUInt32LE(zip64 ? max32 : item.size, 20)
  b.writeUInt32LE(zip64 ? max32 : item.size, 24)
  b.writeUInt16LE(item.name.length, 28)
  b.writeUInt16LE(extra.length, 30)
  b.writeUInt32LE(fileAttributes >>> 0, 38)
  b.writeUInt32LE(zip64 ? max32 : item.offset, 42)
  return Buffer.concat([b, item.name, extra])
}

const centralHeaderLength = (item: Layout) => 46 + item.name.length + (item.zip64 ? 28 : 0)

function endRecords(count: number, centralOffset: number, centralSize: number, force: boolean): Buffer {
  const zip64 = force || count >= max16 || centralOffset >= max32 || centralSize >= max32
  const eocd = Buffer.alloc(22)
  eocd.writeUInt32LE(0x06054b50, 0)
  eocd.writeUInt16LE(zip64 ? max16 : count, 8)
  eocd.writeUInt16LE(zip64 ? max16 : count, 10)
  eocd.writeUInt32LE(zip64 ? max32 : centralSize, 12)
  eocd.writeUInt32LE(zip64 ? max32 : centralOffset, 16)
  if (!zip64) return eocd
  const record = Buffer.alloc(56)
  record.writeUInt32LE(0x06064b50, 0)
  record.writeBigUInt64LE(44n, 4)
  record.writeUInt16LE(versionMadeBy, 12)
  record.writeUInt16LE(45, 14)
  record.writeBigUInt64LE(BigInt(count), 24)
  record.writeBigUInt64LE(BigInt(count), 32)
  record.writeBigUInt64LE(BigInt(centralSize), 40)
  record.writeBigUInt64LE(BigInt(centralOffset), 48)
  const locator = Buffer.alloc(20)
  locator.writeUInt32LE(0x07064b50, 0)
  locator.writeBigUInt64LE(BigInt(centralOffset + centralSize), 8)
  locator.writeUInt32LE(1, 16)
  return Buffer.concat([record, locator, eocd])
}

/** The exact byte length of the archive streamZip makes of these entries (its Content-Length). */
export function zipLength(entries: readonly ZipEntry[], options: Pick<ZipOptions, 'forceZip64'> = {}): number {
  const force = options.forceZip64 ?? false
  const { items, centralOffset } = layOut(entries, force)
  const centralSize = items.reduce((sum, item) => sum + centralHeaderLength(item), 0)
  return centralOffset + centralSize + endRecords(items.length, centralOffset, centralSize, force).length
}

/**
 * A ZIP of the entries, streamed: STORED (files go as they are, no recompression), the CRC-32
 * computed natively on the way, each source opened only when its turn comes and never held in
 * memory, ZIP64 where sizes or offsets need it, so there is no size limit of its own. Sizes are
 * known in advance, so the length is too (zipLength). A source that fails, or whose length
 * differs from its entry's size, fails the stream.
 */
export function streamZip(entries: readonly ZipEntry[], options: ZipOptions): Readable {
  const force = options.forceZip64 ?? false
  const when = dosDateTime(options.date)
  const { items, centralOffset } = layOut(entries, force)

  async function* bytes() {
    const crcs: number[] = []
    for (const [i, item] of items.entries()) {
      yield localHeader(item, when)
      const source = await entries[i]!.open()
      let crc = 0
      let length = 0
      try {
        for await (const chunk of source) {
          const buffer = chunk as Buffer
          crc = crc32(buffer, crc)
          length += buffer.length
          yield buffer
        }
      } finally {
        source.destroy()
      }
      if (length !== item.size) {
        throw new Error(`ZIP entry ${entries[i]!.name} has ${length} bytes, ${item.size} expected`)
      }
      crcs.push(crc >>> 0)
      yield dataDescriptor(item, crc >>> 0)
    }
    const central = Buffer.concat(items.map((item, i) => centralHeader(item, crcs[i]!, when)))
    yield central
    yield endRecords(items.length, centralOffset, central.length, force)
  }

  return Readable.from(bytes(), { objectMode: false, highWaterMark: MiB })
}
