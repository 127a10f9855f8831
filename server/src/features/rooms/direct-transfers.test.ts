import type { HistoryList, RoomMemberView } from '@ferry/contracts/api/rooms'
import { describe, expect, it } from 'vitest'
import { expectOwnListOnly, expectPageBounds, expectStableWalk } from '../../testing/page-walk.js'
import { forEachStack, type TestApp } from '../../testing/test-app.js'
import { authStacks } from '../auth/testing/auth-test-kit.js'
import { signUp } from '../transfers/testing/transfers-test-kit.js'
import { call, createRoom, initiate, joinRoom, reportStatus, respond, setRoomExpiry } from './testing/rooms-test-kit.js'

/** A room with a host, a second user and a visitor in it. */
async function roomOfThree(app: TestApp) {
  const host = await signUp(app, 'FREE', 'Hana Host')
  const bob = await signUp(app, 'FREE', 'Bob')
  const roomId = await createRoom(app, host.token)
  await joinRoom(app, roomId, { token: bob.token })
  const visitor = await joinRoom(app, roomId, null, 'Vera')
  return {
    roomId,
    host: { ...host, caller: { token: host.token } },
    bob: { ...bob, caller: { token: bob.token } },
    visitor: { id: visitor.participant_id, caller: { guest: visitor.guest_token! } },
  }
}

/** GET /api/transfers/history's first page: its items as `body`. */
async function historyOf(app: Parameters<typeof call>[0], caller: Parameters<typeof call>[3]) {
  const res = await call<HistoryList>(app, 'GET', '/api/transfers/history', caller)
  return { status: res.status, body: res.body.items, page: res.body }
}

