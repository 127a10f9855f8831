import { apiKeysApi } from '@ferry/contracts/routes/api-keys'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireUser } from '../../http/auth-guard.js'
import { registerRoute } from '../../http/register-route.js'
import type { ApiKeysService } from './api-keys.service.js'

/** POST and GET /api/keys, DELETE /api/keys/{id} (contracts/src/routes/api-keys.ts). */
export const apiKeysRoutes =
  (keys: ApiKeysService): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, apiKeysApi.create, async (request, reply) =>
      reply.status(201).send(await keys.create(requireUser(request), request.body)),
    )

    registerRoute(app, apiKeysApi.list, async (request) => keys.list(requireUser(request)))

    registerRoute(app, apiKeysApi.revoke, async (request, reply) => {
      await keys.revoke(requireUser(request), request.params.id)
      return reply.status(204).send()
    })
  }
