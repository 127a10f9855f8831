import { accessGrantHeader } from '@ferry/contracts/api/transfers'
import { routePath } from '@ferry/contracts/routes/route'
import { shareApi } from '@ferry/contracts/routes/transfers'
import type { FastifyReply, FastifyRequest } from 'fastify'

/** The browser's grant: an httpOnly cookie, sent only to this transfer's share paths. */
export const grantCookieName = 'ferry_grant'
const headerName = accessGrantHeader.toLowerCase()

/** The two path prefixes a transfer's grant cookie is scoped to: its share API and its download link. */
const cookiePaths = (uniqueId: string) => [
  routePath(shareApi.get, { uniqueId }),
  routePath(shareApi.download, { uniqueId }).replace(/\/download$/, ''),
]

/** The grant tokens a request carries: the cookie (browsers) and the X-Ferry-Grant header (API clients). */
export function grantsOf(request: FastifyRequest): string[] {
  const header = request.headers[headerName]
  const fromHeader = Array.isArray(header) ? header : header ? [header] : []
  const cookie = request.cookies?.[grantCookieName]
  return [...(cookie ? [cookie] : []), ...fromHeader].map((g) => g.trim()).filter((g) => g !== '')
}

/**
 * Hands a new grant over: the cookie (httpOnly, SameSite=Lax, Secure over https, scoped to the
 * transfer's paths, gone when the grant ends) and the same token in the X-Ferry-Grant header.
 */
export function sendGrant(
  request: FastifyRequest,
  reply: FastifyReply,
  uniqueId: string,
  grant: { token: string; expiresAt: Date },
  now: Date,
): void {
  const maxAge = Math.max(1, Math.floor((grant.expiresAt.getTime() - now.getTime()) / 1000))
  for (const path of cookiePaths(uniqueId)) {
    reply.setCookie(grantCookieName, grant.token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      path,
      maxAge,
    })
  }
  reply.header(accessGrantHeader, grant.token)
}
