/**
 * Error codes the server answers with (`{detail, code}`), each with the English message
 * the spec names. The web translates by code and falls back to `detail`.
 */
export const errorMessages = {
  not_found: 'Not found',
  route_not_found: 'This API route does not exist.',
  bad_request: 'The request is malformed.',
  invalid_json: 'The request body is not valid JSON.',
  validation_failed: 'Some fields are invalid.',
  payload_too_large: 'The request body is too large.',
  service_unavailable: 'The service is temporarily unavailable. Please try again in a moment.',
  database_unavailable: 'The database is temporarily unavailable. Please try again in a moment.',
  storage_unavailable: 'File storage is temporarily unavailable. Please try again in a moment.',
  storage_full: 'File storage is full. Nothing was kept; please try again later.',
  rate_limited: 'Too many requests. Please wait a moment and try again.',
  internal: 'Something went wrong on our side. Please try again.',
} as const satisfies Record<string, string>

export type ErrorCode = keyof typeof errorMessages

/** The one error body every 4xx/5xx carries. */
export interface ErrorBody {
  detail: string
  code: string
}
