import { socketCloseCodes } from '@ferry/contracts/realtime/socket-close'
import { describe, expect, it, vi } from 'vitest'
import { forEachStack } from '../../testing/test-app.js'
import { authStacks, createTestClock, uniqueIp } from '../auth/testing/auth-test-kit.js'
import { signUp } from '../transfers/testing/transfers-test-kit.js'
import { createEndedRoomsSweeper, roomHistoryRetentionMs, roomsJobs } from './rooms.jobs.js'
import {
  call,
  createRoom,
  joinRoom,
  ofType,
  openSocket,
  roomSocket,
  setRoomExpiry,
  signallingSocket,
} from './testing/rooms-test-kit.js'

const clock = createTestClock()
const day = 24 * 3600_000
const env = { ROOM_PRESENCE_GRACE_SECONDS: '0.3', ROOM_JOIN_RATE_LIMIT_PER_IP: '3', ROOM_SOCKETS_PER_IP: '6' }

/** Security review M-3 and L-4: room sockets within budgets, seats freed when participants go. */
await forEachStack((getApp) => {
  const at = (ip = uniqueIp()) => ({ 'x-forwarded-for': ip })
  const join = async (roomId: string, name: string, ip = uniqueIp()) => {
    const res = await getApp().api(`/api/rooms/${roomId}/join`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...at(ip) },
      body: JSON.stringify({ display_name: name }),
    })
    return { status: res.status, body: (await res.json()) as { guest_token: string; participant_id: string } }
  }
  const participantsOf = async (roomId: string, token: string) =>
    (await call<{ participants: { user_id: string }[] }>(getApp(), 'GET', `/api/rooms/${roomId}`, { token })).body
      .participants

  describe('room seats and presence', () => {
    it('frees the seat of a visitor who closes the tab, and tells the room', async () => {
      const app = getApp()
      const host = await signUp(app, 'FREE', 'Hana Host')
      const roomId = await createRoom(app, host.token, { max_participants: 2 })
      const hostSocket = await roomSocket(app, roomId, host.token)
      const leo = await join(roomId, 'Leo Leaver')
      expect(leo.status).toBe(200)
      const leoRoom = await roomSocket(app, roomId, leo.body.guest_token)
      const leoSignal = await signallingSocket(app, roomId, leo.body.guest_token)
      expect((await join(roomId, 'Kim')).status).toBe(409)

      leoRoom.close()
      leoSignal.close()
      expect((await hostSocket.next(ofType('user_left'))).participant_id).toBe(leo.body.participant_id)
      expect((await participantsOf(roomId, host.token)).map((p) => p.user_id)).toEqual([host.id])
      expect((await join(roomId, 'Kim')).status).toBe(200)
      // The visit is over: the old guest token no longer opens the room.
      const stale = openSocket(app, `/api/rooms/${roomId}/ws`, leo.body.guest_token)
      expect((await stale.closed).code).toBe(socketCloseCodes.notMember)
      hostSocket.close()
    })

    it('keeps the seat across a reload (a new socket within the grace)', async () => {
      const app = getApp()
      const host = await signUp(app)
      const roomId = await createRoom(app, host.token)
      const hostSocket = await roomSocket(app, roomId, host.token)
      const ana = await join(roomId, 'Ana')
      const first = await roomSocket(app, roomId, ana.body.guest_token)
      first.close()
      const second = await roomSocket(app, roomId, ana.body.guest_token)
      // What did not happen cannot be polled for, so a later departure is the marker: Bo leaves
      // after Ana's reload, and once the room announces it, the grace of Ana's first socket is
      // over and the room has checked (with her included, as she joined before the grace) who is gone.
      const bo = await join(roomId, 'Bo')
      ;(await roomSocket(app, roomId, bo.body.guest_token)).close()
      expect((await hostSocket.next(ofType('user_left'))).participant_id).toBe(bo.body.participant_id)
      expect(await participantsOf(roomId, host.token)).toHaveLength(2)
      expect(hostSocket.messages.filter(ofType('user_left')).map((m) => m.participant_id)).toEqual([
        bo.body.participant_id,
      ])
      second.close()
      await hostSocket.next((m) => m.type === 'user_left' && m.participant_id === ana.body.participant_id)
      hostSocket.close()
    })

    it('frees the seat of a visitor who joined and never connected, once the grace is over', async () => {
      const app = getApp()
      const host = await signUp(app)
      const roomId = await createRoom(app, host.token, { max_participants: 2 })
      const squatter = await join(roomId, 'Squatter')
      expect(squatter.status).toBe(200)
      try {
        clock.advance(1000)
        expect((await join(roomId, 'Real guest')).status).toBe(200)
      } finally {
        clock.reset()
      }
    })

    it('limits joins per client address (429 with Retry-After)', async () => {
      const app = getApp()
      const host = await signUp(app)
      const roomId = await createRoom(app, host.token)
      const ip = uniqueIp()
      for (let i = 0; i < 3; i++) await join(roomId, `Guest ${i}`, ip).catch(() => undefined)
      const res = await app.api(`/api/rooms/${roomId}/join`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...at(ip) },
        body: JSON.stringify({ display_name: 'One more' }),
      })
      expect(res.status).toBe(429)
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
      expect((await join(roomId, 'Elsewhere')).status).not.toBe(429)
    })
  })

  describe('room socket budgets', () => {
    it('closes a socket that floods messages with 4429', async () => {
      const app = getApp()
      const host = await signUp(app)
      const roomId = await createRoom(app, host.token)
      const socket = await roomSocket(app, roomId, host.token)
      for (let i = 0; i < 200; i++) socket.send({ type: 'ping' })
      expect((await socket.closed).code).toBe(socketCloseCodes.tooManyRequests)
      const signal = await signallingSocket(app, roomId, host.token)
      for (let i = 0; i < 200; i++) signal.send({ type: 'ready', channel: crypto.randomUUID() })
      expect((await signal.closed).code).toBe(socketCloseCodes.tooManyRequests)
    })

    it('caps sockets per participant and per client address', async () => {
      const app = getApp()
      const host = await signUp(app)
      const roomId = await createRoom(app, host.token)
      const sockets = []
      for (let i = 0; i < 4; i++) sockets.push(await roomSocket(app, roomId, host.token))
      const fifth = openSocket(app, `/api/rooms/${roomId}/ws`, host.token)
      expect((await fifth.closed).code).toBe(socketCloseCodes.tooManyRequests)
      for (const socket of sockets) socket.close()

      // The address cap in a room of its own, each guest connecting as soon as it has joined:
      // with this file's 0.3 s grace, a guest still without a socket when the host's departure
      // is handled would be released, however slow the machine.
      const guestRoom = await createRoom(app, (await signUp(app)).token)
      const ip = uniqueIp()
      const guests: string[] = []
      const opened = []
      for (let i = 0; i < 3; i++) {
        const token = (await join(guestRoom, `G${i}`)).body.guest_token
        guests.push(token)
        const pair = [`/api/rooms/${guestRoom}/ws`, `/ws/webrtc/${guestRoom}`].map((path) =>
          openSocket(app, path, token, at(ip)),
        )
        for (const socket of pair) await socket.next(ofType('welcome'))
        opened.push(...pair)
      }
      const over = openSocket(app, `/api/rooms/${guestRoom}/ws`, guests[0], at(ip))
      expect((await over.closed).code).toBe(socketCloseCodes.tooManyRequests)
      for (const socket of opened) socket.close()
    })

    it('answers repeated ready frames without asking the database again', async () => {
      const app = getApp()
      const host = await signUp(app)
      const roomId = await createRoom(app, host.token)
      const signal = await signallingSocket(app, roomId, host.token)
      const client = (app.deps.database.db as unknown as { $client: { query: (...a: unknown[]) => unknown } }).$client
      const query = vi.spyOn(client, 'query')
      const channel = crypto.randomUUID()
      try {
        for (let i = 0; i < 30; i++) signal.send({ type: 'ready', channel })
        await vi.waitFor(() => expect(signal.messages.filter(ofType('error'))).toHaveLength(30))
        // Only the lookups of this channel count: the server's heartbeat and jobs query the database too.
        const lookups = query.mock.calls.filter((args) => JSON.stringify(args).includes(channel))
        expect(lookups.length).toBeLessThanOrEqual(1)
      } finally {
        query.mockRestore()
        signal.close()
      }
    })
  })

  describe('the purge-ended-rooms job', () => {
    it('is registered, drops participants of ended rooms, and the rooms after the history retention', async () => {
      const app = getApp()
      expect(roomsJobs(app.deps).map((job) => job.name)).toEqual(['purge-ended-rooms'])
      const host = await signUp(app)
      const roomId = await createRoom(app, host.token)
      await joinRoom(app, roomId, null, 'Visitor').catch(() => undefined)
      await setRoomExpiry(app, roomId, new Date(clock.now().getTime() - 1000))
      const sweeper = createEndedRoomsSweeper(app.deps)
      expect((await sweeper.sweep()).participants).toBeGreaterThanOrEqual(1)
      expect((await call(app, 'GET', `/api/rooms/${roomId}`, { token: host.token })).body).toMatchObject({
        is_participant: false,
        expired: true,
      })
      await setRoomExpiry(app, roomId, new Date(clock.now().getTime() - roomHistoryRetentionMs - day))
      expect((await sweeper.sweep()).rooms).toBeGreaterThanOrEqual(1)
      expect((await call(app, 'GET', `/api/rooms/${roomId}`, { token: host.token })).status).toBe(404)
    })
  })
}, authStacks({ clock, env }))
