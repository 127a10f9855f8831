import type { FastifyReply, FastifyRequest } from 'fastify'
import { authCookieName } from './auth-guard.js'

/** Tokens and the auth cookie live 30 days (spec/transfers.md §9); features/auth/tokens.ts signs them. */
export const tokenLifetimeSeconds = 30 * 24 * 60 * 60

// Secure only over https (trustProxy makes request.protocol follow X-Forwarded-Proto), so a
// plain-http install on a LAN still signs in.
export const cookieOptions = (request: FastifyRequest) =>
  ({ httpOnly: true, sameSite: 'lax', path: '/', secure: request.protocol === 'https' }) as const

export function setAuthCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(authCookieName, token, { ...cookieOptions(request), maxAge: tokenLifetimeSeconds })
}

export function clearAuthCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(authCookieName, cookieOptions(request))
}
