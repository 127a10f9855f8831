import { createHash, randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { sha256OfBlob } from './blob-sha256.js'
import { checkDownloads, type ExpectedFile } from './check-downloads.js'
import { readZipDirectory } from './zip-directory.js'

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/**
 * A STORED ZIP as Ferry's server writes one (CRC left zero: the reader does not check it), with
 * the ZIP64 records when `zip64` (offsets and sizes then live in the extra fields).
 */
function storedZip(files: { name: string; bytes: Uint8Array }[], zip64 = false): Buffer<ArrayBuffer> {
  const parts: Buffer[] = []
  const central: Buffer[] = []
  let offset = 0
  for (const file of files) {
    const name = Buffer.from(file.name)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(name.length, 26)
    parts.push(local, name, Buffer.from(file.bytes))
    const extra = zip64 ? Buffer.alloc(28) : Buffer.alloc(0)
    if (zip64) {
      extra.writeUInt16LE(1, 0)
      extra.writeUInt16LE(24, 2)
      extra.writeBigUInt64LE(BigInt(file.bytes.length), 4)
      extra.writeBigUInt64LE(BigInt(file.bytes.length), 12)
      extra.writeBigUInt64LE(BigInt(offset), 20)
    }
    const header = Buffer.alloc(46)
    header.writeUInt32LE(0x02014b50, 0)
    header.writeUInt32LE(zip64 ? 0xffffffff : file.bytes.length, 20)
    header.writeUInt32LE(zip64 ? 0xffffffff : file.bytes.length, 24)
    header.writeUInt16LE(name.length, 28)
    header.writeUInt16LE(extra.length, 30)
    header.writeUInt32LE(zip64 ? 0xffffffff : offset, 42)
    central.push(header, name, extra)
    offset += 30 + name.length + file.bytes.length
  }
  const directory = Buffer.concat(central)
  const eocd = Buffer.alloc(22)
  eocd.writeUInt32LE(0x06054b50, 0)
  eocd.writeUInt16LE(zip64 ? 0xffff : files.length, 10)
  eocd.writeUInt32LE(zip64 ? 0xffffffff : directory.length, 12)
  eocd.writeUInt32LE(zip64 ? 0xffffffff : offset, 16)
  if (!zip64) return Buffer.concat([...parts, directory, eocd])
  const record = Buffer.alloc(56)
  record.writeUInt32LE(0x06064b50, 0)
  record.writeBigUInt64LE(BigInt(files.length), 32)
  record.writeBigUInt64LE(BigInt(directory.length), 40)
  record.writeBigUInt64LE(BigInt(offset), 48)
  const locator = Buffer.alloc(20)
  locator.writeUInt32LE(0x07064b50, 0)
  locator.writeBigUInt64LE(BigInt(offset + directory.length), 8)
  return Buffer.concat([...parts, directory, record, locator, eocd])
}

const hash = (blob: Blob, range: { start: number; end: number }, onProgress: (done: number) => void) =>
  sha256OfBlob(blob, range, onProgress)

describe('checking downloaded files against the transfer’s SHA-256s (issue 24)', () => {
  const report = randomBytes(9 * 1024 * 1024 + 3)
  const photo = randomBytes(1000)
  const expected: ExpectedFile[] = [
    { name: 'report.pdf', size: report.length, sha256: sha(report) },
    { name: 'photo.jpg', size: photo.length, sha256: sha(photo) },
  ]

  it('hashes a blob, or a range of it, slice by slice', async () => {
    const blob = new Blob([report])
    expect(await sha256OfBlob(blob)).toBe(sha(report))
    expect(await sha256OfBlob(blob, { start: 5, end: 9_000_000 })).toBe(sha(report.subarray(5, 9_000_000)))
  })

  it('verifies files picked one by one, whatever the disk named them', async () => {
    const result = await checkDownloads(
      [new File([report], 'report (1).pdf'), new File([photo], 'photo.jpg')],
      expected,
      hash,
    )
    expect(result).toEqual({ verified: ['report.pdf', 'photo.jpg'], differing: [] })
  })

  it('names a picked file whose bytes differ, and one that is no file of the transfer', async () => {
    const changed = Buffer.from(photo)
    changed[500] = changed[500]! ^ 1
    const result = await checkDownloads(
      [new File([changed], 'photo.jpg'), new File([report], 'report.pdf'), new File(['x'], 'notes.txt')],
      expected,
      hash,
    )
    expect(result).toEqual({ verified: ['report.pdf'], differing: ['photo.jpg', 'notes.txt'] })
  })

  for (const zip64 of [false, true]) {
    it(`reads a ZIP's entries and checks each, its checksum file aside${zip64 ? ' (ZIP64)' : ''}`, async () => {
      const changed = Buffer.from(report)
      changed[0] = changed[0]! ^ 1
      const zip = storedZip(
        [
          { name: 'report.pdf', bytes: report },
          { name: 'folder/photo.jpg', bytes: photo },
          { name: 'SHA256SUMS', bytes: Buffer.from('…') },
        ],
        zip64,
      )
      const entries = await readZipDirectory(new Blob([zip]))
      expect(entries?.map((e) => [e.name, e.size])).toEqual([
        ['report.pdf', report.length],
        ['folder/photo.jpg', photo.length],
        ['SHA256SUMS', 3],
      ])
      const progress: number[] = []
      const good = await checkDownloads([new File([zip], 'download-without-extension')], expected, hash, (f) =>
        progress.push(f),
      )
      expect(good).toEqual({ verified: ['report.pdf', 'photo.jpg'], differing: [] })
      expect(progress.at(-1)).toBe(1)
      const bad = storedZip([{ name: 'report.pdf', bytes: changed }])
      expect(await checkDownloads([new File([bad], 'Transfer.zip')], expected, hash)).toEqual({
        verified: [],
        differing: ['report.pdf'],
      })
    })
  }

  it('treats a .zip that is not a ZIP as a file', async () => {
    expect(await readZipDirectory(new Blob([photo]))).toBeNull()
    expect(await checkDownloads([new File([photo], 'photo.zip')], expected, hash)).toEqual({
      verified: ['photo.jpg'],
      differing: [],
    })
  })
})
