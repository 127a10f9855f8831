import { Readable } from 'node:stream'
import { errorMessages } from '@ferry/contracts/errors'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { BlobNotFoundError } from '../../adapters/blob-store/blob-store.js'
import type { Deps } from '../../deps.js'
import { AppError } from '../../errors.js'
import { contentDisposition } from '../../http/content-disposition.js'
import { ifRangeMatches, parseRange, type ResolvedRange } from './http-range.js'
import type { TransferFileRow } from './transfers.repository.js'
import type { DownloadPlan } from './transfers.service.js'
import { uniqueEntryNames, zipFileName } from './zip-names.js'
import { streamZip, type ZipEntry, zipLength } from './zip-writer.js'

/** Seconds a presigned store URL given to a recipient stays valid: the browser follows it at once. */
const redirectSeconds = 5 * 60

type ReplyDeps = Pick<Deps, 'blobs' | 'logger'>

/** Headers every download carries: never rendered by the browser, never cached by a shared cache. */
function downloadHeaders(reply: FastifyReply, fileName: string) {
  reply
    .header('Content-Disposition', contentDisposition(fileName))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "sandbox; default-src 'none'")
    .header('Cache-Control', 'private, no-cache')
}

/** Runs `record` once the whole response reached the client (not when it was cut off). */
function onCompleted(reply: FastifyReply, deps: ReplyDeps, record: () => Promise<void>) {
  reply.raw.once('finish', () => {
    record().catch((error) => deps.logger.error({ err: error }, 'Could not record a completed download'))
  })
}

/** Fastify answers Content-Length: 0 to a HEAD without a body; an empty stream keeps the real one. */
const headOnly = (reply: FastifyReply) => reply.send(Readable.from([]))

const goneOr = (error: unknown) =>
  error instanceof BlobNotFoundError ? new AppError('transfer_files_gone', 410) : error

async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: ReplyDeps,
  file: TransferFileRow,
  createdAt: Date,
  record: () => Promise<void>,
) {
  const size = file.fileSize
  const header = request.headers.range
  const etag = `"${file.id}"`
  const lastModified = createdAt.toUTCString()
  const ifRange = request.headers['if-range']?.toString()
  const range = ifRangeMatches(ifRange, etag, lastModified) ? parseRange(header, size) : undefined
  const completes = (r: ResolvedRange | undefined) => r === undefined || r.end === size - 1

  const presigned = await deps.blobs.signDownload(file.fileKey, {
    expiresInSeconds: redirectSeconds,
    fileName: file.fileName,
  })
  if (presigned) {
    // The store serves the bytes (and any Range) itself; the download is counted as it is handed over.
    if (request.method === 'GET' && range !== 'unsatisfiable' && completes(range)) await record()
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
    throw goneOr(error)
  }
  if (completes(range)) onCompleted(reply, deps, record)
  return reply.send(body)
}

/**
 * Sends what a download plan names: one file (streamed with Content-Length and Range support,
 * or a redirect to the store's presigned URL when it has one), or a ZIP of all files, streamed
 * and stored. `record` runs when the download completed.
 */
export async function sendDownload(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: ReplyDeps,
  plan: DownloadPlan,
  record: () => Promise<void>,
) {
  const { transfer } = plan.aggregate
  if (!plan.zip) return sendFile(request, reply, deps, plan.files[0]!, transfer.createdAt, record)

  downloadHeaders(reply, zipFileName(transfer.title))
  const names = uniqueEntryNames(plan.files.map((f) => f.fileName))
  const entries: ZipEntry[] = plan.files.map((f, i) => ({
    name: names[i]!,
    size: f.fileSize,
    open: () => deps.blobs.read(f.fileKey),
  }))
  reply.type('application/zip').header('Content-Length', String(zipLength(entries)))
  if (request.method === 'HEAD') return headOnly(reply)
  const archive = streamZip(entries, { date: transfer.createdAt })
  archive.once('error', (error) => request.log.warn({ err: error }, 'ZIP download failed'))
  onCompleted(reply, deps, record)
  return reply.send(archive)
}
