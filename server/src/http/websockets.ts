import type { IncomingMessage } from 'node:http'
import fastifyWebsocket from '@fastify/websocket'
import { socketCloseCodes } from '@ferry/contracts/realtime/socket-close'
import type { FastifyInstance } from 'fastify'
import type { WebSocket } from 'ws'
import type { EventBus } from '../adapters/event-bus/event-bus.js'
import { roomSocketClosed, roomSocketOpened } from '../operations/metrics.js'

/** Frames larger than this close the socket (1009): SDP offers are the largest, a few KiB. */
const maxPayloadBytes = 256 * 1024
const roomEventsPath = /^\/api\/rooms\/[^/]+\/ws(?:\?|$)/

/**
 * WebSocket support for the routes that declare `websocket: true`. On shutdown every socket is
 * closed with 1001 so browsers reconnect (to another instance behind a proxy); when the event bus
 * may have lost messages, with 1012, so browsers reconnect and reload the room they show.
 */
export async function registerWebSockets(app: FastifyInstance, events: EventBus): Promise<void> {
  await app.register(fastifyWebsocket, {
    options: { maxPayload: maxPayloadBytes },
    preClose(done) {
      for (const client of app.websocketServer.clients) {
        client.close(socketCloseCodes.goingAway, 'Server shutting down')
      }
      app.websocketServer.close(() => done())
    },
    errorHandler(error, socket, request) {
      // Unclean disconnects are routine for sockets; nothing else is thrown by Ferry's handlers.
      request.log.debug({ err: error }, 'WebSocket error')
      socket.terminate()
    },
  })
  // Room event sockets only: a page reloads its room on reconnect. Signalling sockets stay, since
  // re-announcing a channel restarts its peer negotiation, and a running transfer needs none.
  const roomEventSockets = new Set<WebSocket>()
  const stopResync = events.onResync(() => {
    for (const socket of roomEventSockets) {
      socket.close(socketCloseCodes.eventsInterrupted, 'Real-time events were interrupted; reconnect')
    }
  })
  app.addHook('onClose', async () => stopResync())
  // Every socket Ferry accepts belongs to a room (its events or its signalling): counted in /metrics.
  app.websocketServer.on('connection', (socket: WebSocket, request: IncomingMessage) => {
    roomSocketOpened()
    if (roomEventsPath.test(request.url ?? '')) roomEventSockets.add(socket)
    socket.once('close', () => {
      roomEventSockets.delete(socket)
      roomSocketClosed()
    })
  })
}