await forEachStack((getApp) => {
  describe('pages of GET /api/transfers/history (security review L-10)', () => {
    it('walks the history in pages while a transfer starts mid-walk; others see none of it', async () => {
      const app = getApp()
      const { roomId, host, bob } = await roomOfThree(app)
      const outsider = await signUp(app)
      const add = () => initiate(app, roomId, host.caller, bob.id, 'p.txt')
      for (let i = 0; i < 3; i++) await add()
      const list = { app, path: '/api/transfers/history', token: host.token, add }
      await expectStableWalk(list)
      await expectPageBounds(app, '/api/transfers/history', bob.token)
      await expectOwnListOnly(list, outsider.token)
    })
  })

  describe('direct transfers', () => {
    it('initiate → accept → complete, recorded with speed and hash; both see it in history', async () => {
      const app = getApp()
      const { roomId, host, bob } = await roomOfThree(app)
      const transfer = await initiate(app, roomId, host.caller, bob.id, 'report.pdf')
      expect(transfer).toMatchObject({
        room_id: roomId,
        sender_id: host.id,
        recipient_id: bob.id,
        sender_name: 'Hana Host',
        recipient_name: 'Bob',
        file_name: 'report.pdf',
        file_size: 1234,
        accepted: false,
        status: 'initiated',
      })
      const pending = await call<RoomMemberView>(app, 'GET', `/api/rooms/${roomId}`, bob.caller)
      expect(pending.body.transfers.map((t) => t.transfer_id)).toEqual([transfer.transfer_id])

      const accepted = await respond(app, transfer.transfer_id, bob.caller, true)
      expect(accepted.status).toBe(200)
      expect(accepted.body).toMatchObject({ accepted: true, status: 'accepted' })

      const hash = 'ab'.repeat(32)
      const done = await reportStatus(app, transfer.transfer_id, bob.caller, {
        status: 'completed',
        transfer_speed: 21.5,
        sha256: hash,
      })
      expect(done.status).toBe(200)
      expect(done.body.status).toBe('completed')
      const after = await call<RoomMemberView>(app, 'GET', `/api/rooms/${roomId}`, bob.caller)
      expect(after.body.transfers).toEqual([])

      const second = await initiate(app, roomId, bob.caller, host.id, 'later.txt')
      const mine = await historyOf(app, host.caller)
      expect(mine.status).toBe(200)
      expect(mine.body.map((t) => [t.file_name, t.direction, t.status])).toEqual([
        ['later.txt', 'received', 'initiated'],
        ['report.pdf', 'sent', 'completed'],
      ])
      expect(mine.body[1]).toMatchObject({
        sender_id: host.id,
        transfer_speed: 21.5,
        sha256: hash,
        mime_type: 'application/octet-stream',
      })
      const bobs = await historyOf(app, bob.caller)
      expect(bobs.body.map((t) => [t.id, t.direction])).toEqual([
        [second.transfer_id, 'sent'],
        [transfer.transfer_id, 'received'],
      ])
      expect((await call(app, 'GET', '/api/transfers/history', null)).status).toBe(401)
    })

    it('lets a visitor take part with the guest header; their transfers show in the user’s history', async () => {
      const app = getApp()
      const { roomId, host, visitor } = await roomOfThree(app)
      const transfer = await initiate(app, roomId, host.caller, visitor.id)
      const declined = await respond(app, transfer.transfer_id, visitor.caller, false)
      expect(declined.body).toMatchObject({ status: 'rejected', accepted: false })
      const back = await initiate(app, roomId, visitor.caller, host.id)
      expect(back).toMatchObject({ sender_id: visitor.id, sender_name: 'Vera' })
      const canceled = await reportStatus(app, back.transfer_id, visitor.caller, { status: 'canceled' })
      expect(canceled.body.status).toBe('canceled')
      const history = await historyOf(app, host.caller)
      expect(history.body.map((t) => [t.direction, t.status])).toEqual([
        ['received', 'canceled'],
        ['sent', 'rejected'],
      ])
    })

    it('refuses outsiders, strangers as recipients, oneself, and nobody', async () => {
      const app = getApp()
      const { roomId, host, bob } = await roomOfThree(app)
      const outsider = await signUp(app)
      const body = { recipient_id: bob.id, file_name: 'a', file_size: 1 }
      const path = `/api/rooms/${roomId}/initiate-transfer`

      const notMember = await call(app, 'POST', path, { token: outsider.token }, body)
      expect(notMember.status).toBe(403)
      expect(notMember.body.code).toBe('room_not_member')
      const stranger = await call(app, 'POST', path, host.caller, { ...body, recipient_id: outsider.id })
      expect(stranger.status).toBe(400)
      expect(stranger.body).toMatchObject({
        code: 'room_recipient_not_member',
        detail: 'The recipient is not a participant of this room.',
      })
      const self = await call(app, 'POST', path, host.caller, { ...body, recipient_id: host.id })
      expect(self.body.code).toBe('room_recipient_self')
      expect((await call(app, 'POST', path, null, body)).status).toBe(401)
      expect((await call(app, 'POST', path, host.caller, { ...body, file_size: -1 })).status).toBe(400)

      const other = await createRoom(app, bob.token)
      const foreignGuest = await joinRoom(app, other, null, 'Elsewhere')
      const crossRoom = await call(app, 'POST', path, { guest: foreignGuest.guest_token! }, body)
      expect(crossRoom.status).toBe(403)

      await setRoomExpiry(app, roomId, new Date(Date.now() - 1000))
      expect((await call(app, 'POST', path, host.caller, body)).status).toBe(410)
    })

    it('lets only the recipient respond, and only legal status changes through', async () => {
      const app = getApp()
      const { roomId, host, bob, visitor } = await roomOfThree(app)
      const t = await initiate(app, roomId, host.caller, bob.id)
      const id = t.transfer_id

      for (const caller of [host.caller, visitor.caller]) {
        const res = await respond(app, id, caller, true)
        expect(res.status).toBe(403)
        expect(res.body).toMatchObject({
          code: 'transfer_not_recipient',
          detail: 'Only the recipient can respond to this transfer.',
        })
      }
      const mismatch = await call(app, 'POST', `/api/transfers/${id}/respond`, bob.caller, {
        transfer_id: crypto.randomUUID(),
        accept: true,
      })
      expect(mismatch.body.code).toBe('transfer_id_mismatch')
      expect((await respond(app, crypto.randomUUID(), bob.caller, true)).status).toBe(404)

      const early = await reportStatus(app, id, bob.caller, { status: 'completed', transfer_speed: 1 })
      expect(early.status).toBe(409)
      expect(early.body).toMatchObject({
        code: 'transfer_status_illegal',
        detail: 'A transfer that is initiated cannot become completed.',
      })
      expect((await respond(app, id, bob.caller, true)).status).toBe(200)
      expect((await respond(app, id, bob.caller, false)).status).toBe(409)

      const bySender = await reportStatus(app, id, host.caller, { status: 'completed', transfer_speed: 1 })
      expect(bySender.status).toBe(403)
      expect(bySender.body.code).toBe('transfer_status_not_allowed')
      const byOutsider = await reportStatus(app, id, visitor.caller, { status: 'canceled' })
      expect(byOutsider.status).toBe(403)
      expect(byOutsider.body.code).toBe('transfer_not_party')
      expect((await reportStatus(app, id, bob.caller, { status: 'error' })).status).toBe(400)

      const failed = await reportStatus(app, id, host.caller, { status: 'error', reason: 'Peer connection failed' })
      expect(failed.body.status).toBe('error')
      const again = await reportStatus(app, id, bob.caller, { status: 'canceled' })
      expect(again.status).toBe(409)
      expect(again.body.detail).toBe('A transfer that is error cannot become canceled.')
      const history = await historyOf(app, bob.caller)
      expect(history.body[0]).toMatchObject({ status: 'error', reason: 'Peer connection failed', transfer_speed: null })
    })

    it('accepts exactly one of two racing status changes', async () => {
      const app = getApp()
      const { roomId, host, bob } = await roomOfThree(app)
      const t = await initiate(app, roomId, host.caller, bob.id)
      const [a, b] = await Promise.all([
        respond(app, t.transfer_id, bob.caller, true),
        reportStatus(app, t.transfer_id, host.caller, { status: 'canceled' }),
      ])
      const statuses = [a.status, b.status].sort()
      expect(statuses).toEqual(statuses.includes(409) ? [200, 409] : [200, 200])
      if (statuses[1] === 200) expect(b.body.status).toBe('canceled') // accept, then cancel: both legal
    })
  })
}, authStacks())
