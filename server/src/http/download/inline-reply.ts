import { Readable } from 'node:stream'
import { errorMessages } from '@ferry/contracts/errors'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { BlobNotFoundError } from '../../adapters/blob-store/blob-store.js'
import type { Deps } from '../../deps.js'
import { AppError } from '../../errors.js'
import { contentDisposition } from '../content-disposition.js'
import { ifRangeMatches, parseRange } from './http-range.js'

/** Stored bytes to show in the browser (a preview, a thumbnail). */
export interface InlineObject {
  /** The blob; its ETag is `etag`, so a range of one version never mixes with another. */
  key: string
  size: number
  etag: string
  /** The type read from the bytes, never the uploader's claim. */
  contentType: string
  fileName: string
  lastModified: Date
  /** The error code (410) when the bytes are gone from the store. */
  goneCode: string
}

/**
 * Sends stored bytes for viewing, always through Ferry (never a redirect to the store, whose
 * answer could not carry these headers): `inline`, with `nosniff` and a sandboxing CSP so that
 * HTML or SVG opened on its own runs no script on Ferry's origin, with Range (206), If-Range
 * and 416, streamed from the store. Counts nothing: a view is not a download.
 */
export async function sendInline(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: Pick<Deps, 'blobs'>,
  object: InlineObject,
) {
  const { size, etag } = object
  const lastModified = object.lastModified.toUTCString()
  const ifRange = request.headers['if-range']?.toString()
  const range = ifRangeMatches(ifRange, etag, lastModified) ? parseRange(request.headers.range, size) : undefined
  reply
    .header('Content-Disposition', contentDisposition(object.fileName, 'inline'))
    .header('X-Content-Type-Options', 'nosniff')
    .header(
      'Content-Security-Policy',
      "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'",
    )
    .header('Cross-Origin-Resource-Policy', 'same-origin')
    .header('Cache-Control', 'private, no-cache')
    .header('Accept-Ranges', 'bytes')
    .header('ETag', etag)
    .header('Last-Modified', lastModified)
  if (range === 'unsatisfiable') {
    return reply
      .status(416)
      .header('Content-Range', `bytes */${size}`)
      .type('application/json; charset=utf-8')
      .send({ detail: errorMessages.range_not_satisfiable, code: 'range_not_satisfiable' })
  }
  reply.type(object.contentType)
  if (range) {
    reply
      .status(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
      .header('Content-Length', String(range.end - range.start + 1))
  } else {
    reply.header('Content-Length', String(size))
  }
  if (request.method === 'HEAD') return reply.send(Readable.from([]))
  try {
    return reply.send(size === 0 ? Readable.from([]) : await deps.blobs.read(object.key, range))
  } catch (error) {
    throw error instanceof BlobNotFoundError ? new AppError(object.goneCode, 410) : error
  }
}
