import { Readable } from 'node:stream'
import { crc32 } from 'node:zlib'
import type { ByteRange } from '../../adapters/blob-store/blob-store.js'

const MiB = 1024 * 1024
const max32 = 0xffffffff
const max16 = 0xffff
/** General purpose flags: names are UTF-8 (bit 11); sizes and CRC follow the data (bit 3) unless known. */
const utf8Names = 0x0800
const sizesFollow = 0x0008
const versionMadeBy = (3 << 8) | 45 // Unix, ZIP 4.5
const fileAttributes = 0o100644 << 16

/** One file of the archive: its exact size, and its bytes, opened only when the archive reaches it. */
export interface ZipEntry {
  /** A safe relative path (see zipEntryName). */
  name: string
  size: number
  /**
   * The bytes' CRC-32 when it is known before they are read (kept from upload, issue 24). When
   * every entry has one, the archive is the same bytes whatever part of it is asked for: it answers
   * ranges (zipIsSeekable).
   */
  crc32?: number | undefined
  /** The bytes, or the inclusive `range` of them. */
  open(range?: ByteRange): Promise<Readable>
}

export interface ZipOptions {
  /** The entries' modification time. */
  date: Date
  /** Write the ZIP64 records for every entry even when small (tests of the ZIP64 layout). */
  forceZip64?: boolean
  /** Only these bytes of the archive (inclusive); only for an archive that zipIsSeekable. */
  range?: ByteRange
}

interface Layout {
  name: Buffer
  size: number
  offset: number
  zip64: boolean
  /** Known before the bytes: written in the local header, no data descriptor follows. */
  crc?: number | undefined
}

/** Whether every entry's CRC is known, so the archive can be sent from any byte (Range, resume). */
export function zipIsSeekable(entries: readonly ZipEntry[]): boolean {
  return entries.every((entry) => entry.crc32 !== undefined)
}

function dosDateTime(date: Date): { time: number; day: number } {
  const year = Math.max(1980, Math.min(2107, date.getUTCFullYear()))
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2),
    day: ((year - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  }
}

/**
 * Where each entry starts, and which need ZIP64 (over 4 GiB, or starting past 4 GiB). With every
 * CRC known, entries carry it in their local header and have no data descriptor.
 */
function layOut(entries: readonly ZipEntry[], force: boolean): { items: Layout[]; centralOffset: number } {
  const known = zipIsSeekable(entries)
  let offset = 0
  const items = entries.map((entry) => {
    const name = Buffer.from(entry.name, 'utf8')
    const zip64 = force || entry.size >= max32 || offset >= max32
    const item = { name, size: entry.size, offset, zip64, crc: known ? entry.crc32 : undefined }
    offset += 30 + name.length + (zip64 ? 20 : 0) + entry.size + (known ? 0 : zip64 ? 24 : 16)
    return item
  })
  return { items, centralOffset: offset }
}

const flagsOf = (item: Layout) => (item.crc === undefined ? utf8Names | sizesFollow : utf8Names)

