import type { RoomMemberView, RoomPublicView } from '@ferry/contracts/api/rooms'
import { describe, expect, it } from 'vitest'
import { forEachStack } from '../../testing/test-app.js'
import { authStacks } from '../auth/testing/auth-test-kit.js'
import { signUp } from '../transfers/testing/transfers-test-kit.js'
import { call, createRoom, joinRoom, setRoomExpiry } from './testing/rooms-test-kit.js'

const hourMs = 3_600_000

await forEachStack((getApp) => {
  describe('rooms: create, read, join', () => {
    it('creates a room with the spec defaults; the creator is its host', async () => {
      const app = getApp()
      const host = await signUp(app, 'FREE', 'Hana Host')
      const before = Date.now()
      const id = await createRoom(app, host.token)
      const room = await call<RoomMemberView>(app, 'GET', `/api/rooms/${id}`, { token: host.token })
      expect(room.status).toBe(200)
      expect(room.body).toMatchObject({
        is_participant: true,
        id,
        name: 'Direct Transfer Room',
        max_participants: 5,
        expired: false,
        host_id: host.id,
        me: host.id,
        participants: [{ user_id: host.id, user_name: 'Hana Host', is_host: true, is_guest: false }],
        supports_video_audio: false,
        transfers: [],
      })
      expect(room.body.ice_servers).toEqual([{ urls: 'stun:stun.l.google.com:19302' }])
      const lasts = new Date(room.body.expires_at).getTime() - before
      expect(Math.round(lasts / hourMs)).toBe(2)
    })

    it("names a room given no title in its creator's language; a title given is kept", async () => {
      const app = getApp()
      const host = await signUp(app, 'FREE', 'Lucía Host')
      const toSpanish = await app.api('/api/users/me/language', {
        method: 'PUT',
        headers: { authorization: `Bearer ${host.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ language: 'es' }),
      })
      expect(toSpanish.status).toBe(200)
      const nameOf = async (id: string) =>
        (await call<RoomMemberView>(app, 'GET', `/api/rooms/${id}`, { token: host.token })).body.name
      expect(await nameOf(await createRoom(app, host.token))).toBe('Sala de transferencia directa')
      expect(await nameOf(await createRoom(app, host.token, { title: '  ' }))).toBe('Sala de transferencia directa')
      expect(await nameOf(await createRoom(app, host.token, { title: 'Fotos' }))).toBe('Fotos')
      // What a guest who joins sees too.
      const id = await createRoom(app, host.token)
      const visitor = await joinRoom(app, id, null, 'Pablo')
      expect(visitor.room.name).toBe('Sala de transferencia directa')
    })

    it('refuses visitors, values outside the spec, and sizes above the plan', async () => {
      const app = getApp()
      const user = await signUp(app)
      expect((await call(app, 'POST', '/api/rooms', null, {})).body).toMatchObject({
        code: 'room_login_required',
        detail: 'Please log in to create a transfer room.',
      })
      for (const body of [
        { max_participants: 6 },
        { max_participants: 1 },
        { expires_in_hours: 3 },
        { title: 'a\u0000' },
      ]) {
        const res = await call(app, 'POST', '/api/rooms', { token: user.token }, body)
        expect(res.status, JSON.stringify(body)).toBe(400)
      }
      const plans = app.services.plans
      await plans.update('guest', { maxRoomUsers: 3 })
      try {
        const refused = await call(app, 'POST', '/api/rooms', { token: user.token }, { max_participants: 4 })
        expect(refused.status).toBe(403)
        expect(refused.body).toMatchObject({
          code: 'room_too_large',
          detail: 'Your plan allows rooms of at most 3 participants.',
        })
        await createRoom(app, user.token, { max_participants: 3, title: 'Small', expires_in_hours: 24 })
        // One is said in the singular, never 'participant(s)'.
        await plans.update('guest', { maxRoomUsers: 1 })
        const one = await call(app, 'POST', '/api/rooms', { token: user.token }, { max_participants: 2 })
        expect(one.body).toMatchObject({
          code: 'room_too_large',
          detail: 'Your plan allows rooms of at most 1 participant.',
        })
      } finally {
        await plans.update('guest', { maxRoomUsers: 5 })
      }
    })

    it('shows non-participants only what a Join button needs; 404 for an unknown room', async () => {
      const app = getApp()
      const host = await signUp(app, 'FREE', 'Hana Host')
      const other = await signUp(app)
      const id = await createRoom(app, host.token, { title: 'Team', max_participants: 2 })
      for (const caller of [null, { token: other.token }]) {
        const view = await call<RoomPublicView>(app, 'GET', `/api/rooms/${id}`, caller)
        expect(view.status).toBe(200)
        expect(view.body).toEqual({
          is_participant: false,
          id,
          name: 'Team',
          host_name: 'Hana Host',
          participant_count: 1,
          max_participants: 2,
          expires_at: expect.any(String),
          full: false,
          expired: false,
          needs_display_name: caller === null,
        })
      }
      const unknown = await call(app, 'GET', `/api/rooms/${crypto.randomUUID()}`, { token: host.token })
      expect(unknown.status).toBe(404)
      expect(unknown.body.detail).toBe('This room does not exist.')
      expect((await call(app, 'GET', '/api/rooms/not-a-uuid', null)).status).toBe(400)
    })

    it('lets users and named visitors join, idempotently; refuses a full or expired room', async () => {
      const app = getApp()
      const host = await signUp(app, 'FREE', 'Hana Host')
      const bob = await signUp(app, 'FREE', 'Bob')
      const late = await signUp(app)
      const id = await createRoom(app, host.token, { max_participants: 3 })

      const joined = await joinRoom(app, id, { token: bob.token })
      expect(joined.participant_id).toBe(bob.id)
      expect(joined.guest_token).toBeUndefined()
      expect(joined.room.participants.map((p) => p.user_name)).toEqual(['Hana Host', 'Bob'])
      expect((await joinRoom(app, id, { token: bob.token })).participant_id).toBe(bob.id)
      expect((await joinRoom(app, id, { token: host.token })).participant_id).toBe(host.id)

      const nameless = await call(app, 'POST', `/api/rooms/${id}/join`, null, {})
      expect(nameless.status).toBe(400)
      expect(nameless.body.code).toBe('room_display_name_required')

      const visitor = await joinRoom(app, id, null, '  Vera  ')
      expect(visitor.guest_token).toEqual(expect.any(String))
      expect(visitor.room.me).toBe(visitor.participant_id)
      expect(visitor.room.participants.at(-1)).toMatchObject({ user_name: 'Vera', is_guest: true, is_host: false })
      const guest = { guest: visitor.guest_token! }
      expect((await joinRoom(app, id, guest)).participant_id).toBe(visitor.participant_id)
      const seen = await call<RoomMemberView>(app, 'GET', `/api/rooms/${id}`, guest)
      expect(seen.body).toMatchObject({ is_participant: true, me: visitor.participant_id })

      const full = await call(app, 'POST', `/api/rooms/${id}/join`, { token: late.token }, {})
      expect(full.status).toBe(409)
      expect(full.body).toMatchObject({ code: 'room_full', detail: 'This room is full.' })
      expect((await call<RoomPublicView>(app, 'GET', `/api/rooms/${id}`, { token: late.token })).body.full).toBe(true)

      const forged = await call(app, 'GET', `/api/rooms/${id}`, { guest: `${visitor.guest_token}x` })
      expect(forged.status).toBe(401)
      expect(forged.body.code).toBe('room_guest_token_invalid')

      const other = await createRoom(app, host.token)
      const elsewhere = await call<RoomPublicView>(app, 'GET', `/api/rooms/${other}`, guest)
      expect(elsewhere.body.is_participant).toBe(false)

      await setRoomExpiry(app, other, new Date(Date.now() - 1000))
      const expired = await call(app, 'POST', `/api/rooms/${other}/join`, { token: bob.token }, {})
      expect(expired.status).toBe(410)
      expect(expired.body).toMatchObject({ code: 'room_expired', detail: 'This room has expired.' })
      expect((await call<RoomPublicView>(app, 'GET', `/api/rooms/${other}`, null)).body.expired).toBe(true)
    })

    it('documents its routes in the OpenAPI', async () => {
      const doc = (await (await getApp().api('/api/docs/json')).json()) as { paths: Record<string, object> }
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining([
          '/api/rooms',
          '/api/rooms/{roomId}',
          '/api/rooms/{roomId}/join',
          '/api/rooms/{roomId}/initiate-transfer',
          '/api/transfers/{id}/respond',
          '/api/transfers/{id}/status',
          '/api/transfers/history',
        ]),
      )
    })

    it('lets exactly max_participants in when joins race', async () => {
      const app = getApp()
      const host = await signUp(app)
      const id = await createRoom(app, host.token, { max_participants: 3 })
      const results = await Promise.all(
        ['A', 'B', 'C', 'D', 'E'].map((name) =>
          call(app, 'POST', `/api/rooms/${id}/join`, null, { display_name: name }),
        ),
      )
      expect(results.map((r) => r.status).sort()).toEqual([200, 200, 409, 409, 409])
    })
  })
}, authStacks())
