import type { FastifyRequest } from 'fastify'
import { AppError } from '../errors.js'

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * Whether the auth cookie may vouch for this request. A browser attaches the cookie to
 * cross-site form posts too; a custom header it only sends for same-origin scripts (cross-site
 * ones would need a CORS preflight Ferry never grants). So a state-changing request that relies
 * on the cookie must carry `X-Requested-With`, as Ferry's web app always does. Bearer tokens are
 * never sent by a browser on its own and need no such proof.
 */
export function cookieMayAuthenticate(request: FastifyRequest): boolean {
  if (!stateChanging.has(request.method)) return true
  const header = request.headers['x-requested-with']
  return typeof header === 'string' && header.trim() !== ''
}

export const csrfHeaderMissing = () => new AppError('csrf_header_missing', 403)
