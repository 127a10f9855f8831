import { healthResponse, readinessResponse, systemConfigResponse } from '@ferry/contracts/api/system'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { SystemService } from './system.service.js'

export const systemRoutes =
  (system: SystemService): FastifyPluginAsyncZod =>
  async (app) => {
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

    app.get(
      '/api/system/config',
      { schema: { response: { 200: systemConfigResponse } }, config: { access: 'public' } },
      async () => system.clientConfig(),
    )
  }
