import { errorMessages } from '@ferry/contracts/errors'
import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import { BlobStorageFullError, BlobStorageUnavailableError } from '../adapters/blob-store/blob-store.js'
import { isDatabaseUnavailableError, isInvalidTextError } from '../db/database-errors.js'
import { AppError } from '../errors.js'

interface ErrorReply {
  status: number
  code: string
  detail: string
}

const reply = (status: number, code: keyof typeof errorMessages, detail?: string): ErrorReply => ({
  status,
  code,
  detail: detail ?? errorMessages[code],
})

/** Turns a validation error into one sentence a person can act on. */
function describeValidation(error: FastifyError): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const parts = error.validation.map((issue) => {
      const where = issue.instancePath.replace(/^\//, '').replaceAll('/', '.')
      return where ? `${where}: ${issue.message}` : issue.message
    })
    return parts.join('; ')
  }
  return error.message
}

/** Maps anything thrown in a request to the one error shape `{detail, code}`. */
export function toErrorReply(error: unknown): ErrorReply {
  if (error instanceof AppError) return { status: error.status, code: error.code, detail: error.detail }
  if (error instanceof BlobStorageFullError) return reply(507, 'storage_full')
  if (error instanceof BlobStorageUnavailableError) return reply(503, 'storage_unavailable')
  if (isDatabaseUnavailableError(error)) return reply(503, 'database_unavailable')
  if (isInvalidTextError(error))
    return reply(400, 'validation_failed', 'The text contains characters that cannot be stored.')

  const e = error as FastifyError
  if (e.validation) return reply(400, 'validation_failed', describeValidation(e))
  if (isResponseSerializationError(e)) return reply(500, 'internal')
  switch (e.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return reply(
        400,
        'invalid_json',
        e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'The request body is empty.' : undefined,
      )
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return reply(413, 'payload_too_large')
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, code: 'unsupported_media_type', detail: 'This content type is not accepted here.' }
  }
  if (e instanceof SyntaxError && e.statusCode === 400) return reply(400, 'invalid_json')
  if (e.statusCode === 429) return reply(429, 'rate_limited', e.message || undefined)
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
    return { status: e.statusCode, code: 'bad_request', detail: e.message }
  }
  return reply(500, 'internal')
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error, request, res) => {
    const { status, code, detail } = toErrorReply(error)
    // A refusal that knows when it ends says so (rate limits, send throttles).
    // A refusal that knows its end moment (retryAt: send throttles) says it in the body too.
    const { retryAfterSeconds: retryAfter, retryAt } = error as { retryAfterSeconds?: unknown; retryAt?: unknown }
    const retry: { retry_after_seconds?: number; retry_at?: string } = {}
    if (typeof retryAfter === 'number' && retryAfter > 0) {
      res.header('Retry-After', String(Math.ceil(retryAfter)))
      if (retryAt instanceof Date) {
        retry.retry_after_seconds = Math.ceil(retryAfter)
        retry.retry_at = retryAt.toISOString()
      }
    }
    if (status >= 500) request.log.error({ err: error }, detail)
    else request.log.info({ code, status }, detail)
    const fields = error instanceof AppError ? error.fields : undefined
    return res.status(status).send({ ...fields, detail, code, ...retry })
  })
}
