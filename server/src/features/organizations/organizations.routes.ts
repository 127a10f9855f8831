import { organizationsApi } from '@ferry/contracts/routes/organizations'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireUser } from '../../http/auth-guard.js'
import { registerRoute } from '../../http/register-route.js'
import type { TransfersService } from '../transfers/transfers.service.js'
import type { InvitationsService } from './invitations.service.js'
import type { OrganizationsService } from './organizations.service.js'

/** /api/organizations… (contracts/src/routes/organizations.ts). */
export const organizationsRoutes =
  ({
    organizations,
    invitations,
    transfers,
  }: {
    organizations: OrganizationsService
    invitations: InvitationsService
    transfers: Pick<TransfersService, 'listOfOrganization'>
  }): FastifyPluginAsyncZod =>
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

    registerRoute(app, organizationsApi.update, async (request) =>
      organizations.update(requireUser(request), request.params.id, request.body),
    )

    registerRoute(app, organizationsApi.delete, async (request, reply) => {
      await organizations.delete(requireUser(request), request.params.id)
      return reply.status(204).send()
    })

    registerRoute(app, organizationsApi.members, async (request) => ({
      members: await organizations.members(requireUser(request), request.params.id),
    }))

    registerRoute(app, organizationsApi.updateMember, async (request) =>
      organizations.updateMember(requireUser(request), request.params.id, request.params.user_id, request.body.role),
    )

    registerRoute(app, organizationsApi.removeMember, async (request, reply) => {
      await organizations.removeMember(requireUser(request), request.params.id, request.params.user_id)
      return reply.status(204).send()
    })

    registerRoute(app, organizationsApi.transfers, async (request) => {
      await organizations.requireRole(requireUser(request), request.params.id, ['owner', 'admin'])
      return { transfers: await transfers.listOfOrganization(request.params.id) }
    })

    registerRoute(app, organizationsApi.billing, async (request) =>
      organizations.billing(requireUser(request), request.params.id),
    )

    registerRoute(app, organizationsApi.invitations, async (request) => ({
      invitations: await invitations.list(requireUser(request), request.params.id),
    }))

    registerRoute(app, organizationsApi.invite, async (request, reply) =>
      reply.status(201).send(await invitations.invite(requireUser(request), request.params.id, request.body)),
    )

    registerRoute(app, organizationsApi.revokeInvitation, async (request, reply) => {
      await invitations.revoke(requireUser(request), request.params.id, request.params.invitation_id)
      return reply.status(204).send()
    })

    registerRoute(app, organizationsApi.inspectInvitation, async (request) =>
      invitations.inspect(request.body.token, request.ip),
    )

    registerRoute(app, organizationsApi.acceptInvitation, async (request) =>
      invitations.accept(requireUser(request), request.body.token, request.ip),
    )
  }
