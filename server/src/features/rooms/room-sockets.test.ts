import { socketCloseCodes } from '@ferry/contracts/realtime/socket-close'
import { describe, expect, it } from 'vitest'
import { authCookieName } from '../../http/auth-guard.js'
import { forEachStack } from '../../testing/test-app.js'
import { createTestClock } from '../../testing/test-clock.js'
import { authStacks } from '../auth/testing/auth-test-kit.js'
import { signUp } from '../transfers/testing/transfers-test-kit.js'
import {
  createRoom,
  initiate,
  joinRoom,
  ofType,
  openSocket,
  reportStatus,
  respond,
  roomSocket,
  setRoomExpiry,
} from './testing/rooms-test-kit.js'

const clock = createTestClock()
const hour = 3_600_000

await forEachStack(
  (getApp) => {
    describe('room socket', () => {
      it('admits only participants, each refusal with its close code', async () => {
        const app = getApp()
        const host = await signUp(app)
        const outsider = await signUp(app)
        const roomId = await createRoom(app, host.token)
        const path = `/api/rooms/${roomId}/ws`

        expect(await openSocket(app, path).closed).toEqual({
          code: socketCloseCodes.unauthenticated,
          reason: 'Not authenticated',
        })
        expect((await openSocket(app, path, 'garbage').closed).code).toBe(socketCloseCodes.unauthenticated)
        expect(await openSocket(app, path, outsider.token).closed).toEqual({
          code: socketCloseCodes.notMember,
          reason: 'Not a participant',
        })
        expect((await openSocket(app, `/api/rooms/${crypto.randomUUID()}/ws`, host.token).closed).code).toBe(
          socketCloseCodes.roomNotFound,
        )
        const elsewhere = await joinRoom(app, await createRoom(app, outsider.token), null, 'Vic')
        expect((await openSocket(app, path, elsewhere.guest_token).closed).code).toBe(socketCloseCodes.notMember)

        // The auth cookie works from the same origin only.
        const cookie = { cookie: `${authCookieName}=${host.token}` }
        const sameSite = openSocket(app, path, undefined, cookie)
        expect((await sameSite.next(ofType('welcome'))).participant_id).toBe(host.id)
        sameSite.close()
        const crossSite = openSocket(app, path, undefined, { ...cookie, origin: 'https://evil.example' })
        expect((await crossSite.closed).code).toBe(socketCloseCodes.unauthenticated)

        const expired = await createRoom(app, host.token)
        const lateGuest = await joinRoom(app, expired, null, 'Late')
        await setRoomExpiry(app, expired, new Date(Date.now() - 1000))
        // The room is checked first: a visitor's token expires with it, and 4410 says why.
        for (const token of [host.token, lateGuest.guest_token, 'expired-or-garbage']) {
          const socket = openSocket(app, `/api/rooms/${expired}/ws`, token)
          expect((await socket.closed).code).toBe(socketCloseCodes.roomExpired)
        }
      })

      it('carries user_joined, transfer_request, transfer_response, transfer_status and user_left', async () => {
        const app = getApp()
        const host = await signUp(app, 'FREE', 'Hana Host')
        const bob = await signUp(app, 'FREE', 'Bob')
        const roomId = await createRoom(app, host.token)
        const hostSocket = await roomSocket(app, roomId, host.token)

        await joinRoom(app, roomId, { token: bob.token })
        const joined = await hostSocket.next(ofType('user_joined'))
        expect(joined.participant).toEqual({ user_id: bob.id, user_name: 'Bob', is_host: false, is_guest: false })
        const visitor = await joinRoom(app, roomId, null, 'Vera')
        const visitorSocket = await roomSocket(app, roomId, visitor.guest_token!)
        const bobSocket = await roomSocket(app, roomId, bob.token)

        const transfer = await initiate(app, roomId, { token: host.token }, bob.id, 'film.mkv')
        expect((await bobSocket.next(ofType('transfer_request'))).transfer).toEqual(transfer)
        await respond(app, transfer.transfer_id, { token: bob.token }, true)
        const response = await hostSocket.next(ofType('transfer_response'))
        expect(response).toMatchObject({
          accepted: true,
          transfer: { transfer_id: transfer.transfer_id, status: 'accepted' },
        })
        await reportStatus(app, transfer.transfer_id, { token: bob.token }, { status: 'completed', transfer_speed: 30 })
        for (const socket of [hostSocket, bobSocket]) {
          expect(await socket.next(ofType('transfer_status'))).toEqual({
            type: 'transfer_status',
            transfer_id: transfer.transfer_id,
            status: 'completed',
            by: bob.id,
            reason: null,
            transfer_speed: 30,
          })
        }

        bobSocket.close()
        expect((await hostSocket.next(ofType('user_left'))).participant_id).toBe(bob.id)
        // Directed events reach only their parties.
        expect(visitorSocket.messages.map((m) => m.type)).toEqual(['welcome', 'user_left'])
        hostSocket.send({ type: 'ping' })
        await hostSocket.next(ofType('pong'))
        hostSocket.close()
        visitorSocket.close()
      })

      it('closes a socket that sends garbage, and keeps serving', async () => {
        const app = getApp()
        const host = await signUp(app)
        const roomId = await createRoom(app, host.token)
        for (const garbage of ['not json', '{"type":"nope"}', '[1,2]', Buffer.from([0xff, 0x00])]) {
          const socket = await roomSocket(app, roomId, host.token)
          socket.send(garbage)
          expect(await socket.closed).toEqual({
            code: socketCloseCodes.badMessage,
            reason: 'This message is not valid.',
          })
        }
        const still = await roomSocket(app, roomId, host.token)
        still.send({ type: 'ping' })
        await still.next(ofType('pong'))
        still.close()
        expect((await app.api('/healthz')).status).toBe(200)
      })

      it('tells the room it expired and closes its sockets at the end time', async () => {
        const app = getApp()
        const host = await signUp(app)
        const roomId = await createRoom(app, host.token)
        const expiresAt = new Date(clock.now().getTime() + hour)
        await setRoomExpiry(app, roomId, expiresAt)
        const socket = await roomSocket(app, roomId, host.token)
        const signalling = openSocket(app, `/ws/webrtc/${roomId}`, host.token)
        await signalling.next(ofType('welcome'))
        try {
          clock.advance(hour)
          expect(await socket.closed).toEqual({ code: socketCloseCodes.roomExpired, reason: 'Room expired' })
          expect(socket.messages.find(ofType('room_expired'))).toEqual({
            type: 'room_expired',
            expires_at: expiresAt.toISOString(),
          })
          expect((await signalling.closed).code).toBe(socketCloseCodes.roomExpired)
        } finally {
          clock.reset()
        }
      })
    })
  },
  authStacks({ clock, env: { ROOM_PRESENCE_GRACE_SECONDS: '0.3' } }),
)
