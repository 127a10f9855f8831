import { type RoomMemberView, roomSocketPaths } from '@ferry/contracts/api/rooms'
import { type RoomServerEvent, roomServerEventSchema } from '@ferry/contracts/realtime/room-events'
import { routePath } from '@ferry/contracts/routes/route'
import { useEffect, useRef, useState } from 'react'
import { openReconnectingSocket } from '../../../lib/reconnecting-socket.js'
import { socketUrl } from '../api/rooms-api.js'
import { SignallingClient } from '../realtime/signalling-client.js'

/**
 * While a participant has the room open: its room socket (events to `onEvent`) and one
 * signalling socket for every transfer and the call. `token` is a visitor's guest token; a
 * signed-in user's sockets are admitted by the auth cookie the browser sends (same origin).
 */
export function useRoomConnection(
  room: RoomMemberView,
  token: string | null,
  onEvent: (event: RoomServerEvent) => void,
) {
  const [signalling, setSignalling] = useState<SignallingClient | null>(null)
  const [closedCode, setClosedCode] = useState<number | null>(null)
  const onEventRef = useRef(onEvent)
  onEventRef.current = onEvent
  const roomId = room.id
  const expired = room.expired

  useEffect(() => {
    if (expired) return
    const socket = openReconnectingSocket({
      url: socketUrl(routePath({ path: roomSocketPaths.roomSocket }, { roomId }), token),
      ping: { type: 'ping' },
      onMessage: (data) => {
        const parsed = roomServerEventSchema.safeParse(data)
        if (parsed.success) onEventRef.current(parsed.data)
      },
      onFinalClose: (code) => setClosedCode(code),
    })
    const client = new SignallingClient(roomId, token)
    setSignalling(client)
    return () => {
      socket.close()
      client.close()
      setSignalling(null)
    }
  }, [roomId, token, expired])

  return { signalling, closedCode }
}
