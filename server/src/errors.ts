import { type ErrorCode, errorMessages } from '@ferry/contracts/errors'

/**
 * The one error services throw. The HTTP layer answers `{detail, code}` with `status`.
 * `detail` defaults to the spec's English message for the code.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode | (string & {}),
    readonly status: number,
    detail?: string,
    /** More fields for the answer's body, beside `detail` and `code` (snake_case). */
    readonly fields?: Record<string, unknown>,
  ) {
    super(detail ?? (errorMessages as Record<string, string>)[code] ?? code)
  }

  get detail(): string {
    return this.message
  }
}

export const notFound = (detail?: string) => new AppError('not_found', 404, detail)
export const badRequest = (detail: string, code = 'bad_request') => new AppError(code, 400, detail)

/** How long to wait, in words: '45 seconds', '12 minutes', '3 hours'. */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`
  const minutes = Math.ceil(seconds / 60)
  if (minutes < 120) return `${minutes} minute${minutes === 1 ? '' : 's'}`
  const hours = Math.ceil(minutes / 60)
  return `${hours} hours`
}

/**
 * A refusal that ends at a known time (send throttles, the plan's daily count): the error handler
 * sends Retry-After and `retry_after_seconds` / `retry_at` in the body.
 */
export class RetryLaterError extends AppError {
  readonly retryAfterSeconds: number
  constructor(
    code: string,
    status: number,
    readonly retryAt: Date,
    now: Date,
    detail?: string,
  ) {
    super(code, status, detail)
    this.retryAfterSeconds = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000))
  }
}

/**
 * A 429 that says how long to wait; the error handler sends `retryAfterSeconds` as Retry-After.
 * Shared: sign-in, uploads, rooms and checkouts each rate-limit their callers.
 */
export class RateLimitedError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    detail = `Too many attempts. Please wait ${waitText(Math.max(1, retryAfterSeconds))} and try again.`,
  ) {
    super('rate_limited', 429, detail)
  }
}
