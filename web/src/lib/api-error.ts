/** English fallback of spec/transfers.md §8 when a failed response says nothing usable. */
export const genericErrorMessage = 'An error occurred'
export const networkErrorMessage = 'Failed to connect to the server. Please try again.'

/**
 * A failed call to Ferry's API. `code` comes from the server's `{detail, code}` body (the web
 * translates by it); `status` is 0 when the server could not be reached. `body` is the parsed
 * JSON body, for the few errors that carry more (a 410 upload request's `expires_at`).
 */
export class ApiError extends Error {
  readonly status: number
  readonly detail: string
  readonly code: string | undefined
  readonly body: unknown

  constructor(status: number, detail: string, code?: string, body?: unknown) {
    super(detail)
    this.name = 'ApiError'
    this.status = status
    this.detail = detail
    this.code = code
    this.body = body
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}

const maxPlainTextLength = 300

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined
}

/** Joins a list of messages: strings, or objects carrying `msg`/`message` (validation errors). */
function joinMessages(list: unknown[]): string | undefined {
  const messages = list
    .map((item) => {
      if (typeof item === 'string') return nonEmpty(item)
      if (item && typeof item === 'object') {
        const record = item as Record<string, unknown>
        return nonEmpty(record.msg) ?? nonEmpty(record.message)
      }
      return undefined
    })
    .filter((message): message is string => message !== undefined)
  return messages.length ? messages.join('; ') : undefined
}

/**
 * The message in a parsed error body, in the order spec/transfers.md §8 gives: `detail`, `error`, an
 * array of messages (the body itself, `detail`, `errors` or `messages`), then `message`.
 */
export function messageFromBody(body: unknown): string | undefined {
  if (Array.isArray(body)) return joinMessages(body)
  if (!body || typeof body !== 'object') return nonEmpty(body)
  const record = body as Record<string, unknown>
  if (Array.isArray(record.detail)) return joinMessages(record.detail)
  return (
    nonEmpty(record.detail) ??
    nonEmpty(record.error) ??
    (Array.isArray(record.errors) ? joinMessages(record.errors) : undefined) ??
    (Array.isArray(record.messages) ? joinMessages(record.messages) : undefined) ??
    nonEmpty(record.message)
  )
}

/** Plain text worth showing: not an HTML error page from a proxy, not a wall of text. */
function plainTextMessage(text: string): string | undefined {
  const trimmed = text.trim()
  if (!trimmed || trimmed.startsWith('<') || trimmed.length > maxPlainTextLength) return undefined
  return trimmed
}

/** A failed response's text as JSON, or undefined when it is not JSON. */
export function parseJsonBody(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** Reads `{detail, code}` out of a failed response's text, whatever shape it has. */
export function parseErrorBody(text: string): { detail: string; code: string | undefined } {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return { detail: plainTextMessage(text) ?? genericErrorMessage, code: undefined }
  }
  const code =
    body && typeof body === 'object' && !Array.isArray(body)
      ? nonEmpty((body as Record<string, unknown>).code)
      : undefined
  return { detail: messageFromBody(body) ?? genericErrorMessage, code }
}
