import { errorMessages } from '@ferry/contracts/errors'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import {
  BlobStorageFullError,
  BlobUploadRejectedError,
  type LocalBlobStore,
  type UploadGate,
} from '../adapters/blob-store/blob-store.js'

/**
 * `PUT /blobs/<key>?...signature`: where browsers upload when blobs are on Ferry's own disk.
 * An upload transport, not an API route: the signature in the URL the upload routes handed out
 * authorises it, so it has no definition in contracts/src/routes and no registerRoute (like S3's
 * own PUT URLs, which it stands in for).
 * The body is never parsed or buffered: it streams from the socket to the store.
 * Register it without fastify-plugin, so its content-type parser stays inside this plugin.
 */
export function blobUploadRoutes(
  store: Pick<LocalBlobStore, 'receiveUpload'>,
  gate: UploadGate,
  options: { lingerMs?: number } = {},
): FastifyPluginAsync {
  const lingerMs = options.lingerMs ?? defaultLingerMs
  return async (app) => {
    app.removeAllContentTypeParsers()
    // Leave the body unread; the handler streams request.raw.
    app.addContentTypeParser('*', (_request, _payload, done) => done(null))

    app.put<{ Params: { '*': string }; Querystring: Record<string, string | string[] | undefined> }>(
      '/blobs/*',
      // No config.access: the signature is the authorisation, and the auth guard (which only
      // guards /api and /auth) would otherwise look up the session cookie on every part.
      // Hidden from the API document: clients never build this URL, they PUT to the one a
      // presign answer hands them (uploadsApi in contracts).
      { bodyLimit: Number.MAX_SAFE_INTEGER, schema: { hide: true } },
      async (request, reply) => {
        const length = request.headers['content-length']
        try {
          const { etag } = await store.receiveUpload(
            {
              key: request.params['*'],
              query: singleValues(request.query),
              contentLength: length === undefined ? undefined : Number(length),
              body: request.raw,
            },
            gate,
          )
          return reply.header('ETag', etag).header('Access-Control-Expose-Headers', 'ETag').code(200).send()
        } catch (error) {
          if (request.raw.destroyed && !request.raw.complete) {
            request.log.info('Upload abandoned by the client; nothing was kept')
            return reply.code(499).send()
          }
          if (error instanceof BlobUploadRejectedError) {
            return fail(request, reply, lingerMs, { status: error.status, code: error.code, detail: error.message })
          }
          if (error instanceof BlobStorageFullError) {
            request.log.error({ err: error }, 'Blob storage is full')
            return fail(request, reply, lingerMs, {
              status: 507,
              code: 'storage_full',
              detail: errorMessages.storage_full,
            })
          }
          throw error
        }
      },
    )
  }
}

/** How long a refused body may keep arriving (discarded) after the answer, before the connection is cut. */
const defaultLingerMs = 5_000

interface Failure {
  status: number
  code: string
  detail: string
}

function fail(request: FastifyRequest, reply: FastifyReply, lingerMs: number, { status, code, detail }: Failure) {
  cutUnreadBodyAfterAnswer(request, reply, lingerMs)
  return reply.code(status).send({ detail, code })
}

/**
 * For a refusal of a body still arriving: what is left of it may be gigabytes, so the connection
 * is cut once the answer went out. Not at once (Connection: close would): closing with bytes
 * unread makes the kernel send a reset that can wipe out the answer before the client reads it.
 * Drain for a moment, then cut.
 */
export function cutUnreadBodyAfterAnswer(request: FastifyRequest, reply: FastifyReply, lingerMs = defaultLingerMs) {
  if (request.raw.complete) return
  reply.raw.once('finish', () => {
    request.raw.resume()
    const timer = setTimeout(() => request.raw.socket?.destroy(), lingerMs).unref()
    request.raw.once('end', () => clearTimeout(timer))
  })
}

function singleValues(query: Record<string, string | string[] | undefined>): Record<string, string | undefined> {
  const result: Record<string, string | undefined> = {}
  for (const [name, value] of Object.entries(query)) result[name] = Array.isArray(value) ? undefined : value
  return result
}
