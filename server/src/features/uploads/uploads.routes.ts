import { errorResponse } from '@ferry/contracts/api/system'
import {
  listPartsRequest,
  listPartsResponse,
  multipartAbortRequest,
  multipartAbortResponse,
  multipartCompleteRequest,
  multipartCompleteResponse,
  multipartCreateRequest,
  multipartCreateResponse,
  presignRequest,
  presignResponse,
  signPartRequest,
  signPartResponse,
  uploadPaths,
} from '@ferry/contracts/api/uploads'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { RateLimitedError } from '../auth/auth-rate-limit.js'
import type { UploadCaller } from './upload-access.js'
import type { UploadsService } from './uploads.service.js'

const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
  413: errorResponse,
  429: errorResponse,
}

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
 * spec/transfers.md §7 presign and multipart, plus list-parts to resume. All public: a visitor may
 * upload to a request link (with request_id); the service decides who may do what.
 */
export const uploadsRoutes =
  (uploads: UploadsService): FastifyPluginAsyncZod =>
  async (app) => {
    const config = { access: 'public' } as const
    const schema = { tags: ['uploads'] }

    app.post(
      uploadPaths.presign,
      { schema: { ...schema, body: presignRequest, response: { 200: presignResponse, ...errors } }, config },
      (request, reply) => retryAfter(reply, () => uploads.presign(caller(request), request.body)),
    )

    app.post(
      uploadPaths.multipartCreate,
      {
        schema: { ...schema, body: multipartCreateRequest, response: { 200: multipartCreateResponse, ...errors } },
        config,
      },
      (request, reply) => retryAfter(reply, () => uploads.createMultipart(caller(request), request.body)),
    )

    app.post(
      uploadPaths.multipartSignPart,
      { schema: { ...schema, body: signPartRequest, response: { 200: signPartResponse, ...errors } }, config },
      (request) => uploads.signPart(caller(request), request.body),
    )

    app.post(
      uploadPaths.multipartListParts,
      { schema: { ...schema, body: listPartsRequest, response: { 200: listPartsResponse, ...errors } }, config },
      (request) => uploads.listParts(caller(request), request.body),
    )

    app.post(
      uploadPaths.multipartComplete,
      {
        schema: { ...schema, body: multipartCompleteRequest, response: { 200: multipartCompleteResponse, ...errors } },
        config,
      },
      (request) => uploads.completeMultipart(caller(request), request.body),
    )

    app.post(
      uploadPaths.multipartAbort,
      {
        schema: { ...schema, body: multipartAbortRequest, response: { 200: multipartAbortResponse, ...errors } },
        config,
      },
      (request) => uploads.abortMultipart(caller(request), request.body),
    )
  }
