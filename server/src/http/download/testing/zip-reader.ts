import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { crc32 } from 'node:zlib'
import { expect } from 'vitest'

/**
 * The entries of a ZIP, read from its central directory (ZIP64 included), STORED entries
 * only, each checked against its CRC-32. Enough to check Ferry's own archives.
 */
export function readStoredZip(zip: Buffer): Map<string, Buffer> {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  expect(eocd).toBeGreaterThanOrEqual(0)
  let count = zip.readUInt16LE(eocd + 10)
  let offset = zip.readUInt32LE(eocd + 16)
  if (offset === 0xffffffff || count === 0xffff) {
    const locator = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x06, 0x07]))
    const record = Number(zip.readBigUInt64LE(locator + 8))
    count = Number(zip.readBigUInt64LE(record + 32))
    offset = Number(zip.readBigUInt64LE(record + 48))
  }
  const entries = new Map<string, Buffer>()
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(offset)).toBe(0x02014b50)
    const method = zip.readUInt16LE(offset + 10)
    const crc = zip.readUInt32LE(offset + 16)
    let size = zip.readUInt32LE(offset + 20)
    const nameLength = zip.readUInt16LE(offset + 28)
    const extraLength = zip.readUInt16LE(offset + 30)
    const commentLength = zip.readUInt16LE(offset + 32)
    let local = zip.readUInt32LE(offset + 42)
    const name = zip.toString('utf8', offset + 46, offset + 46 + nameLength)
    const extra = zip.subarray(offset + 46 + nameLength, offset + 46 + nameLength + extraLength)
    for (let e = 0; e + 4 <= extra.length; ) {
      const id = extra.readUInt16LE(e)
      const length = extra.readUInt16LE(e + 2)
      if (id === 0x0001) {
        let at = e + 4
        if (size === 0xffffffff) {
          size = Number(extra.readBigUInt64LE(at))
          at += 16
        }
        if (local === 0xffffffff) local = Number(extra.readBigUInt64LE(at))
      }
      e += 4 + length
    }
    expect(method, `${name} is STORED`).toBe(0)
    expect(zip.readUInt32LE(local)).toBe(0x04034b50)
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28)
    const data = zip.subarray(dataStart, dataStart + size)
    expect(crc32(data) >>> 0, `${name} CRC`).toBe(crc)
    entries.set(name, Buffer.from(data))
    offset += 46 + nameLength + extraLength + commentLength
  }
  return entries
}

/** Debian's `unzip -t` on the archive: an independent check that it is a valid ZIP. */
export async function unzipTest(zip: Buffer): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ferry-zip-'))
  try {
    const file = path.join(dir, 'test.zip')
    await fs.writeFile(file, zip)
    const { stdout } = await promisify(execFile)('unzip', ['-t', file])
    return stdout
  } finally {
    await fs.rm(dir, { recursive: true, force: true })
  }
}
