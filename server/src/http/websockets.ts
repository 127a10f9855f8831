import fastifyWebsocket from '@fastify/websocket'
import { socketCloseCodes } from '@ferry/contracts/realtime/socket-close'
import type { FastifyInstance } from 'fastify'
import { roomSocketClosed, roomSocketOpened } from '../operations/metrics.js'

/** Frames larger than this close the socket (1009): SDP offers are the largest, a few KiB. */
const maxPayloadBytes = 256 * 1024

/**
 * WebSocket support for the routes that declare `websocket: true`. On shutdown every socket is
 * closed with 1001 so browsers reconnect (to another instance behind a proxy).
 */
export async function registerWebSockets(app: FastifyInstance): Promise<void> {
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
  // Every socket Ferry accepts belongs to a room (its events or its signalling): counted in /metrics.
  app.websocketServer.on('connection', (socket) => {
    roomSocketOpened()
    socket.once('close', roomSocketClosed)
  })
}
