import { Readable } from 'node:stream'
import sharp from 'sharp'
import { z } from 'zod'
import type { Deps } from '../../../deps.js'
import type { JobHandler } from '../../../jobs/job-worker.js'
import { detectMediaType, readHead } from './media-type.js'
import { createPreviewsRepository } from './previews.repository.js'

export const derivativesKind = 'file-derivatives'

const payloadSchema = z.object({ fileId: z.uuid() })

/** Sizes of the derivatives: a gallery tile, and a rendition that fills a screen. */
export const thumbnailPx = 320
export const screenPx = 1600

/** Image formats libvips decodes here (sharp's prebuilt build; HEIC only where libheif can). */
const decodable = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/tiff',
  'image/heic',
  'image/heif',
])

/** Where a file's derivatives live: beside it in the store, named after it. */
export const derivativeKeys = (fileKey: string) => ({
  thumbnail: `${fileKey}.thumbnail.webp`,
  preview: `${fileKey}.screen.webp`,
})

/**
 * Decodes the image as it streams from the store, once, into a thumbnail and a screen-size
 * rendition: auto-rotated by its EXIF orientation, then written without any metadata (sharp
 * keeps none unless asked), first frame only. Null when libvips cannot decode it.
 */
async function renderImage(deps: Pick<Deps, 'blobs' | 'logger'>, key: string) {
  // Pixel limit: a decompression bomb (a tiny file of a huge canvas) is refused, not decoded.
  const input = sharp({ limitInputPixels: 16_384 * 16_384, sequentialRead: true }).rotate()
  const thumbnail = input
    .clone()
    .resize(thumbnailPx, thumbnailPx, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 75 })
    .toBuffer()
  const screen = input
    .clone()
    .resize(screenPx, screenPx, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer()
  const source = await deps.blobs.read(key)
  let readError: unknown
  source.once('error', (error) => {
    readError = error
    input.destroy(error)
  })
  source.pipe(input)
  const [thumb, rendition] = await Promise.allSettled([thumbnail, screen])
  if (readError) throw readError
  if (thumb.status === 'rejected' || rendition.status === 'rejected') {
    const reason = thumb.status === 'rejected' ? thumb.reason : (rendition as PromiseRejectedResult).reason
    deps.logger.info({ err: reason, key }, 'Image could not be decoded; it gets no thumbnail')
    return null
  }
  return { thumbnail: thumb.value, screen: rendition.value }
}

/**
 * The derivatives job: reads the file's type from its first bytes and, for images, stores a
 * thumbnail and a screen-size rendition beside it. Idempotent (same keys, overwritten); a file
 * whose transfer was purged meanwhile leaves nothing behind.
 */
export function derivativesHandler(deps: Pick<Deps, 'blobs' | 'logger' | 'database'>): JobHandler {
  const repo = createPreviewsRepository(deps.database.db)
  return {
    kind: derivativesKind,
    async run(job) {
      const { fileId } = payloadSchema.parse(job.payload)
      const file = await repo.liveFile(fileId)
      if (!file) return
      const mediaType = await detectMediaType(await readHead(deps.blobs, file.fileKey, file.fileSize))
      const keys = derivativeKeys(file.fileKey)
      const images = mediaType && decodable.has(mediaType) ? await renderImage(deps, file.fileKey) : null
      if (images) {
        const store = (key: string, bytes: Buffer) =>
          deps.blobs.write(key, Readable.from([bytes]), { maxBytes: bytes.byteLength, contentType: 'image/webp' })
        await store(keys.thumbnail, images.thumbnail)
        await store(keys.preview, images.screen)
      }
      const saved = await repo.saveDerivatives(fileId, {
        mediaType,
        thumbnailKey: images ? keys.thumbnail : null,
        previewKey: images ? keys.preview : null,
      })
      // Purged while this ran: what was just written goes too.
      if (!saved && images) await Promise.all([deps.blobs.delete(keys.thumbnail), deps.blobs.delete(keys.preview)])
    },
  }
}
