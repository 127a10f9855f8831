import { pageQuery } from '@ferry/contracts/api/pagination'
import {
  directTransferIdParams,
  historyResponse,
  initiateTransferRequest,
  respondRequest,
  roomCreateRequest,
  roomCreateResponse,
  roomIdParams,
  roomJoinRequest,
  roomJoinResponse,
  roomResponse,
  roomsPaths,
  roomTransferSchema,
  transferStatusRequest,
} from '@ferry/contracts/api/rooms'
import { errorResponse } from '@ferry/contracts/api/system'
import { roomsApi } from '@ferry/contracts/routes/rooms'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requireUser } from '../../http/auth-guard.js'
import { registerRoute } from '../../http/register-route.js'
import type { DirectTransfersService } from './direct-transfers.service.js'
import { requireActor, resolveActor } from './room-actor.js'
import type { GuestTokens } from './room-guest-tokens.js'
import type { RoomsService } from './rooms.service.js'

const tags = ['rooms']
const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
  410: errorResponse,
}
// Visitors act with a guest token (X-Room-Guest), so these routes resolve their actor themselves.
const open = { access: 'public' } as const
// Public in spirit (a visitor is told to log in), but the guard answers the 401 before the body is read (L-5).
const signedIn = { access: 'user', unauthorizedCode: 'room_login_required' } as const
// A signed-in user or a visitor of the room with a valid guest token; the guard checks which.
const participant = { access: 'participant' } as const

/** Direct-transfer rooms and their transfers (spec/transfers.md §7). */
export const roomsRoutes =
  (rooms: RoomsService, transfers: DirectTransfersService, guests: GuestTokens): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      roomsPaths.create,
      { schema: { tags, body: roomCreateRequest, response: { 201: roomCreateResponse, ...errors } }, config: signedIn },
      async (request, reply) => reply.status(201).send(await rooms.create(requireUser(request), request.body)),
    )

    app.get(
      roomsPaths.get,
      { schema: { tags, params: roomIdParams, response: { 200: roomResponse, ...errors } }, config: open },
      async (request, reply) => {
        reply.header('Cache-Control', 'private, no-store')
        return rooms.get(request.params.roomId, await resolveActor(request, guests))
      },
    )

    app.post(
      roomsPaths.join,
      {
        schema: { tags, params: roomIdParams, body: roomJoinRequest, response: { 200: roomJoinResponse, ...errors } },
        config: open,
      },
      async (request) =>
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

    app.post(
      roomsPaths.initiateTransfer,
      {
        schema: {
          tags,
          params: roomIdParams,
          body: initiateTransferRequest,
          response: { 201: roomTransferSchema, ...errors },
        },
        config: participant,
      },
      async (request, reply) => {
        const actor = await requireActor(request, guests)
        return reply.status(201).send(await transfers.initiate(request.params.roomId, actor, request.body))
      },
    )

    app.post(
      roomsPaths.respond,
      {
        schema: {
          tags,
          params: directTransferIdParams,
          body: respondRequest,
          response: { 200: roomTransferSchema, ...errors },
        },
        config: participant,
      },
      async (request) => transfers.respond(request.params.id, await requireActor(request, guests), request.body),
    )

    app.post(
      roomsPaths.status,
      {
        schema: {
          tags,
          params: directTransferIdParams,
          body: transferStatusRequest,
          response: { 200: roomTransferSchema, ...errors },
        },
        config: participant,
      },
      async (request) => transfers.reportStatus(request.params.id, await requireActor(request, guests), request.body),
    )

    app.get(
      roomsPaths.history,
      {
        schema: { tags, querystring: pageQuery, response: { 200: historyResponse, ...errors } },
        config: { access: 'user' },
      },
      async (request) => transfers.history(requireUser(request), request.query),
    )
  }
