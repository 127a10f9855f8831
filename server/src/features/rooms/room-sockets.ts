import { roomSocketPaths } from '@ferry/contracts/api/rooms'
import { errorMessages } from '@ferry/contracts/errors'
import { type RoomServerEvent, roomClientMessageSchema } from '@ferry/contracts/realtime/room-events'
import { socketCloseCodes } from '@ferry/contracts/realtime/socket-close'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { WebSocket } from 'ws'
import type { EventBus } from '../../adapters/event-bus/event-bus.js'
import { subscribeTo } from '../../adapters/event-bus/topic.js'
import { parseFrame, type SocketAdmission, socketLogSerializers } from './room-socket-admission.js'
import { roomTopic } from './room-topics.js'

export const send = (socket: WebSocket, message: object) => {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message))
}

/**
 * WebSocket /api/rooms/{roomId}/ws: the room's events (room-events.ts) for one participant.
 * Events come from the bus, so a participant sees what happened on any instance.
 */
export function registerRoomSocket(
  app: FastifyInstance,
  deps: { events: EventBus; logger: FastifyBaseLogger },
  admission: SocketAdmission,
) {
  app.get(
    roomSocketPaths.roomSocket,
    {
      websocket: true,
      config: { access: 'public' },
      preValidation: admission.preValidation,
      logSerializers: socketLogSerializers,
    },
    async (socket, request) => {
      const member = admission.take(socket, request)
      if (!member) return
      const me = member.participant.participantId
      const roomId = member.room.id
      let closed = false
      const withinBudget = admission.messageBudget(socket)

      socket.on('message', (data, isBinary) => {
        if (!withinBudget()) return
        const message = parseFrame(data, isBinary, roomClientMessageSchema)
        if (!message) return socket.close(socketCloseCodes.badMessage, errorMessages.socket_message_invalid)
        if (message.type === 'ping') send(socket, { type: 'pong' } satisfies RoomServerEvent)
      })

      const cancelExpiry = admission.closeAtExpiry(socket, member.room, () =>
        send(socket, { type: 'room_expired', expires_at: member.room.expiresAt.toISOString() }),
      )
      const unsubscribe = subscribeTo(deps.events, roomTopic(roomId), ({ to, event }) => {
        if (to === null || to.includes(me)) send(socket, event)
        // The host closed the room, or this participant left it (on whichever instance): the socket goes too.
        if (event.type === 'room_expired') socket.close(socketCloseCodes.roomExpired, 'Room expired')
        else if (event.type === 'user_left' && event.participant_id === me) {
          socket.close(socketCloseCodes.notMember, 'Left the room')
        }
      })

      socket.on('close', () => {
        closed = true
        cancelExpiry()
        // The departure is announced by the room once the participant is gone (room-presence.ts).
        void unsubscribe.then((stop) => stop()).catch(() => {})
      })

      await unsubscribe
      if (!closed) send(socket, { type: 'welcome', participant_id: me, room_id: roomId } satisfies RoomServerEvent)
    },
  )
}
