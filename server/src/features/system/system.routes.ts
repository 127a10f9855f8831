import { healthResponse, readinessResponse } from '@ferry/contracts/api/system'
import { systemApi } from '@ferry/contracts/routes/system'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { registerRoute } from '../../http/register-route.js'
import type { SystemService } from './system.service.js'

export const systemRoutes =
  (system: SystemService): FastifyPluginAsyncZod =>
  async (app) => {
    // The probes are operational, not API: plain routes, hidden from the document (no definition in
    // contracts), and /readyz answers its 503 with the readiness body.
    app.get(
      '/healthz',
      { schema: { hide: true, response: { 200: healthResponse } }, config: { access: 'public' } },
      async () => ({ status: 'ok' as const }),
    )

    app.get(
      '/readyz',
      {
        schema: { hide: true, response: { 200: readinessResponse, 503: readinessResponse } },
        config: { access: 'public' },
      },
      async (_request, reply) => {
        const readiness = await system.readiness()
        return reply.status(readiness.status === 'ready' ? 200 : 503).send(readiness)
      },
    )

    registerRoute(app, systemApi.config, async () => system.clientConfig())
  }
