import { Readable } from 'node:stream'
import { errorMessages } from '@ferry/contracts/errors'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { BlobNotFoundError } from '../../adapters/blob-store/blob-store.js'
import type { Deps } from '../../deps.js'
import { AppError } from '../../errors.js'
import { contentDisposition } from '../../http/content-disposition.js'
// The byte-range and ZIP helpers are pure functions the transfers feature already has and tests.
import { ifRangeMatches, parseRange } from '../transfers/http-range.js'
import { uniqueEntryNames, zipFileName } from '../transfers/zip-names.js'
import { streamZip, type ZipEntry, zipLength } from '../transfers/zip-writer.js'
import type { ReceivedDownload } from './request-links.service.js'

/** Seconds a presigned store URL stays valid: the browser follows the redirect at once. */
const redirectSeconds = 5 * 60

type ReplyDeps = Pick<Deps, 'blobs'>

function downloadHeaders(reply: FastifyReply, fileName: string) {
  reply
    .header('Content-Disposition', contentDisposition(fileName))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "sandbox; default-src 'none'")
    .header('Cache-Control', 'private, no-cache')
}

// Fastify answers Content-Length: 0 to a HEAD without a body; an empty stream keeps the real one.
const headOnly = (reply: FastifyReply) => reply.send(Readable.from([]))

async function sendFile(request: FastifyRequest, reply: FastifyReply, deps: ReplyDeps, plan: ReceivedDownload) {
  const file = plan.files[0]!
  const size = file.fileSize
  const etag = `"${file.id}"`
  const lastModified = plan.createdAt.toUTCString()
  const ifRange = request.headers['if-range']?.toString()
  const range = ifRangeMatches(ifRange, etag, lastModified) ? parseRange(request.headers.range, size) : undefined

  const presigned = await deps.blobs.signDownload(file.fileKey, {
    expiresInSeconds: redirectSeconds,
    fileName: file.fileName,
  })
  if (presigned) return reply.header('Cache-Control', 'no-store').redirect(presigned, 302)

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
  try {
    return reply.send(await deps.blobs.read(file.fileKey, range))
  } catch (error) {
    throw error instanceof BlobNotFoundError ? new AppError('received_files_gone', 410) : error
  }
}

/**
 * Sends a received file (streamed with Range support, or a redirect to the store's presigned
 * URL) or a group's files as a STORED ZIP, streamed with its exact length.
 */
export async function sendReceivedDownload(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: ReplyDeps,
  plan: ReceivedDownload,
) {
  if (!plan.zip) return sendFile(request, reply, deps, plan)
  downloadHeaders(reply, zipFileName(plan.title))
  const names = uniqueEntryNames(plan.files.map((f) => f.fileName))
  const entries: ZipEntry[] = plan.files.map((f, i) => ({
    name: names[i]!,
    size: f.fileSize,
    open: () => deps.blobs.read(f.fileKey),
  }))
  reply.type('application/zip').header('Content-Length', String(zipLength(entries)))
  if (request.method === 'HEAD') return headOnly(reply)
  const archive = streamZip(entries, { date: plan.createdAt })
  archive.once('error', (error) => request.log.warn({ err: error }, 'ZIP download failed'))
  return reply.send(archive)
}
