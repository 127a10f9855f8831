import { createReadStream } from 'node:fs'
import http from 'node:http'
import https from 'node:https'
import { Transform, type TransformCallback } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { errorFromResponse, networkError } from '../api.js'
import type { ApiError } from '../errors.js'

/**
 * A cap on upload speed shared by every part in flight (`--limit-rate`, as curl's): each chunk
 * waits for its slot, so all parts together stay under `bytesPerSecond`.
 */
export function createRateLimit(bytesPerSecond: number) {
  let nextFreeAt = 0
  return {
    /** Resolves when `bytes` may go. */
    async take(bytes: number): Promise<void> {
      const now = performance.now()
      const startAt = Math.max(now, nextFreeAt)
      nextFreeAt = startAt + (bytes / bytesPerSecond) * 1000
      if (startAt > now) await new Promise((resolve) => setTimeout(resolve, startAt - now))
    },
  }
}
export type RateLimit = ReturnType<typeof createRateLimit>

/** The bytes of a part as they leave: counted for the progress bar and held to the rate limit. */
function meter(onBytes: (n: number) => void, limit: RateLimit | undefined): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      const go = () => {
        onBytes(chunk.length)
        done(null, chunk)
      }
      if (limit) limit.take(chunk.length).then(go, done)
      else go()
    },
  })
}

export interface PutRange {
  url: string
  headers: Record<string, string>
  file: string
  /** First byte, and how many. */
  start: number
  length: number
  onBytes(n: number): void
  limit?: RateLimit
  signal?: AbortSignal
}

/** A PUT that got no answer, or one worth trying again (5xx, 429). */
export class RetryablePutError extends Error {
  constructor(
    message: string,
    override readonly cause: unknown,
  ) {
    super(message)
  }
}

/**
 * PUTs `length` bytes of `file` from `start` to a signed URL (S3's, or Ferry's own `/blobs/…`),
 * streamed from disk with an exact Content-Length; resolves with the ETag the store answered.
 * An answer wins over the body: a store that refuses a part early (413, 403) closes the connection
 * while bytes are still going, and its sentence is what to report, not the broken pipe.
 */
export async function putRange(part: PutRange): Promise<string> {
  const url = new URL(part.url)
  const transport = url.protocol === 'https:' ? https : http
  const request = transport.request(url, {
    method: 'PUT',
    headers: { ...part.headers, 'Content-Length': String(part.length) },
    signal: part.signal,
  })
  const answered = new Promise<http.IncomingMessage>((resolve, reject) => {
    request.once('response', resolve)
    request.once('error', reject)
  })
  const body =
    part.length === 0
      ? undefined
      : createReadStream(part.file, { start: part.start, end: part.start + part.length - 1, highWaterMark: 256 * 1024 })
  // Settles with the error, if any: the answer (or its absence) decides what happened.
  const sent: Promise<unknown> = body
    ? pipeline(body, meter(part.onBytes, part.limit), request).then(
        () => undefined,
        (error: unknown) => error,
      )
    : Promise.resolve(request.end()).then(() => undefined)
  let response: http.IncomingMessage
  try {
    response = await answered
  } catch (error) {
    request.destroy()
    if (part.signal?.aborted) throw error
    throw new RetryablePutError(networkError(url.origin, error).message, error)
  }
  const status = response.statusCode ?? 0
  if (status >= 200 && status < 300) {
    response.resume()
    const sendError = await sent
    if (sendError) throw new RetryablePutError(networkError(url.origin, sendError).message, sendError)
    const etag = response.headers.etag
    if (!etag) throw new Error(`The store answered the PUT of ${url.pathname} without an ETag`)
    return etag
  }
  const text = await readAll(response).catch(() => '')
  request.destroy()
  const error: ApiError = await errorFromResponse(
    new Response(text, { status: status >= 200 && status <= 599 ? status : 502 }),
  )
  if (status >= 500 || status === 429) throw new RetryablePutError(error.message, error)
  throw error
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer))
  return Buffer.concat(chunks).toString('utf8')
}
