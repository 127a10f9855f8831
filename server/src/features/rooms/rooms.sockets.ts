import type { FastifyInstance } from 'fastify'
import type { Deps } from '../../deps.js'
import type { Authenticator } from '../../http/auth-guard.js'
import type { DirectTransfersService } from './direct-transfers.service.js'
import type { GuestTokens } from './room-guest-tokens.js'
import { createRoomPresence } from './room-presence.js'
import { createSocketAdmission } from './room-socket-admission.js'
import { registerRoomSocket } from './room-sockets.js'
import type { RoomsService } from './rooms.service.js'
import { registerSignallingSocket } from './signalling-sockets.js'

/** The room event socket and the signalling socket (needs @fastify/websocket registered). */
export const roomSockets =
  (
    deps: Pick<Deps, 'clock' | 'events' | 'logger' | 'presence' | 'config'>,
    authenticator: Authenticator,
    rooms: RoomsService,
    transfers: DirectTransfersService,
    guests: GuestTokens,
  ) =>
  async (app: FastifyInstance) => {
    const presence = createRoomPresence(deps, rooms)
    const admission = createSocketAdmission({
      rooms,
      guests,
      authenticator,
      clock: deps.clock,
      presence,
      heartbeatMs: deps.config.rooms.heartbeatMs,
    })
    registerRoomSocket(app, deps, admission)
    registerSignallingSocket(app, deps, admission, transfers)
  }
