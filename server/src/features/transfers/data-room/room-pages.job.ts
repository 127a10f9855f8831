import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { dataRoomMaxPages, dataRoomPagePx } from '@ferry/contracts/api/data-room'
import sharp, { type Sharp } from 'sharp'
import { z } from 'zod'
import type { DbExecutor } from '../../../db/database.js'
import type { Deps } from '../../../deps.js'
import type { JobQueue } from '../../../jobs/job-queue.js'
import { FinalJobError, type JobHandler } from '../../../jobs/job-worker.js'
import { decodableImages, officeExtensions } from '../previews/derivatives.job.js'
import { detectStoredMediaType } from '../previews/media-type.js'
import { findPreviewTools, type PreviewTools } from '../previews/tools/preview-tools.js'
import { officeToPdf, renderPdfPages } from '../previews/tools/renderers.js'
import { ToolFailedError } from '../previews/tools/run-tool.js'
import { copyToScratch, withScratchDir } from '../previews/tools/scratch-dir.js'
import { createDataRoomRepository, type RoomRender } from './data-room.repository.js'
import { roomKeysOf, roomPageKey, roomPdfKey } from './data-room-keys.js'

export const roomPagesKind = 'data-room-pages'

const payloadSchema = z.object({ fileId: z.uuid() })

/** Queues the clean page rasters of a data room's files, in the caller's transaction. */
export interface RoomPagesQueue {
  enqueue(tx: DbExecutor, fileIds: readonly string[]): Promise<void>
}

export function createRoomPagesQueue(queue: Pick<JobQueue, 'enqueue'>): RoomPagesQueue {
  return {
    async enqueue(tx, fileIds) {
      // Only files never asked for: a room turned off and on again keeps the pages it has.
      for (const fileId of await createDataRoomRepository(tx).markPending(fileIds)) {
        await queue.enqueue(roomPagesKind, { fileId }, { executor: tx, dedupeKey: `${roomPagesKind}:${fileId}` })
      }
    },
  }
}

export interface RoomPagesOptions {
  tools?: PreviewTools
  limits?: { toolTimeoutMs: number; officeTimeoutMs: number; maxSourceBytes: number }
}

/** One clean page, as stored: WebP, near-lossless, without metadata (sharp keeps none). */
const storedPage = (input: Sharp) => input.webp({ quality: 90 }).toBuffer({ resolveWithObject: true })

const unsupported: RoomRender = {
  roomStatus: 'unsupported',
  roomPages: null,
  roomPageWidth: null,
  roomPageHeight: null,
  roomPdfKey: null,
}

/**
 * The data room's pages (issue 19 item 3), rendered once per file and stored beside it: a PDF's
 * pages by pdftoppm at dataRoomPagePx wide, an office document's through the PDF LibreOffice
 * makes of it (kept, for the watermarked PDF download), an image as one page through sharp
 * (auto-rotated, EXIF gone). At most dataRoomMaxPages pages. A type it cannot show, a tool not
 * installed, a file too large for scratch space or one a tool fails on: 'unsupported' (a failure
 * also ends the job dead at once, its error in the admin console).
 */
