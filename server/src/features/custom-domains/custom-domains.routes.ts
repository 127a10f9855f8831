import { customDomainsApi } from '@ferry/contracts/routes/custom-domains'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { RateLimiter } from '../../adapters/rate-limiter/rate-limiter.js'
import { notFound, RateLimitedError } from '../../errors.js'
import { requireUser } from '../../http/auth-guard.js'
import { registerRoute } from '../../http/register-route.js'
import type { CustomDomainsService } from './custom-domains.service.js'

/** Caddy asks once per new host name; far more than this from one address is not Caddy. */
const askLimit = { perMinute: 600 }

/** /api/organizations/{id}/domains and Caddy's /api/tls/ask (contracts/src/routes/custom-domains.ts). */
export const customDomainsRoutes =
  (domains: CustomDomainsService, rateLimiter: RateLimiter): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, customDomainsApi.list, async (request) => ({
      domains: await domains.list(requireUser(request).id, request.params.id),
    }))

    registerRoute(app, customDomainsApi.create, async (request, reply) =>
      reply.status(201).send(await domains.create(requireUser(request).id, request.params.id, request.body.host)),
    )

    registerRoute(app, customDomainsApi.remove, async (request, reply) => {
      await domains.remove(requireUser(request).id, request.params.id, request.params.domain_id)
      return reply.status(204).send()
    })

    registerRoute(app, customDomainsApi.check, async (request) =>
      domains.checkNow(requireUser(request).id, request.params.id, request.params.domain_id),
    )

    registerRoute(app, customDomainsApi.tlsAsk, async (request, reply) => {
      const limit = await rateLimiter.hit(`tls-ask:ip:${request.ip}`, askLimit.perMinute, 60_000)
      if (!limit.allowed) throw new RateLimitedError(limit.retryAfterSeconds)
      if (!(await domains.mayHaveCertificate(request.query.domain))) throw notFound()
      return reply.status(200).send()
    })
  }
