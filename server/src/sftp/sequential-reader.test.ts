import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { ByteCoverage, SequentialReader } from './sequential-reader.js'

const file = Buffer.from(Array.from({ length: 100 }, (_, i) => i))

/** A reader of `file` whose streams come in `chunk`-byte pieces; records where each stream opened. */
function readerOf(chunk: number) {
  const opened: number[] = []
  const reader = new SequentialReader(file.length, async (start) => {
    opened.push(start)
    const pieces: Buffer[] = []
    for (let at = start; at < file.length; at += chunk)
      pieces.push(file.subarray(at, Math.min(file.length, at + chunk)))
    return Readable.from(pieces)
  })
  return { reader, opened }
}

describe('SequentialReader', () => {
  it('serves in-order requests from one stream, across chunk boundaries', async () => {
    const { reader, opened } = readerOf(7)
    const got: Buffer[] = []
    for (let offset = 0; offset < file.length; offset += 16) got.push((await reader.read(offset, 16))!)
    expect(Buffer.concat(got)).toEqual(file)
    expect(opened).toEqual([0])
    expect(await reader.read(100, 16)).toBeNull()
  })

  it('opens a new stream for a request anywhere else (a seek, a resume)', async () => {
    const { reader, opened } = readerOf(32)
    expect(await reader.read(0, 10)).toEqual(file.subarray(0, 10))
    expect(await reader.read(50, 10)).toEqual(file.subarray(50, 60))
    expect(await reader.read(60, 10)).toEqual(file.subarray(60, 70))
    expect(await reader.read(5, 3)).toEqual(file.subarray(5, 8))
    expect(opened).toEqual([0, 50, 5])
  })

  it('gives the bytes left at the end, then null', async () => {
    const { reader } = readerOf(64)
    expect(await reader.read(90, 32)).toEqual(file.subarray(90))
    expect(await reader.read(100, 32)).toBeNull()
    expect(await reader.read(0, 0)).toBeNull()
  })
})

describe('ByteCoverage', () => {
  it('completes when one unbroken span reaches the last byte, whatever the order', () => {
    const coverage = new ByteCoverage(100)
    coverage.add(50, 100)
    expect(coverage.reachedEnd).toBe(true) // the rest of a resumed download
    const outOfOrder = new ByteCoverage(100)
    outOfOrder.add(0, 40)
    outOfOrder.add(60, 100)
    expect(outOfOrder.reachedEnd).toBe(false)
    outOfOrder.add(40, 60)
    expect(outOfOrder.reachedEnd).toBe(true)
  })

  it('does not complete with a hole, and counts an empty file as complete', () => {
    const coverage = new ByteCoverage(100)
    coverage.add(0, 99)
    coverage.add(99, 99)
    expect(coverage.reachedEnd).toBe(false)
    expect(new ByteCoverage(0).reachedEnd).toBe(true)
  })
})
