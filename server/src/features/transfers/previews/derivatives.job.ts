import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import sharp, { type Sharp } from 'sharp'
import { z } from 'zod'
import type { Deps } from '../../../deps.js'
import { FinalJobError, type JobHandler } from '../../../jobs/job-worker.js'
import { detectStoredMediaType } from './media-type.js'
import { createPreviewsRepository } from './previews.repository.js'
import { blobUrl } from './tools/blob-url.js'
import { findPreviewTools, type PreviewTools } from './tools/preview-tools.js'
import { hasPosterFrame, officeToPdf, renderPdfFirstPage, videoPosterFrame } from './tools/renderers.js'
import { ToolFailedError } from './tools/run-tool.js'
import { copyToScratch, withScratchDir } from './tools/scratch-dir.js'

export const derivativesKind = 'file-derivatives'

const payloadSchema = z.object({ fileId: z.uuid() })

/** Sizes of the derivatives: a gallery tile, and a rendition that fills a screen. */
export const thumbnailPx = 320
export const screenPx = 1600

/** Image formats libvips decodes here (sharp's prebuilt build; HEIC only where libheif can). */
export const decodableImages = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/tiff',
  'image/heic',
  'image/heif',
])

/** Office documents LibreOffice converts to PDF, with the extension it needs to pick its import filter. */
export const officeExtensions: Record<string, string> = {
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.presentation': 'odp',
}

/** Where a file's derivatives live: beside it in the store, named after it. */
export const derivativeKeys = (fileKey: string) => ({
  thumbnail: `${fileKey}.thumbnail.webp`,
  preview: `${fileKey}.screen.webp`,
  document: `${fileKey}.preview.pdf`,
})

/** How long a signed URL handed to ffmpeg lives: past the tool's own time limit. */
const urlSeconds = (timeoutMs: number) => Math.ceil(timeoutMs / 1000) * 2 + 60

const webp = (input: Sharp, px: number, quality: number) =>
  input.clone().resize(px, px, { fit: 'inside', withoutEnlargement: true }).webp({ quality }).toBuffer()

/**
 * Decodes the image as it streams from the store, once, into a thumbnail and a screen-size
 * rendition: auto-rotated by its EXIF orientation, then written without any metadata (sharp
 * keeps none unless asked), first frame only. Null when libvips cannot decode it.
 */