export function roomPagesHandler(
  deps: Pick<Deps, 'blobs' | 'logger' | 'database' | 'config'>,
  options: RoomPagesOptions = {},
): JobHandler {
  const repo = createDataRoomRepository(deps.database.db)
  const limits = options.limits ?? deps.config.previews

  async function storePages(fileKey: string, pages: AsyncIterable<Sharp>): Promise<RoomRender> {
    let count = 0
    let size = { width: 0, height: 0 }
    for await (const page of pages) {
      const { data, info } = await storedPage(page)
      count += 1
      if (count === 1) size = { width: info.width, height: info.height }
      await deps.blobs.write(roomPageKey(fileKey, count), Readable.from([data]), {
        maxBytes: data.byteLength,
        contentType: 'image/webp',
      })
    }
    return {
      roomStatus: 'ready',
      roomPages: count,
      roomPageWidth: size.width,
      roomPageHeight: size.height,
      roomPdfKey: null,
    }
  }

  async function* pngPages(files: string[]) {
    for (const file of files) yield sharp(file, { limitInputPixels: 16_384 * 16_384 })
  }

  async function pdfPages(tools: PreviewTools, fileKey: string, pdfFile: string, dir: string) {
    const files = await renderPdfPages(tools, pdfFile, path.join(dir, 'pages'), {
      widthPx: dataRoomPagePx,
      maxPages: dataRoomMaxPages,
      // Up to 500 pages in one run: the longer of the two limits.
      timeoutMs: Math.max(limits.toolTimeoutMs, limits.officeTimeoutMs),
    })
    return storePages(fileKey, pngPages(files))
  }

  async function render(
    tools: PreviewTools,
    file: { fileKey: string; fileSize: number },
    mediaType: string,
  ): Promise<RoomRender> {
    // Every kind is copied whole (to scratch space, or memory for an image): bounded like previews.
    if (file.fileSize > limits.maxSourceBytes) return unsupported
    if (decodableImages.has(mediaType)) {
      const source = await deps.blobs.read(file.fileKey)
      const bytes = Buffer.concat(await source.toArray())
      const image = sharp(bytes, { limitInputPixels: 16_384 * 16_384 })
        .rotate()
        .resize(dataRoomPagePx, dataRoomPagePx, { fit: 'inside', withoutEnlargement: true })
      async function* one() {
        yield image
      }
      return storePages(file.fileKey, one())
    }
    const extension = mediaType === 'application/pdf' ? 'pdf' : officeExtensions[mediaType]
    if (!extension || !tools.pdftoppm || (extension !== 'pdf' && !tools.soffice)) return unsupported
    return withScratchDir(async (dir) => {
      const copy = path.join(dir, `document.${extension}`)
      await copyToScratch(deps.blobs, file.fileKey, copy)
      if (extension === 'pdf') return { ...(await pdfPages(tools, file.fileKey, copy, dir)), roomPdfKey: file.fileKey }
      const pdfFile = await officeToPdf(tools, copy, dir, { timeoutMs: limits.officeTimeoutMs })
      const { size } = await stat(pdfFile)
      await deps.blobs.write(roomPdfKey(file.fileKey), createReadStream(pdfFile), {
        maxBytes: size,
        contentType: 'application/pdf',
      })
      return { ...(await pdfPages(tools, file.fileKey, pdfFile, dir)), roomPdfKey: roomPdfKey(file.fileKey) }
    })
  }

  return {
    kind: roomPagesKind,
    async run(job) {
      const { fileId } = payloadSchema.parse(job.payload)
      const file = await repo.liveFile(fileId)
      if (!file) return
      const mediaType = await detectStoredMediaType(deps.blobs, file.fileKey, file.fileSize)
      const tools = options.tools ?? (await findPreviewTools())
      let made = unsupported
      let failure: Error | undefined
      try {
        made = mediaType ? await render(tools, file, mediaType) : unsupported
      } catch (error) {
        if (!(error instanceof ToolFailedError) && !isSharpDecodeError(error)) throw error
        failure = error as Error
        deps.logger.info({ err: error, key: file.fileKey, mediaType }, 'Data-room pages could not be made')
      }
      const saved = await repo.saveRender(fileId, made)
      // Purged while this ran: what was just written goes too.
      if (!saved) for (const key of roomKeysOf({ fileKey: file.fileKey, ...made })) await deps.blobs.delete(key)
      if (failure) throw new FinalJobError(failure.message, { cause: failure })
    },
  }
}

const isSharpDecodeError = (error: unknown) =>
  error instanceof Error && /Input buffer|unsupported image format|VipsForeignLoad|pixel limit/i.test(error.message)
