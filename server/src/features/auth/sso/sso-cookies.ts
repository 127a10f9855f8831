import type { FastifyReply, FastifyRequest } from 'fastify'
import { cookieOptions, tokenLifetimeSeconds } from '../../../http/auth-cookie.js'
import { ssoFlowTtlMs } from './sso-sign-in.service.js'

/** The state of the flow this browser started: only this browser can finish it. */
export const ssoFlowCookieName = 'ferry_sso_flow'
/** After single sign-on: which provider, and its ID token, for the provider's sign-out. */
export const ssoSessionCookieName = 'ferry_sso_session'

// Only the auth routes read them.
const options = (request: FastifyRequest) => ({ ...cookieOptions(request), path: '/auth' })

export function setFlowCookie(request: FastifyRequest, reply: FastifyReply, state: string): void {
  reply.setCookie(ssoFlowCookieName, state, { ...options(request), maxAge: ssoFlowTtlMs / 1000 })
}

export const flowStateOf = (request: FastifyRequest): string | undefined => request.cookies[ssoFlowCookieName]

export function clearFlowCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(ssoFlowCookieName, options(request))
}

export function setSsoSessionCookie(request: FastifyRequest, reply: FastifyReply, connection: string, idToken: string) {
  reply.setCookie(ssoSessionCookieName, `${connection}~${idToken}`, {
    ...options(request),
    maxAge: tokenLifetimeSeconds,
  })
}

/** The provider and ID token of the browser's single sign-on, and clears the cookie. */
export function takeSsoSession(
  request: FastifyRequest,
  reply: FastifyReply,
): { connection: string; idToken: string } | undefined {
  const value = request.cookies[ssoSessionCookieName]
  if (!value) return undefined
  reply.clearCookie(ssoSessionCookieName, options(request))
  const at = value.indexOf('~')
  return at > 0 ? { connection: value.slice(0, at), idToken: value.slice(at + 1) } : undefined
}