function localHeader(item: Layout, when: { time: number; day: number }): Buffer {
  const b = Buffer.alloc(30)
  b.writeUInt32LE(0x04034b50, 0)
  b.writeUInt16LE(item.zip64 ? 45 : 20, 4)
  b.writeUInt16LE(flagsOf(item), 6)
  b.writeUInt16LE(0, 8) // STORED
  b.writeUInt16LE(when.time, 10)
  b.writeUInt16LE(when.day, 12)
  // Without a known CRC, it follows in the data descriptor. A ZIP64 entry says so here (sizes
  // 0xFFFFFFFF and the ZIP64 extra field), so a reader that streams knows its sizes are 8 bytes.
  const extra = item.zip64 ? zip64Extra([item.size, item.size]) : Buffer.alloc(0)
  if (item.crc !== undefined) b.writeUInt32LE(item.crc, 14)
  if (item.zip64) {
    b.writeUInt32LE(max32, 18)
    b.writeUInt32LE(max32, 22)
  } else if (item.crc !== undefined) {
    b.writeUInt32LE(item.size, 18)
    b.writeUInt32LE(item.size, 22)
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
  b.writeUInt16LE(flagsOf(item), 8)
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
 * A ZIP of the entries, streamed: STORED (files go as they are, no recompression), each source
 * opened only when its turn comes and never held in memory, ZIP64 where sizes or offsets need it,
 * so there is no size limit of its own. Sizes are known in advance, so the length is too
 * (zipLength). When every CRC is known (zipIsSeekable) they are written up front and any `range`
 * of the archive can be sent; otherwise each is computed natively on the way and written after its
 * entry. A source that fails, or whose length differs from what was asked, fails the stream.
 */
export function streamZip(entries: readonly ZipEntry[], options: ZipOptions): Readable {
  const force = options.forceZip64 ?? false
  const when = dosDateTime(options.date)
  const { items, centralOffset } = layOut(entries, force)
  if (options.range && !zipIsSeekable(entries)) throw new Error('A range of a ZIP needs every CRC known')
  const bytes = zipIsSeekable(entries)
    ? seekableBytes(entries, items, centralOffset, when, force, options.range)
    : streamedBytes(entries, items, centralOffset, when, force)
  return Readable.from(bytes, { objectMode: false, highWaterMark: MiB })
}

/** Reads a source to its end, failing when it has not exactly `expected` bytes. */
async function* exactly(source: Readable, expected: number, name: string, onChunk?: (chunk: Buffer) => void) {
  let length = 0
  try {
    for await (const chunk of source) {
      const buffer = chunk as Buffer
      onChunk?.(buffer)
      length += buffer.length
      yield buffer
    }
  } finally {
    source.destroy()
  }
  if (length !== expected) throw new Error(`ZIP entry ${name} gave ${length} bytes, ${expected} expected`)
}

async function* streamedBytes(
  entries: readonly ZipEntry[],
  items: Layout[],
  centralOffset: number,
  when: { time: number; day: number },
  force: boolean,
) {
  const crcs: number[] = []
  for (const [i, item] of items.entries()) {
    yield localHeader(item, when)
    let crc = 0
    yield* exactly(await entries[i]!.open(), item.size, entries[i]!.name, (chunk) => {
      crc = crc32(chunk, crc)
    })
    crcs.push(crc >>> 0)
    yield dataDescriptor(item, crc >>> 0)
  }
  const central = Buffer.concat(items.map((item, i) => centralHeader(item, crcs[i]!, when)))
  yield central
  yield endRecords(items.length, centralOffset, central.length, force)
}

/** The archive as pieces in order: header bytes made here, or an entry's file bytes. */
type Piece = { bytes: Buffer; entry?: undefined } | { bytes?: undefined; entry: number; size: number }

async function* seekableBytes(
  entries: readonly ZipEntry[],
  items: Layout[],
  centralOffset: number,
  when: { time: number; day: number },
  force: boolean,
  range: ByteRange | undefined,
) {
  const central = Buffer.concat(items.map((item) => centralHeader(item, item.crc!, when)))
  const pieces: Piece[] = [
    ...items.flatMap((item, entry): Piece[] => [{ bytes: localHeader(item, when) }, { entry, size: item.size }]),
    { bytes: central },
    { bytes: endRecords(items.length, centralOffset, central.length, force) },
  ]
  const first = range?.start ?? 0
  const last = range?.end ?? Number.POSITIVE_INFINITY
  let at = 0
  for (const piece of pieces) {
    const length = piece.bytes ? piece.bytes.length : piece.size
    const start = at
    at += length
    if (length === 0 || at - 1 < first || start > last) continue
    const from = Math.max(first, start) - start
    const to = Math.min(last, at - 1) - start
    if (piece.bytes) {
      yield piece.bytes.subarray(from, to + 1)
      continue
    }
    const whole = from === 0 && to === length - 1
    const entry = entries[piece.entry]!
    yield* exactly(await entry.open(whole ? undefined : { start: from, end: to }), to - from + 1, entry.name)
  }
}
