import type { ErrorCode } from '@ferry/contracts/errors'

/**
 * Who may call a route. Every route declares it; the auth guard enforces it in `onRequest`,
 * before the body is read or validated:
 * - 'public': anyone (`request.user` is set when a valid token came along);
 * - 'user': a signed-in user;
 * - 'participant': a signed-in user, or a room visitor with a valid guest token (X-Room-Guest);
 * - 'admin': an admin.
 */
export type Access = 'public' | 'user' | 'participant' | 'admin'

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access
    /**
     * The code a 'user' or 'participant' route answers 401 with when nobody is signed in
     * (default 'unauthorized'), so a route keeps the spec's own "please log in" message.
     */
    unauthorizedCode?: ErrorCode
  }
}
