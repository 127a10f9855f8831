import { hasControlCharactersBesideLineBreaks } from '@ferry/contracts/domain/text'
import type { FastifyInstance } from 'fastify'
import { AppError } from '../errors.js'

/** The path (`files.0.file_name`) of the first string holding a control character, if any. */
export function findControlCharacters(value: unknown, path: string[] = [], depth = 0): string | undefined {
  if (typeof value === 'string') return hasControlCharactersBesideLineBreaks(value) ? path.join('.') : undefined
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined
  for (const [key, child] of Object.entries(value)) {
    if (hasControlCharactersBesideLineBreaks(key)) return [...path, '(a key)'].join('.')
    const found = findControlCharacters(child, [...path, key], depth + 1)
    if (found !== undefined) return found
  }
  return undefined
}

/** Query parameters that would carry a password. */
const secretQueryKeys = new Set(['password', 'passwd', 'pass', 'passphrase'])

/**
 * Every route's path parameters, query string and JSON body are checked before validation: a
 * NUL or another control character (tabs and line breaks aside) in any string is a 400, whatever
 * the route's schema says (security review L-1; the contracts' fields refuse them too, with their
 * own words). A `password` (or `pass`, `passwd`, `passphrase`) query parameter is a 400
 * `password_in_url` on every route. Raw bodies (file bytes, webhooks) are not strings here and pass untouched.
 */
export function registerInputGuard(app: FastifyInstance): void {
  // A password never travels in an address (issue 18): addresses end up in histories, proxies'
  // logs and Referer headers. Refused on every route, whatever its schema, before anything else.
  app.addHook('onRequest', async (request) => {
    const query = request.query
    if (
      query &&
      typeof query === 'object' &&
      Object.keys(query).some((key) => secretQueryKeys.has(key.toLowerCase()))
    ) {
      throw new AppError('password_in_url', 400)
    }
  })
  app.addHook('preValidation', async (request) => {
    for (const [where, value] of [
      ['path', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const found = findControlCharacters(value)
      if (found !== undefined) {
        throw new AppError('validation_failed', 400, `${found || where}: contains control characters.`)
      }
    }
  })
}
