import type { FastifyRequest } from 'fastify'

/**
 * What the HTTP layer knows of a sender beyond the user (issue 18 item 7): the session (or key)
 * token's id and end, the browser's confirmation cookie, and the client address.
 */
export interface SenderProof {
  session: { jti: string; expiresAt: Date } | null
  browserToken: string | undefined
  clientIp: string
}

/** The httpOnly cookie that remembers a browser whose sender confirmed a code (a random token; the server keeps its hash). */
export const senderCookieName = 'ferry_sender'

/** What the request proves beyond its user: its session token, its browser cookie, its address. */
export function senderProof(request: FastifyRequest): SenderProof {
  return {
    session: request.auth ? { jti: request.auth.jti, expiresAt: request.auth.expiresAt } : null,
    browserToken: request.cookies[senderCookieName] || undefined,
    clientIp: request.ip,
  }
}
