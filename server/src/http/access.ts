/** Who may call a route. Every route declares it; the auth guard enforces it. */
export type Access = 'public' | 'user' | 'admin'

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access
  }
}
