import { roomsApi } from '@ferry/contracts/routes/rooms'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireUser } from '../../http/auth-guard.js'
import { registerRoute } from '../../http/register-route.js'
import { senderProof } from '../../http/sender-proof.js'
import type { DirectTransfersService } from './direct-transfers.service.js'
import { requireActor, resolveActor } from './room-actor.js'
import type { GuestTokens } from './room-guest-tokens.js'
import type { RoomsService } from './rooms.service.js'

/**
 * Direct-transfer rooms and their transfers (contracts/src/routes/rooms.ts). Visitors act with a
 * guest token (X-Room-Guest), so the public routes resolve their actor themselves; on
 * 'participant' routes the guard has already checked which one it is. The sockets are
 * room-sockets.ts and signalling-sockets.ts.
 */
export const roomsRoutes =
  (rooms: RoomsService, transfers: DirectTransfersService, guests: GuestTokens): FastifyPluginAsyncZod =>
  async (app) => {
    registerRoute(app, roomsApi.create, async (request, reply) =>
      reply.status(201).send(await rooms.create(requireUser(request), request.body)),
    )

    registerRoute(app, roomsApi.get, async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store')
      return rooms.get(request.params.roomId, await resolveActor(request, guests))
    })

    registerRoute(app, roomsApi.join, async (request) =>
      rooms.join(request.params.roomId, await resolveActor(request, guests), request.body.display_name, request.ip),
    )

    registerRoute(app, roomsApi.leave, async (request, reply) => {
      await rooms.leave(request.params.roomId, await requireActor(request, guests))
      return reply.status(204).send()
    })

    registerRoute(app, roomsApi.close, async (request, reply) => {
      await rooms.close(request.params.roomId, requireUser(request))
      return reply.status(204).send()
    })

    registerRoute(app, roomsApi.initiateTransfer, async (request, reply) => {
      const actor = await requireActor(request, guests)
      return reply.status(201).send(await transfers.initiate(request.params.roomId, actor, request.body))
    })

    registerRoute(app, roomsApi.respond, async (request) =>
      transfers.respond(request.params.id, await requireActor(request, guests), request.body),
    )

    registerRoute(app, roomsApi.status, async (request) =>
      transfers.reportStatus(request.params.id, await requireActor(request, guests), request.body),
    )

    registerRoute(app, roomsApi.sendAsLink, async (request, reply) =>
      reply
        .status(201)
        .send(
          await transfers.sendAsLink(
            request.params.id,
            requireUser(request),
            request.body,
            request.ip,
            senderProof(request),
          ),
        ),
    )

    registerRoute(app, roomsApi.history, async (request) => transfers.history(requireUser(request), request.query))
  }
