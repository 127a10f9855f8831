import { Readable } from 'node:stream'
import { errorMessages } from '@ferry/contracts/errors'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { BlobNotFoundError } from '../../adapters/blob-store/blob-store.js'
import type { Deps } from '../../deps.js'
import { AppError } from '../../errors.js'
import { contentDisposition } from '../content-disposition.js'
import { ifRangeMatches, parseRange, type ResolvedRange } from './http-range.js'
import { uniqueEntryNames, zipFileName } from './zip-names.js'
import { streamZip, type ZipEntry, zipLength } from './zip-writer.js'

/** Seconds a presigned store URL stays valid: the browser follows the redirect at once. */
const redirectSeconds = 5 * 60

/** What a download reply needs: the blob store, and a logger for a failed count. */
export type DownloadReplyDeps = Pick<Deps, 'blobs' | 'logger'>

/** A stored file as a download sends it. */
export interface DownloadFile {
  /** Makes the ETag. */
  id: string
  fileKey: string
  fileName: string
  fileSize: number
  contentType: string
}

/** How a download is sent beyond its files. */
export interface DownloadOptions {
  /** The ZIP's name (without .zip); a single file keeps its own name. */
  title: string
  /** Last-Modified of a single file and the entries' date in a ZIP. */
  createdAt: Date
  /** The error code (410) when a file's bytes are gone from the store. */
  goneCode: string
  /**
   * Counts a download. Called before the first byte of a GET whose response delivers the last byte
   * (the whole file, a range that ends at the last byte, the ZIP); it may refuse (throw) when no
   * download is left. Never called for HEAD or a range that stops short of the end.
   */
  count?: () => Promise<DownloadTally>
  /**
   * Called before the first byte of every GET that sends bytes (any range, the ZIP, or the hand-over
   * to the store), once the range was found satisfiable and `count` let it through: the event
   * log's `download_started`. It must not throw.
   */
  started?: (firstByte: number) => Promise<void>
  /**
   * Streams the bytes even when the store could answer a presigned redirect: a redirect hides the
   * last byte from Ferry, so a limited transfer could not be counted exactly.
   */
  streamThrough?: boolean
}

/** A counted download's place, taken before its first byte and settled by how its response ends. */
export interface DownloadTally {
  /** The response delivered its last byte: the download counts. */
  completed(): Promise<void>
  /** The response ended before its last byte (cut off, or failed): what was held is given back. */
  cutOff(): Promise<void>
}

/** Headers every download carries: never rendered by the browser, never cached by a shared cache. */
function downloadHeaders(reply: FastifyReply, fileName: string) {
  reply
    .header('Content-Disposition', contentDisposition(fileName))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "sandbox; default-src 'none'")
    .header('Cache-Control', 'private, no-cache')
}

/**
 * Takes the download's place (before any byte) and settles it when the response ends: `finish` (the
 * last byte was handed to the socket) counts it, a `close` without it (cut off) gives it back.
 * `body` is destroyed when the place is refused, so no store stream is left open.
 */
async function counted(reply: FastifyReply, deps: DownloadReplyDeps, options: DownloadOptions, body?: Readable) {
  if (!options.count) return
  let tally: DownloadTally
  try {
    tally = await options.count()
  } catch (error) {
    body?.destroy()
    throw error
  }
  let finished = false
  const settle = (what: 'completed' | 'cutOff') =>
    tally[what]().catch((error) => deps.logger.error({ err: error }, `Could not settle a download (${what})`))
  reply.raw.once('finish', () => {
    finished = true
    void settle('completed')
  })
  reply.raw.once('close', () => {
    if (!finished) void settle('cutOff')
  })
}

/** Fastify answers Content-Length: 0 to a HEAD without a body; an empty stream keeps the real one. */
const headOnly = (reply: FastifyReply) => reply.send(Readable.from([]))

async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: DownloadReplyDeps,
  file: DownloadFile,
  options: DownloadOptions,
) {
  const size = file.fileSize
  const etag = `"${file.id}"`
  const lastModified = options.createdAt.toUTCString()
  const ifRange = request.headers['if-range']?.toString()
  const range = ifRangeMatches(ifRange, etag, lastModified) ? parseRange(request.headers.range, size) : undefined
  const completes = (r: ResolvedRange | undefined) => r === undefined || r.end === size - 1

  const presigned = options.streamThrough
    ? null
    : await deps.blobs.signDownload(file.fileKey, { expiresInSeconds: redirectSeconds, fileName: file.fileName })
  if (presigned) {
    // Asked first so that a store that is down (503) or an object that is gone (410) gets an answer
    // from Ferry with a message, not a failed request to the store.
    if (!(await deps.blobs.stat(file.fileKey))) throw new AppError(options.goneCode, 410)
    // The store serves the bytes (and any Range) itself; the download is counted as it is handed over.
    if (request.method === 'GET' && range !== 'unsatisfiable') {
      const tally = options.count && completes(range) ? await options.count() : undefined
      await options.started?.(range?.start ?? 0)
      await tally?.completed()
    }
    return reply.header('Cache-Control', 'no-store').redirect(presigned, 302)
  }

  downloadHeaders(reply, file.fileName)
  reply
    .header('Accept-Ranges', 'bytes')
    .header('ETag', etag)
    .header('Last-Modified', lastModified)
    .type(file.contentType || 'application/octet-stream')
  if (range === 'unsatisfiable') {
    return reply
      .status(416)
      .header('Content-Range', `bytes */${size}`)
      .type('application/json; charset=utf-8')
      .send({ detail: errorMessages.range_not_satisfiable, code: 'range_not_satisfiable' })
  }
  if (range) {
    reply
      .status(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
      .header('Content-Length', String(range.end - range.start + 1))
  } else {
    reply.header('Content-Length', String(size))
  }
  if (request.method === 'HEAD') return headOnly(reply)
  let body: Readable
  try {
    body = await deps.blobs.read(file.fileKey, range)
  } catch (error) {
    throw error instanceof BlobNotFoundError ? new AppError(options.goneCode, 410) : error
  }
  // Counted first: a download refused its slot (410) has not started.
  if (completes(range)) await counted(reply, deps, options, body)
  await options.started?.(range?.start ?? 0)
  return reply.send(body)
}

/**
 * Sends one file (streamed with Content-Length and Range support, or a redirect to the store's
 * presigned URL when it has one) or, with `zip`, all files as a STORED ZIP streamed with its exact length.
 */
export async function sendDownload(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: DownloadReplyDeps,
  download: { files: readonly DownloadFile[]; zip: boolean },
  options: DownloadOptions,
) {
  if (!download.zip) return sendFile(request, reply, deps, download.files[0]!, options)

  downloadHeaders(reply, zipFileName(options.title))
  const names = uniqueEntryNames(download.files.map((f) => f.fileName))
  const entries: ZipEntry[] = download.files.map((f, i) => ({
    name: names[i]!,
    size: f.fileSize,
    open: () => deps.blobs.read(f.fileKey),
  }))
  reply.type('application/zip').header('Content-Length', String(zipLength(entries)))
  if (request.method === 'HEAD') return headOnly(reply)
  // Once the ZIP's headers are sent a failure can only cut it short: a store that is down (503) or files
  // that are gone (410) are told first.
  if (!(await deps.blobs.stat(download.files[0]!.fileKey))) throw new AppError(options.goneCode, 410)
  await counted(reply, deps, options)
  await options.started?.(0)
  const archive = streamZip(entries, { date: options.createdAt })
  archive.once('error', (error) => request.log.warn({ err: error }, 'ZIP download failed'))
  return reply.send(archive)
}
