import { uploadsApi } from '@ferry/contracts/routes/uploads'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { RateLimitedError } from '../../errors.js'
import { registerRoute } from '../../http/register-route.js'
import type { UploadCaller } from './upload-access.js'
import type { UploadsService } from './uploads.service.js'

const caller = (request: FastifyRequest): UploadCaller => ({ userId: request.user?.id ?? null, ip: request.ip })

/** A visitor over the rate limit is told when to come back. */
async function retryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof RateLimitedError) reply.header('Retry-After', String(error.retryAfterSeconds))
    throw error
  }
}

/**
 * spec/transfers.md §7 presign and multipart, plus list-parts to resume (contracts/src/routes/uploads.ts).
 * All public: a visitor may upload to a request link (with request_id); the service decides who may
 * do what. The bytes go to `PUT /blobs/*` (http/blob-upload.routes.ts), which is no API route.
 */
export const uploadsRoutes =
  (uploads: UploadsService): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, uploadsApi.presign, (request, reply) =>
      retryAfter(reply, () => uploads.presign(caller(request), request.body)),
    )
    registerRoute(app, uploadsApi.multipartCreate, (request, reply) =>
      retryAfter(reply, () => uploads.createMultipart(caller(request), request.body)),
    )
    registerRoute(app, uploadsApi.multipartSignPart, (request) => uploads.signPart(caller(request), request.body))
    registerRoute(app, uploadsApi.multipartSignParts, (request) => uploads.signParts(caller(request), request.body))
    registerRoute(app, uploadsApi.multipartListParts, (request) => uploads.listParts(caller(request), request.body))
    registerRoute(app, uploadsApi.multipartComplete, (request) =>
      uploads.completeMultipart(caller(request), request.body),
    )
    registerRoute(app, uploadsApi.multipartAbort, (request) => uploads.abortMultipart(caller(request), request.body))
  }
