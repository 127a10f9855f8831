import { createHash, randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
import { crc32 } from 'node:zlib'
import { describe, expect, it, vi } from 'vitest'
import type { ByteRange } from '../../adapters/blob-store/blob-store.js'
import { readStoredZip, unzipTest } from './testing/zip-reader.js'
import { streamZip, type ZipEntry, zipIsSeekable, zipLength } from './zip-writer.js'

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')
const randomBody = (size: number) => randomBytes(size)

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

const entry = (name: string, body: Buffer, chunk = 1000): ZipEntry => ({
  name,
  size: body.length,
  open: async () => Readable.from([body.subarray(0, chunk), body.subarray(chunk)]),
})

describe('streamZip', () => {
  const a = randomBody(3 * 1024 * 1024 + 5)
  const empty = randomBody(0)
  const c = randomBody(70_000)
  const entries = [entry('a.bin', a), entry('folder/empty.txt', empty), entry('Ünïcode ✓.txt', c)]

  for (const forceZip64 of [false, true]) {
    it(`streams STORED entries that unzip to the same bytes, of the announced length${forceZip64 ? ' (ZIP64)' : ''}`, async () => {
      const zip = await collect(streamZip(entries, { date: new Date('2024-05-01T12:00:00Z'), forceZip64 }))
      expect(zip.length).toBe(zipLength(entries, { forceZip64 }))
      const read = readStoredZip(zip)
      expect([...read.keys()]).toEqual(['a.bin', 'folder/empty.txt', 'Ünïcode ✓.txt'])
      expect(sha256(read.get('a.bin')!)).toBe(sha256(a))
      expect(read.get('folder/empty.txt')!.length).toBe(0)
      expect(sha256(read.get('Ünïcode ✓.txt')!)).toBe(sha256(c))
      const report = await unzipTest(zip)
      expect(report).toContain('No errors detected')
      expect(report).toContain('testing: a.bin')
    })
  }

  it('is empty but valid with no entries', async () => {
    const zip = await collect(streamZip([], { date: new Date() }))
    expect(zip.length).toBe(zipLength([]))
    expect(readStoredZip(zip).size).toBe(0)
  })

  it('opens each source only when the archive reaches it', async () => {
    const events: string[] = []
    const lazy = (name: string): ZipEntry => ({
      name,
      size: 100_000,
      open: async () => {
        events.push(`open ${name}`)
        const stream = Readable.from([randomBody(100_000)])
        stream.on('end', () => events.push(`end ${name}`))
        return stream
      },
    })
    await collect(streamZip([lazy('1'), lazy('2'), lazy('3')], { date: new Date() }))
    expect(events).toEqual(['open 1', 'end 1', 'open 2', 'end 2', 'open 3', 'end 3'])
  })

  it('fails when a source fails, or is not the size announced', async () => {
    const failing: ZipEntry = {
      name: 'broken',
      size: 1,
      open: async () => {
        throw new Error('store unreachable')
      },
    }
    await expect(collect(streamZip([entry('ok', randomBody(10)), failing], { date: new Date() }))).rejects.toThrow(
      'store unreachable',
    )
    const short: ZipEntry = { ...entry('short', randomBody(10)), size: 11 }
    await expect(collect(streamZip([short], { date: new Date() }))).rejects.toThrow('10 bytes, 11 expected')
  })

  it('closes the source when the reader goes away', async () => {
    let destroyed = false
    const endless: ZipEntry = {
      name: 'big',
      size: 1e12,
      open: async () => {
        const stream = new Readable({
          read() {
            this.push(Buffer.alloc(64 * 1024))
          },
        })
        stream.on('close', () => {
          destroyed = true
        })
        return stream
      },
    }
    const zip = streamZip([endless], { date: new Date() })
    for await (const _ of zip) break
    await vi.waitFor(() => expect(destroyed).toBe(true))
  })
})

/** An entry whose CRC is known up front (kept from upload), and which serves ranges of itself. */
const knownEntry = (name: string, body: Buffer, opened: (ByteRange | undefined)[] = []): ZipEntry => ({
  name,
  size: body.length,
  crc32: crc32(body) >>> 0,
  open: async (range) => {
    opened.push(range)
    const part = range ? body.subarray(range.start, range.end + 1) : body
    return Readable.from([part.subarray(0, 777), part.subarray(777)])
  },
})

describe('streamZip with every CRC known (issue 24: a resumable ZIP)', () => {
  const a = randomBody(2 * 1024 * 1024 + 3)
  const b = randomBody(0)
  const c = randomBody(50_000)
  const date = new Date('2024-05-01T12:00:00Z')
  const entries = () => [knownEntry('a.bin', a), knownEntry('folder/empty.txt', b), knownEntry('c ✓.txt', c)]

  for (const forceZip64 of [false, true]) {
    it(`writes CRC and sizes up front, with no data descriptors, unzipping to the same bytes${forceZip64 ? ' (ZIP64)' : ''}`, async () => {
      expect(zipIsSeekable(entries())).toBe(true)
      const zip = await collect(streamZip(entries(), { date, forceZip64 }))
      expect(zip.length).toBe(zipLength(entries(), { forceZip64 }))
      // Local header of the first entry: no "sizes follow" flag, the CRC in place.
      expect(zip.readUInt16LE(6) & 0x0008).toBe(0)
      expect(zip.readUInt32LE(14)).toBe(crc32(a) >>> 0)
      expect(zip.indexOf(Buffer.from([0x50, 0x4b, 0x07, 0x08]))).toBe(-1)
      const read = readStoredZip(zip)
      expect(sha256(read.get('a.bin')!)).toBe(sha256(a))
      expect(sha256(read.get('c ✓.txt')!)).toBe(sha256(c))
      expect(await unzipTest(zip)).toContain('No errors detected')
    })
  }

  it('sends any range of the archive as exactly those bytes of the whole, opening only the files it covers', async () => {
    const whole = await collect(streamZip(entries(), { date }))
    const headerOfC = whole.indexOf(Buffer.from('c ✓.txt'))
    const ranges: ByteRange[] = [
      { start: 0, end: 0 },
      { start: 0, end: whole.length - 1 },
      { start: 10, end: 1_000_000 },
      { start: 1_000_000, end: whole.length - 1 },
      { start: headerOfC - 3, end: headerOfC + 40 },
      { start: whole.length - 30, end: whole.length - 1 },
    ]
    for (const range of ranges) {
      const opened: (ByteRange | undefined)[] = []
      const list = [
        knownEntry('a.bin', a, opened),
        knownEntry('folder/empty.txt', b, opened),
        knownEntry('c ✓.txt', c, opened),
      ]
      const part = await collect(streamZip(list, { date, range }))
      expect(part.equals(whole.subarray(range.start, range.end + 1)), `${range.start}-${range.end}`).toBe(true)
      if (range.start === whole.length - 30) expect(opened).toEqual([])
    }
  })

  it('asks a file only for the part of it a range covers', async () => {
    const whole = await collect(streamZip(entries(), { date }))
    const opened: (ByteRange | undefined)[] = []
    const list = [
      knownEntry('a.bin', a, opened),
      knownEntry('folder/empty.txt', b, opened),
      knownEntry('c ✓.txt', c, opened),
    ]
    const dataOfA = 30 + Buffer.byteLength('a.bin')
    await collect(streamZip(list, { date, range: { start: dataOfA + 100, end: dataOfA + 199 } }))
    expect(opened).toEqual([{ start: 100, end: 199 }])
    expect(whole.length).toBeGreaterThan(dataOfA + 199)
  })

  it('fails when a file gives other bytes than its range needs', async () => {
    const short: ZipEntry = { ...knownEntry('a.bin', a), open: async () => Readable.from([a.subarray(0, 10)]) }
    await expect(collect(streamZip([short], { date }))).rejects.toThrow(/10 bytes/)
  })

  it('refuses a range when a CRC is unknown', () => {
    expect(() => streamZip([entry('x', randomBody(10))], { date, range: { start: 0, end: 1 } })).toThrow(/CRC/)
  })
})
