import { accessGrantHeader } from '@ferry/contracts/api/transfers'
import { routePath } from '@ferry/contracts/routes/route'
import { shareApi } from '@ferry/contracts/routes/transfers'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { GrantKind } from './access-grant.js'

/**
 * The browser's grants: httpOnly cookies, sent only to this transfer's share paths, one name per
 * grant kind, so a transfer with a password and a recipients lock keeps both.
 */
export const grantCookieName = 'ferry_grant'
export const recipientGrantCookieName = 'ferry_recipient_grant'
const cookieNames: Record<GrantKind, string> = { password: grantCookieName, recipient: recipientGrantCookieName }
const headerName = accessGrantHeader.toLowerCase()

/** The two path prefixes a transfer's grant cookie is scoped to: its share API and its download link. */
const cookiePaths = (uniqueId: string) => [
  routePath(shareApi.get, { uniqueId }),
  routePath(shareApi.download, { uniqueId }).replace(/\/download$/, ''),
]

/**
 * The grant tokens a request carries: the cookies (browsers) and the X-Ferry-Grant header (API
 * clients; several grants are sent as several headers or comma-separated, as HTTP joins them).
 */
export function grantsOf(request: FastifyRequest): string[] {
  const header = request.headers[headerName]
  const fromHeader = (Array.isArray(header) ? header : header ? [header] : []).flatMap((h) => h.split(','))
  const cookies = Object.values(cookieNames).flatMap((name) => request.cookies?.[name] ?? [])
  return [...cookies, ...fromHeader]
    .map((g) => g.trim())
    .filter((g) => g !== '')
    .slice(0, 8)
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
  kind: GrantKind = 'password',
): void {
  const maxAge = Math.max(1, Math.floor((grant.expiresAt.getTime() - now.getTime()) / 1000))
  for (const path of cookiePaths(uniqueId)) {
    reply.setCookie(cookieNames[kind], grant.token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      path,
      maxAge,
    })
  }
  reply.header(accessGrantHeader, grant.token)
}
