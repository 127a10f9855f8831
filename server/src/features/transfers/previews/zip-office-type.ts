import type { BlobStore } from '../../../adapters/blob-store/blob-store.js'

/** OOXML documents by the part each one must have. */
const ooxmlParts: [string, string][] = [
  ['word/document.xml', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ['xl/workbook.xml', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ['ppt/presentation.xml', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
]

/** The end-of-central-directory record: 22 bytes and a comment of up to 64 KiB. */
const eocdMaxBytes = 22 + 0xffff
/** A central directory larger than this is not read (an office document's is a few KiB). */
const centralDirectoryMaxBytes = 4 * 1024 * 1024

async function readRange(blobs: Pick<BlobStore, 'read'>, key: string, start: number, end: number) {
  const chunks: Buffer[] = []
  for await (const chunk of await blobs.read(key, { start, end })) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

/**
 * The OOXML type (docx, xlsx, pptx) of a stored ZIP, told by the names in its central directory
 * at the end of the file (the part that says what it is may come after megabytes of pictures,
 * where reading from the start would not reach); null for any other ZIP.
 */
export async function ooxmlTypeOfZip(blobs: Pick<BlobStore, 'read'>, key: string, size: number) {
  if (size < 22) return null
  const tailStart = Math.max(0, size - eocdMaxBytes)
  const tail = await readRange(blobs, key, tailStart, size - 1)
  const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  if (eocd < 0 || eocd + 22 > tail.length) return null
  const directorySize = tail.readUInt32LE(eocd + 12)
  const directoryOffset = tail.readUInt32LE(eocd + 16)
  if (directorySize === 0 || directorySize > centralDirectoryMaxBytes || directoryOffset + directorySize > size) {
    return null
  }
  const directory = await readRange(blobs, key, directoryOffset, directoryOffset + directorySize - 1)
  const names = new Set<string>()
  for (let at = 0; at + 46 <= directory.length && directory.readUInt32LE(at) === 0x02014b50; ) {
    const nameLength = directory.readUInt16LE(at + 28)
    const extraLength = directory.readUInt16LE(at + 30)
    const commentLength = directory.readUInt16LE(at + 32)
    names.add(directory.toString('utf8', at + 46, at + 46 + nameLength))
    at += 46 + nameLength + extraLength + commentLength
  }
  if (!names.has('[Content_Types].xml')) return null
  return ooxmlParts.find(([part]) => names.has(part))?.[1] ?? null
}
