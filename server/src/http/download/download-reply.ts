import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import { crc32 as zlibCrc32 } from 'node:zlib'
import { errorMessages } from '@ferry/contracts/errors'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { BlobNotFoundError } from '../../adapters/blob-store/blob-store.js'
import type { Deps } from '../../deps.js'
import { AppError } from '../../errors.js'
import { contentDisposition } from '../content-disposition.js'
import { ifRangeMatches, parseRange, type ResolvedRange } from './http-range.js'
import { uniqueEntryNames, zipFileName } from './zip-names.js'
import { streamZip, type ZipEntry, zipIsSeekable, zipLength } from './zip-writer.js'

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
  /** From the file-digest job (issue 24); null until it ran. */
  sha256?: string | null
  crc32?: number | null
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

/** The range a request asks of a representation, honouring If-Range (RFC 9110 §13.1.5). */
function requestedRange(request: FastifyRequest, size: number, etag: string, lastModified: string) {
  const ifRange = request.headers['if-range']?.toString()
  return ifRangeMatches(ifRange, etag, lastModified) ? parseRange(request.headers.range, size) : undefined
}

/**
 * Status and length headers for a representation of `size` bytes sent whole or in `range`; false
 * when the range cannot be satisfied (the 416 is sent).
 */
function rangeHeaders(reply: FastifyReply, size: number, range: ResolvedRange | 'unsatisfiable' | undefined): boolean {
  if (range === 'unsatisfiable') {
    reply
      .status(416)
      .header('Content-Range', `bytes */${size}`)
      .type('application/json; charset=utf-8')
      .send({ detail: errorMessages.range_not_satisfiable, code: 'range_not_satisfiable' })
    return false
  }
  if (range) {
    reply
      .status(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
      .header('Content-Length', String(range.end - range.start + 1))
  } else {
    reply.header('Content-Length', String(size))
  }
  return true
}

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
  const range = requestedRange(request, size, etag, lastModified)
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
  if (!rangeHeaders(reply, size, range) || range === 'unsatisfiable') return reply
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

/** The ZIP's checksum file: `sha256sum -c SHA256SUMS` checks the unzipped files. */
export const checksumFileName = 'SHA256SUMS'

/**
 * The archive's entries: the files, and when every file's SHA-256 is known, a checksum file
 * listing them (issue 24), its own CRC computed here since its bytes are.
 */
function zipEntries(deps: DownloadReplyDeps, files: readonly DownloadFile[]): ZipEntry[] {
  const withSums = files.length > 0 && files.every((f) => f.sha256)
  const names = uniqueEntryNames([...files.map((f) => f.fileName), ...(withSums ? [checksumFileName] : [])])
  const entries: ZipEntry[] = files.map((f, i) => ({
    name: names[i]!,
    size: f.fileSize,
    crc32: f.crc32 ?? undefined,
    open: (range) => deps.blobs.read(f.fileKey, range),
  }))
  if (withSums) {
    const sums = Buffer.from(files.map((f, i) => `${f.sha256}  ${names[i]}\n`).join(''), 'utf8')
    entries.push({
      name: names[files.length]!,
      size: sums.length,
      crc32: crc32Of(sums),
      open: async (range) => Readable.from([range ? sums.subarray(range.start, range.end + 1) : sums]),
    })
  }
  return entries
}

/**
 * All files as one STORED ZIP with its exact length. When every CRC is known from upload, the
 * archive is fixed before its first byte: it has an ETag and answers Range (a cut download
 * resumes, `curl -C -`); otherwise it streams whole, its CRCs computed on the way.
 */
async function sendZip(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: DownloadReplyDeps,
  files: readonly DownloadFile[],
  options: DownloadOptions,
) {
  downloadHeaders(reply, zipFileName(options.title))
  const entries = zipEntries(deps, files)
  const size = zipLength(entries)
  const seekable = zipIsSeekable(entries)
  reply.type('application/zip')
  let range: ResolvedRange | 'unsatisfiable' | undefined
  if (seekable) {
    const etag = zipEtag(entries)
    const lastModified = options.createdAt.toUTCString()
    reply.header('Accept-Ranges', 'bytes').header('ETag', etag).header('Last-Modified', lastModified)
    range = requestedRange(request, size, etag, lastModified)
  } else {
    reply.header('Accept-Ranges', 'none')
  }
  if (!rangeHeaders(reply, size, range) || range === 'unsatisfiable') return reply
  if (request.method === 'HEAD') return headOnly(reply)
  // Once the ZIP's headers are sent a failure can only cut it short: a store that is down (503) or files
  // that are gone (410) are told first.
  if (!(await deps.blobs.stat(files[0]!.fileKey))) throw new AppError(options.goneCode, 410)
  if (range === undefined || range.end === size - 1) await counted(reply, deps, options)
  await options.started?.(range?.start ?? 0)
  const archive = streamZip(entries, { date: options.createdAt, range })
  archive.once('error', (error) => request.log.warn({ err: error }, 'ZIP download failed'))
  return reply.send(archive)
}

const crc32Of = (bytes: Buffer) => zlibCrc32(bytes) >>> 0

/** Names, sizes and CRCs fix every byte of the archive (with its date, which Last-Modified carries). */
function zipEtag(entries: readonly ZipEntry[]): string {
  const hash = createHash('sha256')
  for (const entry of entries) hash.update(`${entry.name}\0${entry.size}\0${entry.crc32}\n`)
  return `"zip-${hash.digest('base64url').slice(0, 27)}"`
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
  return download.zip
    ? sendZip(request, reply, deps, download.files, options)
    : sendFile(request, reply, deps, download.files[0]!, options)
}
