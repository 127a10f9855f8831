import { socketCloseCodes } from '@ferry/contracts/realtime/socket-close'
import { describe, expect, it } from 'vitest'
import { forEachStack } from '../../testing/test-app.js'
import { authStacks, createTestClock, uniqueIp } from '../auth/testing/auth-test-kit.js'
import { signUp } from '../transfers/testing/transfers-test-kit.js'
import { call, createRoom, ofType, openSocket, roomSocket } from './testing/rooms-test-kit.js'

const clock = createTestClock()
// A short heartbeat, so a peer that stops answering pings is found within a test's time.
const env = { ROOM_PRESENCE_GRACE_SECONDS: '0.3', ROOM_HEARTBEAT_SECONDS: '0.3' }

/** Issue 17 item 3: rooms tell the truth about who is in them. */
await forEachStack((getApp) => {
  const join = async (roomId: string, name: string) => {
    const res = await getApp().api(`/api/rooms/${roomId}/join`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': uniqueIp() },
      body: JSON.stringify({ display_name: name }),
    })
    expect(res.status).toBe(200)
    return (await res.json()) as { guest_token: string; participant_id: string }
  }
  const participantsOf = async (roomId: string, token: string) =>
    (
      await call<{ participants: { user_id: string }[] }>(getApp(), 'GET', `/api/rooms/${roomId}`, { token })
    ).body.participants.map((p) => p.user_id)

  describe('leaving and closing rooms', () => {
    it('a guest who presses Leave room is gone for everyone at once, and the seat is free', async () => {
      const app = getApp()
      const host = await signUp(app, 'FREE', 'Hana Host')
      const roomId = await createRoom(app, host.token, { max_participants: 2 })
      const hostSocket = await roomSocket(app, roomId, host.token)
      const gus = await join(roomId, 'Gus Guest')
      const gusSocket = await roomSocket(app, roomId, gus.guest_token)

      expect((await call(app, 'POST', `/api/rooms/${roomId}/leave`, null)).status).toBe(401)
      const left = await app.api(`/api/rooms/${roomId}/leave`, {
        method: 'POST',
        headers: { 'x-room-guest': gus.guest_token },
      })
      expect(left.status).toBe(204)
      expect((await hostSocket.next(ofType('user_left'))).participant_id).toBe(gus.participant_id)
      // The leaver's own socket is closed by the server, wherever it is.
      expect((await gusSocket.closed).code).toBe(socketCloseCodes.notMember)
      expect(await participantsOf(roomId, host.token)).toEqual([host.id])
      await join(roomId, 'Nell Next')
      hostSocket.close()
    })

    it('the host closes the room: everyone is told, sockets close, nobody joins; only the host may', async () => {
      const app = getApp()
      const host = await signUp(app, 'FREE', 'Hana Host')
      const other = await signUp(app, 'FREE', 'Otto Other')
      const roomId = await createRoom(app, host.token)
      const gus = await join(roomId, 'Gus Guest')
      const gusSocket = await roomSocket(app, roomId, gus.guest_token)

      const notHost = await call(app, 'POST', `/api/rooms/${roomId}/close`, { token: other.token })
      expect(notHost).toMatchObject({ status: 403, body: { code: 'room_not_host' } })
      const asGuest = await app.api(`/api/rooms/${roomId}/close`, {
        method: 'POST',
        headers: { 'x-room-guest': gus.guest_token },
      })
      expect(asGuest.status).toBe(401)

      const closed = await app.api(`/api/rooms/${roomId}/close`, {
        method: 'POST',
        headers: { authorization: `Bearer ${host.token}` },
      })
      expect(closed.status).toBe(204)
      await gusSocket.next(ofType('room_expired'))
      expect((await gusSocket.closed).code).toBe(socketCloseCodes.roomExpired)
      const late = await call(app, 'POST', `/api/rooms/${roomId}/join`, null, { display_name: 'Late' })
      expect(late).toMatchObject({ status: 410, body: { code: 'room_expired' } })
      expect((await call(app, 'GET', `/api/rooms/${roomId}`, { token: host.token })).body).toMatchObject({
        expired: true,
      })
    })

    it('a participant whose browser stops answering (no close frame) is dropped by the heartbeat', async () => {
      const app = getApp()
      const host = await signUp(app, 'FREE', 'Hana Host')
      const roomId = await createRoom(app, host.token, { max_participants: 2 })
      const hostSocket = await roomSocket(app, roomId, host.token)
      const gone = await join(roomId, 'Gone Guest')
      // Like a laptop shut mid-visit: the socket stays open but never answers a ping.
      const silent = openSocket(app, `/api/rooms/${roomId}/ws`, gone.guest_token, {}, false)
      await silent.next(ofType('welcome'))
      expect((await hostSocket.next(ofType('user_left'), 10_000)).participant_id).toBe(gone.participant_id)
      expect(await participantsOf(roomId, host.token)).toEqual([host.id])
      // The host, whose client answers pings, stays.
      hostSocket.send({ type: 'ping' })
      await hostSocket.next(ofType('pong'))
      hostSocket.close()
    })
  })
}, authStacks({ clock, env }))
