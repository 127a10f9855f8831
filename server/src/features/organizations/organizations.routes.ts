import { organizationsApi } from '@ferry/contracts/routes/organizations'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireUser } from '../../http/auth-guard.js'
import { registerRoute } from '../../http/register-route.js'
import type { OrganizationsService } from './organizations.service.js'

/** /api/organizations… (contracts/src/routes/organizations.ts). */
export const organizationsRoutes =
  ({ organizations }: { organizations: OrganizationsService }): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, organizationsApi.create, async (request, reply) =>
      reply.status(201).send(await organizations.create(requireUser(request), request.body.name)),
    )

    registerRoute(app, organizationsApi.current, async (request) => ({
      organization: await organizations.current(requireUser(request)),
    }))

    registerRoute(app, organizationsApi.get, async (request) =>
      organizations.get(requireUser(request), request.params.id),
    )
  }
