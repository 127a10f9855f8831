import { createHash, randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
import { describe, expect, it, vi } from 'vitest'
import { readStoredZip, unzipTest } from './testing/zip-reader.js'
import { streamZip, type ZipEntry, zipLength } from './zip-writer.js'

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