async function renderImage(deps: Pick<Deps, 'blobs' | 'logger'>, key: string) {
  // Pixel limit: a decompression bomb (a tiny file of a huge canvas) is refused, not decoded.
  const input = sharp({ limitInputPixels: 16_384 * 16_384, sequentialRead: true }).rotate()
  const thumbnail = webp(input, thumbnailPx, 75)
  const screen = webp(input, screenPx, 82)
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

/** A PNG a tool rendered, as the WebP derivatives (sharp never keeps the tool's metadata). */
async function fromRenderedPng(png: Buffer, withScreen: boolean) {
  const input = sharp(png, { limitInputPixels: 16_384 * 16_384 })
  return {
    thumbnail: await webp(input, thumbnailPx, 75),
    screen: withScreen ? await webp(input, screenPx, 82) : null,
  }
}

export interface DerivativesOptions {
  /** The programs to use (default: what is installed here). */
  tools?: PreviewTools
  /** Time limits and the largest document copied to scratch space (default: the configuration). */
  limits?: { toolTimeoutMs: number; officeTimeoutMs: number; maxSourceBytes: number }
}

/** What one run made: WebP thumbnail and screen rendition, or a converted PDF (a file in scratch). */
interface Made {
  thumbnail: Buffer | null
  screen: Buffer | null
  pdfFile?: string
}

/**
 * The derivatives job: reads the file's type from its bytes and stores beside it what the share
 * page shows. Images: a thumbnail and a screen-size rendition (sharp). PDFs: page 1 as the
 * thumbnail (pdftoppm). Videos: a poster frame as thumbnail and screen rendition (ffmpeg, reading
 * the file by ranges through a URL). Office documents: a PDF converted by LibreOffice, and its
 * page 1 as the thumbnail. A tool that is not installed means no derivative of that kind; a tool
 * that fails (a corrupt file, its time limit) leaves none and ends the job as dead at once,
 * its error shown in the admin console. Idempotent (same keys, overwritten); a file whose
 * transfer was purged meanwhile leaves nothing behind.
 */
export function derivativesHandler(
  deps: Pick<Deps, 'blobs' | 'logger' | 'database' | 'config'>,
  options: DerivativesOptions = {},
): JobHandler {
  const repo = createPreviewsRepository(deps.database.db)
  const limits = options.limits ?? deps.config.previews

  async function pdfThumbnail(tools: PreviewTools, pdfFile: string) {
    if (!tools.pdftoppm) return null
    const png = await renderPdfFirstPage(tools, pdfFile, {
      longSidePx: thumbnailPx * 2,
      timeoutMs: limits.toolTimeoutMs,
    })
    return (await fromRenderedPng(png, false)).thumbnail
  }

  /** Runs `fn` on a scratch copy of the file, unless the file is larger than scratch space may take. */
  async function onScratchCopy<T>(
    file: { fileKey: string; fileSize: number },
    name: string,
    fn: (copy: string, dir: string) => Promise<T>,
  ): Promise<T | null> {
    if (file.fileSize > limits.maxSourceBytes) {
      deps.logger.info(
        { key: file.fileKey, size: file.fileSize },
        'Document larger than PREVIEW_MAX_SOURCE_MB; no preview',
      )
      return null
    }
    return withScratchDir(async (dir) => {
      const copy = path.join(dir, name)
      await copyToScratch(deps.blobs, file.fileKey, copy)
      return fn(copy, dir)
    })
  }

  async function make(
    tools: PreviewTools,
    file: { fileKey: string; fileSize: number },
    mediaType: string,
    keys: ReturnType<typeof derivativeKeys>,
  ): Promise<Made | null> {
    if (decodableImages.has(mediaType)) return renderImage(deps, file.fileKey)
    if (mediaType === 'application/pdf') {
      if (!tools.pdftoppm) return null
      const thumbnail = await onScratchCopy(file, 'document.pdf', (copy) => pdfThumbnail(tools, copy))
      return thumbnail ? { thumbnail, screen: null } : null
    }
    if (hasPosterFrame(mediaType)) {
      if (!tools.ffmpeg) return null
      const source = await blobUrl(deps.blobs, file.fileKey, file.fileSize, urlSeconds(limits.toolTimeoutMs))
      try {
        const png = await videoPosterFrame(tools.ffmpeg, source.url, mediaType, {
          longSidePx: screenPx,
          timeoutMs: limits.toolTimeoutMs,
        })
        return await fromRenderedPng(png, true)
      } finally {
        await source.close()
      }
    }
    const extension = officeExtensions[mediaType]
    if (extension) {
      if (!tools.soffice) return null
      // The PDF is stored from scratch space before the folder goes; the thumbnail is made from it.
      return onScratchCopy(file, `document.${extension}`, async (copy, dir) => {
        const pdfFile = await officeToPdf(tools, copy, dir, { timeoutMs: limits.officeTimeoutMs })
        const { size } = await stat(pdfFile)
        await deps.blobs.write(keys.document, createReadStream(pdfFile), {
          maxBytes: size,
          contentType: 'application/pdf',
        })
        return { thumbnail: await pdfThumbnail(tools, pdfFile), screen: null, pdfFile }
      })
    }
    return null
  }

  return {
    kind: derivativesKind,
    async run(job) {
      const { fileId } = payloadSchema.parse(job.payload)
      const file = await repo.liveFile(fileId)
      if (!file) return
      const mediaType = await detectStoredMediaType(deps.blobs, file.fileKey, file.fileSize)
      const keys = derivativeKeys(file.fileKey)
      const tools = options.tools ?? (await findPreviewTools())
      let made: Made | null = null
      let failure: ToolFailedError | undefined
      try {
        made = mediaType ? await make(tools, file, mediaType, keys) : null
      } catch (error) {
        // A tool's failure is the file's (corrupt, too slow): recorded below, never retried by itself.
        if (!(error instanceof ToolFailedError) && !isSharpDecodeError(error)) throw error
        failure = error instanceof ToolFailedError ? error : new ToolFailedError('sharp', 'exit', String(error))
        deps.logger.info({ err: error, key: file.fileKey, mediaType }, 'Preview could not be made; the file gets none')
        // A document converted before its thumbnail failed: not kept without its record.
        await deps.blobs.delete(keys.document)
      }
      const store = (key: string, bytes: Buffer) =>
        deps.blobs.write(key, Readable.from([bytes]), { maxBytes: bytes.byteLength, contentType: 'image/webp' })
      if (made?.thumbnail) await store(keys.thumbnail, made.thumbnail)
      if (made?.screen) await store(keys.preview, made.screen)
      const previewKey = made?.pdfFile ? keys.document : made?.screen ? keys.preview : null
      const saved = await repo.saveDerivatives(fileId, {
        mediaType,
        thumbnailKey: made?.thumbnail ? keys.thumbnail : null,
        previewKey,
        previewType: made?.pdfFile ? 'application/pdf' : made?.screen ? 'image/webp' : null,
      })
      // Purged while this ran: what was just written goes too.
      if (!saved && made) await Promise.all(Object.values(keys).map((key) => deps.blobs.delete(key)))
      if (failure) throw new FinalJobError(failure.message, { cause: failure })
    },
  }
}

/** sharp's rejection of what a tool produced (an empty or broken PNG). */
const isSharpDecodeError = (error: unknown) =>
  error instanceof Error && /Input buffer|unsupported image format|VipsForeignLoad/i.test(error.message)
