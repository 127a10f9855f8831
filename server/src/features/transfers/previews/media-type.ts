import { fileTypeFromBuffer } from 'file-type'
import type { BlobStore } from '../../../adapters/blob-store/blob-store.js'
import { ooxmlTypeOfZip } from './zip-office-type.js'

/** How many leading bytes detection reads (what file-type needs for the types it knows). */
export const sniffBytes = 4100

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** True when the bytes read as UTF-8 text: no NUL, and valid (a character cut at the end allowed). */
function looksLikeText(head: Uint8Array): boolean {
  if (head.includes(0)) return false
  // The sample may end inside a multi-byte character: up to 3 trailing bytes may be dropped.
  for (let cut = 0; cut <= Math.min(3, head.length); cut++) {
    try {
      utf8.decode(head.subarray(0, head.length - cut))
      return true
    } catch {}
  }
  return false
}

/**
 * The media type of a file, read from its first bytes (never from its name or the uploader's
 * claim): a binary format file-type knows, else SVG, else `text/plain; charset=utf-8` for any
 * text (HTML, code, CSV and JSON included, so markup is shown, never run), else null.
 */
export async function detectMediaType(head: Uint8Array): Promise<string | null> {
  const detected = await fileTypeFromBuffer(head)
  // XML is text to Ferry (an XHTML page could run script as XML); SVG is told apart below.
  if (detected && detected.mime !== 'application/xml') return detected.mime
  if (!looksLikeText(head)) return null
  const start = new TextDecoder().decode(head.subarray(0, 1024)).trimStart().toLowerCase()
  if (start.startsWith('<svg') || (start.startsWith('<?xml') && start.includes('<svg'))) return 'image/svg+xml'
  return 'text/plain; charset=utf-8'
}

/** The first bytes of a stored file, as many as detection reads. */
export async function readHead(blobs: Pick<BlobStore, 'read'>, key: string, size: number): Promise<Buffer> {
  if (size === 0) return Buffer.alloc(0)
  const chunks: Buffer[] = []
  for await (const chunk of await blobs.read(key, { start: 0, end: Math.min(size, sniffBytes) - 1 })) {
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

/**
 * The media type of a stored file (see detectMediaType). A ZIP is looked at further: an OOXML
 * document (docx, xlsx, pptx) shows what it is by the names in its central directory.
 */
export async function detectStoredMediaType(
  blobs: Pick<BlobStore, 'read'>,
  key: string,
  size: number,
): Promise<string | null> {
  const type = await detectMediaType(await readHead(blobs, key, size))
  if (type !== 'application/zip') return type
  return (await ooxmlTypeOfZip(blobs, key, size)) ?? type
}
