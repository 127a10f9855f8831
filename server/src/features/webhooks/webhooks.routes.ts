import { webhooksApi } from '@ferry/contracts/routes/webhooks'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireUser } from '../../http/auth-guard.js'
import { registerRoute } from '../../http/register-route.js'
import type { WebhooksService } from './webhooks.service.js'

/** /api/webhooks and its endpoints' secrets and delivery logs (contracts/src/routes/webhooks.ts). */
export const webhooksRoutes =
  (webhooks: WebhooksService): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, webhooksApi.list, async (request) => webhooks.list(requireUser(request)))

    registerRoute(app, webhooksApi.create, async (request, reply) =>
      reply.status(201).send(await webhooks.create(requireUser(request), request.body)),
    )

    registerRoute(app, webhooksApi.update, async (request) =>
      webhooks.update(requireUser(request), request.params.id, request.body),
    )

    registerRoute(app, webhooksApi.remove, async (request, reply) => {
      await webhooks.remove(requireUser(request), request.params.id)
      return reply.status(204).send()
    })

    registerRoute(app, webhooksApi.rotateSecret, async (request) =>
      webhooks.rotateSecret(requireUser(request), request.params.id),
    )

    registerRoute(app, webhooksApi.deliveries, async (request) =>
      webhooks.deliveries(requireUser(request), request.params.id),
    )

    registerRoute(app, webhooksApi.resend, async (request, reply) =>
      reply.status(202).send(await webhooks.resend(requireUser(request), request.params.id, request.params.deliveryId)),
    )
  }
