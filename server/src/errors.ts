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
  ) {
    super(detail ?? (errorMessages as Record<string, string>)[code] ?? code)
  }

  get detail(): string {
    return this.message
  }
}

export const notFound = (detail?: string) => new AppError('not_found', 404, detail)
export const badRequest = (detail: string, code = 'bad_request') => new AppError(code, 400, detail)
