import { describe, expect, it } from 'vitest'
import { forEachStack } from '../../testing/test-app.js'
import { getJson, signUp, uploadFiles } from '../transfers/testing/transfers-test-kit.js'
import { call, createRoom, initiate, joinRoom, ofType, reportStatus, roomSocket } from './testing/rooms-test-kit.js'

// POST /api/transfers/{id}/link (issue 24 item 4): a direct transfer that could not connect is
// sent as a stored transfer's link; only its recipient hears of it, and only a Ferry share link
// of the sender's own transfer is ever posted.
await forEachStack((getApp) => {
  describe('send a direct transfer as a link instead', () => {
    it("posts the sender's own share link to the recipient only", async () => {
      const app = getApp()
      const host = await signUp(app, 'FREE', 'Alice')
      const bob = await signUp(app, 'FREE', 'Bob')
      const roomId = await createRoom(app, host.token)
      await joinRoom(app, roomId, { token: bob.token })
      const visitor = await joinRoom(app, roomId, null, 'Vera')
      const bobSocket = await roomSocket(app, roomId, bob.token)
      const visitorSocket = await roomSocket(app, roomId, visitor.guest_token!)

      const direct = await initiate(app, roomId, { token: host.token }, bob.id, 'notes.txt')
      await call(app, 'POST', `/api/transfers/${direct.transfer_id}/respond`, { token: bob.token }, { accept: true })
      await reportStatus(app, direct.transfer_id, { token: host.token }, { status: 'error', reason: 'ice_failed' })
      const files = await uploadFiles(app, host, [
        { name: 'notes.txt', body: Buffer.from('hello') },
        { name: 'photos/a.jpg', body: Buffer.from('jpeg bytes') },
      ])
      const path = `/api/transfers/${direct.transfer_id}/link`

      const sent = await call<{ share_url: string }>(app, 'POST', path, { token: host.token }, { files })
      expect(sent.status).toBe(201)
      const shared = new URL(sent.body.share_url)
      expect(`${shared.origin}`).toBe(new URL(app.url).origin)
      expect(shared.pathname).toMatch(/^\/share\/[\w-]+$/)
      // A link transfer: no recipient emails, the same files with their folder paths, downloadable.
      const share = await getJson<{ transfer: { files: { file_name: string; file_size: number }[] } }>(
        app,
        `/api/share${shared.pathname.slice(6)}`,
      )
      expect(share.body.transfer.files.map((f) => [f.file_name, f.file_size]).sort()).toEqual([
        ['notes.txt', 5],
        ['photos/a.jpg', 10],
      ])
      const told = await bobSocket.next(ofType('transfer_link'))
      expect(told).toMatchObject({ type: 'transfer_link', transfer_id: direct.transfer_id, sender_name: 'Alice' })
      // The socket carries the link on Ferry's own address (PUBLIC_URL); the HTTP answer is shown for the caller's origin.
      const toldUrl = new URL(String(told.share_url))
      expect(toldUrl.origin).toBe(new URL(app.deps.config.publicUrl).origin)
      expect(toldUrl.pathname).toBe(shared.pathname)
      // Events of the room reach each socket in order: once the visitor has the next join, it would have had the link.
      await joinRoom(app, roomId, null, 'Later')
      await visitorSocket.next(ofType('user_joined'))
      expect(visitorSocket.messages.filter(ofType('transfer_link'))).toEqual([])
      bobSocket.close()
      visitorSocket.close()
    })

    it('refuses guests, the recipient, outsiders, bad ids and transfers the sender does not own', async () => {
      const app = getApp()
      const host = await signUp(app, 'FREE', 'Alice')
      const bob = await signUp(app, 'FREE', 'Bob')
      const outsider = await signUp(app, 'FREE', 'Olga')
      const roomId = await createRoom(app, host.token)
      await joinRoom(app, roomId, { token: bob.token })
      const visitor = await joinRoom(app, roomId, null, 'Vera')
      const direct = await initiate(app, roomId, { token: host.token }, bob.id, 'notes.txt')
      const path = `/api/transfers/${direct.transfer_id}/link`
      const hostFiles = await uploadFiles(app, host, [{ name: 'a.txt', body: Buffer.from('a') }])
      const bobFiles = await uploadFiles(app, bob, [{ name: 'b.txt', body: Buffer.from('b') }])

      // 401 before the body is read: a visitor cannot create a stored transfer.
      const guest = await call(app, 'POST', path, { guest: visitor.guest_token! }, { files: 'x' })
      expect(guest.status).toBe(401)
      expect((await call(app, 'POST', path, null, { files: hostFiles })).status).toBe(401)
      expect((await call(app, 'POST', path, { token: host.token }, { files: [] })).status).toBe(400)
      const html = await call(
        app,
        'POST',
        path,
        { token: host.token },
        { share_url: '<a href="https://evil.example">' },
      )
      expect(html.status).toBe(400)
      const recipient = await call(app, 'POST', path, { token: bob.token }, { files: bobFiles })
      expect(recipient).toMatchObject({ status: 403, body: { code: 'transfer_not_sender' } })
      const stranger = await call(app, 'POST', path, { token: outsider.token }, { files: hostFiles })
      expect(stranger).toMatchObject({ status: 403, body: { code: 'transfer_not_party' } })
      // Someone else's upload keys are not the sender's to send.
      const notMine = await call(app, 'POST', path, { token: host.token }, { files: bobFiles })
      expect(notMine.status).toBeGreaterThanOrEqual(400)
      expect(notMine.status).toBeLessThan(500)
      const unknown = `/api/transfers/${crypto.randomUUID()}/link`
      const missing = await call(app, 'POST', unknown, { token: host.token }, { files: hostFiles })
      expect(missing).toMatchObject({ status: 404, body: { code: 'direct_transfer_not_found' } })
    })
  })
})
