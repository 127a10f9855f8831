import type { Page } from '@ferry/contracts/api/pagination'
import type { ReceivedGroupList, RequestList } from '@ferry/contracts/api/request-links'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { requestLinks } from '../../db/schema/index.js'
import { expectOwnListOnly, expectPageBounds, expectStableWalk } from '../../testing/page-walk.js'
import { forEachStack, type TestApp } from '../../testing/test-app.js'
import { createTestClock } from '../../testing/test-clock.js'
import { bearer, postJson } from '../auth/testing/auth-test-kit.js'
import { outbox, readStoredZip, sha256, signUp } from '../transfers/testing/transfers-test-kit.js'
import { as, randomBody, uploadStacks, uploadWhole } from '../uploads/testing/uploads-test-kit.js'
import { createReceivedFilesSweeper } from './request-links.jobs.js'
import { createLinkAs } from './testing/request-links-test-kit.js'

const { clock, stacks } = uploadStacks()

async function visitorUpload(app: TestApp, requestId: string, files: { name: string; body: Buffer; type?: string }[]) {
  const records = []
  for (const f of files) {
    const key = await uploadWhole(app.api, as(), f.body, {
      filename: f.name,
      content_type: f.type ?? 'application/octet-stream',
      file_size: f.body.length,
      request_id: requestId,
    })
    records.push({ file_key: key, file_name: f.name, file_size: f.body.length })
  }
  return records
}

async function post(app: TestApp, path: string, body?: unknown, token?: string) {
  const res = await postJson(app.api, path, body, token ? bearer(token) : {})
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { code?: string } }
}

async function get<T>(app: TestApp, path: string, token?: string) {
  const res = await app.api(path, token ? { headers: bearer(token) } : undefined)
  return { status: res.status, body: (await res.json()) as T & { code?: string } }
}

async function download(app: TestApp, path: string, token?: string, headers: Record<string, string> = {}) {
  let res = await app.api(path, { headers: { ...headers, ...(token ? bearer(token) : {}) }, redirect: 'manual' })
  // S3: a redirect to the presigned store URL.
  if (res.status === 302) res = await fetch(res.headers.get('location')!, { headers })
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), headers: res.headers }
}

await forEachStack((getApp) => {
  describe('pages of GET /file-requests and /received-files (security review L-10)', () => {
    it('walks the own links in pages without duplicates or gaps while one is created mid-walk', async () => {
      const app = getApp()
      const owner = await signUp(app)
      const other = await signUp(app)
      const newLink = async () => {
        clock.advance(1)
        expect((await createLinkAs(app.api, owner.token)).status).toBe(201)
      }
      for (let i = 0; i < 4; i++) await newLink()
      for (const path of ['/file-requests', '/api/file-requests']) {
        const list = {
          app,
          path,
          token: owner.token,
          add: newLink,
          idOf: (item: Record<string, unknown>) => String(item.request_id),
        }
        await expectStableWalk(list)
        await expectOwnListOnly(list, other.token)
      }
      await expectPageBounds(app, '/file-requests', owner.token)
      expect((await app.api('/file-requests?limit=abc')).status).toBe(401)
    })

    it('walks the received groups the same way while an upload arrives mid-walk', async () => {
      const app = getApp()
      const owner = await signUp(app)
      const other = await signUp(app)
      const id = (await createLinkAs(app.api, owner.token)).body.request_id
      const receive = async () => {
        clock.advance(1)
        const files = await visitorUpload(app, id, [{ name: 'p.txt', body: randomBody(10) }])
        expect((await post(app, `/api/file-request/${id}/upload`, { files })).status).toBe(201)
      }
      for (let i = 0; i < 3; i++) await receive()
      for (const path of ['/received-files', '/api/received-files']) {
        const list = { app, path, token: owner.token, add: receive }
        await expectStableWalk(list)
        await expectOwnListOnly(list, other.token)
      }
      await expectPageBounds(app, '/api/received-files', owner.token)
    })
  })

  describe('request links', () => {
    it('happy path: a visitor uploads, the requester is emailed, lists and downloads match', async () => {
      const app = getApp()
      const requester = await signUp(app, 'FREE', 'Rita Requester')
      const created = await createLinkAs(app.api, requester.token, { expires_in_days: 3, name: 'Tax papers' })
      expect(created.status).toBe(201)
      const id = created.body.request_id
      expect(id).toMatch(/^[A-Za-z0-9_-]{32}$/)
      const expiresIn = new Date(created.body.expires_at).getTime() - clock.now().getTime()
      expect(Math.round(expiresIn / 3_600_000)).toBe(72)

      const info = await get<{ completed: boolean; expires_at: string }>(app, `/api/file-request/${id}`)
      expect(info.status).toBe(200)
      expect(info.body).toMatchObject({ completed: false, expires_at: created.body.expires_at, files_received: 0 })

      const a = randomBody(1500)
      const b = randomBody(70_000)
      const files = await visitorUpload(app, id, [
        { name: 'a.txt', body: a },
        { name: 'b.bin', body: b },
      ])
      const before = (await outbox(app)).length
      const up = await post(app, `/api/file-request/${id}/upload`, {
        files,
        sender_name: 'Vic',
        sender_email: 'vic@example.com',
      })
      expect(up.status, JSON.stringify(up.body)).toBe(201)

      const mails = (await outbox(app)).slice(before)
      expect(mails).toHaveLength(1)
      expect(mails[0]!.to).toContain(requester.email)
      expect(mails[0]!.text).toContain('a.txt')
      expect(mails[0]!.links.some((l) => l.includes('tab=request'))).toBe(true)

      const list = await get<RequestList>(app, '/file-requests', requester.token)
      expect(list.status).toBe(200)
      expect(list.body).toEqual({
        items: [expect.objectContaining({ request_id: id, completed: false, uploads_count: 2 })],
        next_cursor: null,
        total: 1,
      })
      expect((await get<RequestList>(app, '/api/file-requests', requester.token)).body).toEqual(list.body)

      const received = await get<ReceivedGroupList>(app, '/received-files', requester.token)
      expect(received.status).toBe(200)
      expect(received.body.items).toHaveLength(1)
      expect(received.body).toMatchObject({ next_cursor: null, total: 1 })
      const group = received.body.items[0]!
      // Labelled by the link's name (newcomer walk: Received Files).
      expect(group).toMatchObject({
        request_id: id,
        request_name: 'Tax papers',
        sender_info: 'Vic <vic@example.com>',
        files_deleted: false,
      })
      expect(up.body).toMatchObject({ group: { request_id: id, request_name: 'Tax papers' } })
      expect(group.files.map((f) => [f.file_name, f.file_size])).toEqual([
        ['a.txt', 1500],
        ['b.bin', 70_000],
      ])

      const fileA = await download(app, `/api/received-files/${group.files[0]!.id}/download`, requester.token)
      expect(fileA.status).toBe(200)
      expect(sha256(fileA.bytes)).toBe(sha256(a))
      const ranged = await download(app, `/api/received-files/${group.files[1]!.id}/download`, requester.token, {
        range: 'bytes=100-199',
      })
      expect(ranged.status).toBe(206)
      expect(ranged.bytes.equals(b.subarray(100, 200))).toBe(true)

      const zip = await download(app, `/api/received-groups/${group.id}/download`, requester.token)
      expect(zip.status).toBe(200)
      expect(zip.headers.get('content-type')).toContain('application/zip')
      const entries = readStoredZip(zip.bytes)
      expect(sha256(entries.get('a.txt')!)).toBe(sha256(a))
      expect(sha256(entries.get('b.bin')!)).toBe(sha256(b))

      // A visitor saying they are done does not close a shared link: the next visitor uploads too.
      expect(await post(app, `/api/file-request/${id}/complete`)).toMatchObject({
        status: 200,
        body: { completed: false },
      })
      expect((await get<{ completed: boolean }>(app, `/api/file-request/${id}`)).body.completed).toBe(false)
      const second = await visitorUpload(app, id, [{ name: 'c.txt', body: randomBody(20) }])
      expect((await post(app, `/api/file-request/${id}/upload`, { files: second })).status).toBe(201)
    })

    it('a single-upload link closes with its first upload; later uploads and presigns are refused', async () => {
      const app = getApp()
      const owner = await signUp(app)
      const id = (await createLinkAs(app.api, owner.token, { single_upload: true })).body.request_id
      expect((await get(app, `/api/file-request/${id}`)).body).toMatchObject({ single_upload: true, completed: false })
      const files = await visitorUpload(app, id, [{ name: 'once.txt', body: randomBody(10) }])
      expect((await post(app, `/api/file-request/${id}/upload`, { files })).status).toBe(201)
      expect((await get<{ completed: boolean }>(app, `/api/file-request/${id}`)).body.completed).toBe(true)
      const late = await post(app, `/api/file-request/${id}/upload`, { files: [] })
      expect(late).toMatchObject({ status: 409, body: { code: 'request_completed' } })
      const presign = await post(app, '/api/presign', { filename: 'x', file_size: 1, request_id: id })
      expect(presign).toMatchObject({ status: 409, body: { code: 'request_completed' } })
      expect((await post(app, `/api/file-request/${id}/complete`)).body).toEqual({ completed: true })
    })

    it('expiry days: default 7; 0, 31, "abc", 2.5 and "12" are refused with a clear message', async () => {
      const app = getApp()
      const { token } = await signUp(app)
      const created = await createLinkAs(app.api, token, {})
      expect(created.status).toBe(201)
      const days = (new Date(created.body.expires_at).getTime() - clock.now().getTime()) / 86_400_000
      expect(Math.round(days)).toBe(7)
      expect((await createLinkAs(app.api, token, { expires_in_days: 30 })).status).toBe(201)
      for (const value of [0, 31, 'abc', 2.5, '12', null]) {
        const refused = await createLinkAs(app.api, token, { expires_in_days: value })
        expect(refused, String(value)).toMatchObject({
          status: 400,
          body: {
            code: 'validation_failed',
            detail: 'expires_in_days: The expiry must be a whole number of days from 1 to 30.',
          },
        })
      }
    })

    it('the visitor sees the name, the message and who is asking; the owner edits, closes, reopens, deletes', async () => {
      const app = getApp()
      const owner = await signUp(app, 'FREE', 'Olga Owner')
      const other = await signUp(app)
      const created = await createLinkAs(app.api, owner.token, {
        name: '  Tax documents 2026 ',
        message: 'Please send your payslips.',
        max_files: 3,
      })
      expect(created.status).toBe(201)
      const id = created.body.request_id
      expect((await get(app, `/api/file-request/${id}`)).body).toMatchObject({
        name: 'Tax documents 2026',
        message: 'Please send your payslips.',
        owner_name: 'Olga Owner',
        deactivated: false,
        single_upload: false,
      })
      const tooLong = await createLinkAs(app.api, owner.token, { name: 'x'.repeat(121) })
      expect(tooLong).toMatchObject({ status: 400, body: { code: 'validation_failed' } })

      const call = async (method: string, body?: unknown, token = owner.token) => {
        const res = await app.api(`/api/file-requests/${id}`, {
          method,
          headers: { ...bearer(token), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          body: body === undefined ? undefined : JSON.stringify(body),
        })
        return { status: res.status, body: res.status === 204 ? null : ((await res.json()) as Record<string, unknown>) }
      }
      // Only the owner: a visitor is told to log in, another account finds nothing.
      expect((await app.api(`/api/file-requests/${id}`, { method: 'DELETE' })).status).toBe(401)
      expect((await call('PATCH', { name: 'Mine' }, other.token)).status).toBe(404)
      expect((await call('DELETE', undefined, other.token)).status).toBe(404)
      expect(await call('PATCH', { expires_in_days: 0 })).toMatchObject({ status: 400 })
      expect(await call('PATCH', { unknown: 1 })).toMatchObject({ status: 400 })

      const edited = await call('PATCH', { name: 'Payslips', message: null, max_files: 5, expires_in_days: 2 })
      expect(edited).toMatchObject({ status: 200, body: { name: 'Payslips', message: null, max_files: 5 } })
      const expiresIn = new Date(String(edited.body!.expires_at)).getTime() - clock.now().getTime()
      expect(Math.round(expiresIn / 3_600_000)).toBe(48)

      // Closed: every visitor is refused at once, until the owner opens it again.
      expect(await call('PATCH', { active: false })).toMatchObject({ status: 200, body: { deactivated: true } })
      expect((await get(app, `/api/file-request/${id}`)).body).toMatchObject({ deactivated: true })
      const refused = await post(app, '/api/presign', { filename: 'x', file_size: 1, request_id: id })
      expect(refused).toMatchObject({ status: 409, body: { code: 'request_closed' } })
      const list = await get<RequestList>(app, '/file-requests', owner.token)
      expect(list.body.items[0]).toMatchObject({ request_id: id, name: 'Payslips', deactivated: true })
      expect(await call('PATCH', { active: true })).toMatchObject({ status: 200, body: { deactivated: false } })
      const files = await visitorUpload(app, id, [{ name: 'slip.pdf', body: randomBody(10) }])
      expect((await post(app, `/api/file-request/${id}/upload`, { files })).status).toBe(201)
      const [group] = (await get<ReceivedGroupList>(app, '/received-files', owner.token)).body.items
      const stored = group!.files[0]!.file_key
      expect(await app.deps.blobs.stat(stored)).toBeTruthy()

      // An expired link opens again only with a new expiry.
      await app.deps.database.db
        .update(requestLinks)
        .set({ expiresAt: new Date(clock.now().getTime() - 1000) })
        .where(eq(requestLinks.id, id))
      expect(await call('PATCH', { active: false })).toMatchObject({ status: 200 })
      expect(await call('PATCH', { active: true })).toMatchObject({
        status: 409,
        body: { code: 'request_reopen_expired' },
      })
      expect(await call('PATCH', { active: true, expires_in_days: 1 })).toMatchObject({ status: 200 })

      // Deleting takes the link, what it received and the stored files.
      expect(await call('DELETE')).toEqual({ status: 204, body: null })
      expect((await get(app, `/api/file-request/${id}`)).status).toBe(404)
      expect((await get<Page<unknown>>(app, '/received-files', owner.token)).body.items).toEqual([])
      expect(await app.deps.blobs.stat(stored)).toBeNull()
      expect((await call('DELETE')).status).toBe(404)
    })

    it('a visitor cannot create, list or download; lists and downloads are the requester’s only', async () => {
      const app = getApp()
      const visitor = await createLinkAs(app.api, undefined, {})
      expect(visitor).toMatchObject({
        status: 401,
        body: { code: 'request_login_required', detail: 'Please log in to create file request links' },
      })
      const owner = await signUp(app)
      const other = await signUp(app)
      const id = (await createLinkAs(app.api, owner.token)).body.request_id
      const files = await visitorUpload(app, id, [{ name: 'x.txt', body: randomBody(10) }])
      expect((await post(app, `/api/file-request/${id}/upload`, { files })).status).toBe(201)
      const [group] = (await get<ReceivedGroupList>(app, '/received-files', owner.token)).body.items

      expect((await get(app, '/file-requests')).status).toBe(401)
      expect((await get(app, '/received-files')).status).toBe(401)
      expect((await get<Page<unknown>>(app, '/file-requests', other.token)).body.items).toEqual([])
      expect((await get<Page<unknown>>(app, '/received-files', other.token)).body.items).toEqual([])
      for (const path of [
        `/api/received-files/${group!.files[0]!.id}/download`,
        `/api/received-groups/${group!.id}/download`,
      ]) {
        expect((await app.api(path)).status).toBe(401)
        const res = await app.api(path, { headers: bearer(other.token) })
        expect(res.status).toBe(404)
        expect(((await res.json()) as { code: string }).code).toBe('received_file_not_found')
      }
    })

    it('refuses unknown and expired links (404, 410 with the date), storing nothing', async () => {
      const app = getApp()
      const owner = await signUp(app)
      expect((await get(app, '/api/file-request/nope123')).body.code).toBe('request_not_found')
      expect((await post(app, '/api/file-request/nope123/upload', { files: [] })).status).toBe(404)
      expect((await post(app, '/api/presign', { filename: 'a', file_size: 1, request_id: 'nope123' })).status).toBe(404)

      const id = (await createLinkAs(app.api, owner.token, { expires_in_days: 1 })).body.request_id
      const files = await visitorUpload(app, id, [{ name: 'x.txt', body: randomBody(10) }])
      const past = new Date(clock.now().getTime() - 1000)
      await app.deps.database.db.update(requestLinks).set({ expiresAt: past }).where(eq(requestLinks.id, id))
      const info = await get<{ expires_at: string }>(app, `/api/file-request/${id}`)
      expect(info.status).toBe(410)
      expect(info.body).toMatchObject({ code: 'request_expired', expires_at: past.toISOString() })
      expect((await post(app, `/api/file-request/${id}/upload`, { files })).status).toBe(410)
      expect((await post(app, '/api/presign', { filename: 'a', file_size: 1, request_id: id })).status).toBe(410)
      expect((await post(app, `/api/file-request/${id}/complete`)).status).toBe(410)
      expect((await get<Page<unknown>>(app, '/received-files', owner.token)).body.items).toEqual([])
    })

    it('refuses keys of another request or a user’s own keys (403), storing nothing', async () => {
      const app = getApp()
      const owner = await signUp(app)
      const first = (await createLinkAs(app.api, owner.token)).body.request_id
      const second = (await createLinkAs(app.api, owner.token)).body.request_id
      const forSecond = await visitorUpload(app, second, [{ name: 's.txt', body: randomBody(10) }])
      const own = await uploadWhole(app.api, as(owner.token), randomBody(10))
      const mine = await visitorUpload(app, first, [{ name: 'm.txt', body: randomBody(10) }])
      const other = await post(app, `/api/file-request/${first}/upload`, { files: [...mine, ...forSecond] })
      expect(other).toMatchObject({ status: 403, body: { code: 'upload_forbidden' } })
      const transferKey = await post(app, `/api/file-request/${first}/upload`, { files: [{ file_key: own }] })
      expect(transferKey.status).toBe(403)
      expect((await get<Page<unknown>>(app, '/received-files', owner.token)).body.items).toEqual([])
      // Nothing was claimed: the right keys still go through.
      expect((await post(app, `/api/file-request/${first}/upload`, { files: mine })).status).toBe(201)
    })

    it('enforces the guardrails: file count, total size, types, a required sender', async () => {
      const app = getApp()
      const owner = await signUp(app)
      const id = (
        await createLinkAs(app.api, owner.token, {
          max_files: 2,
          max_total_bytes: 1000,
          allowed_types: ['*.PDF', 'image/*'],
          require_sender: 'email',
        })
      ).body.request_id
      const info = await get<Record<string, unknown>>(app, `/api/file-request/${id}`)
      expect(info.body).toMatchObject({
        max_files: 2,
        max_total_bytes: 1000,
        allowed_types: ['.pdf', 'image/'],
        require_sender: 'email',
        max_upload_bytes: 1000,
      })
      const sender = { sender_email: 'up@example.com' }
      const pdf = await visitorUpload(app, id, [{ name: 'doc.pdf', body: randomBody(100) }])
      const noSender = await post(app, `/api/file-request/${id}/upload`, { files: pdf })
      expect(noSender.body.code).toBe('request_sender_email_required')
      const badEmail = await post(app, `/api/file-request/${id}/upload`, { files: pdf, sender_email: 'nope' })
      expect(badEmail.body.code).toBe('request_sender_email_invalid')
      const txt = await visitorUpload(app, id, [{ name: 'notes.txt', body: randomBody(10), type: 'text/plain' }])
      const wrongType = await post(app, `/api/file-request/${id}/upload`, { files: txt, ...sender })
      expect(wrongType).toMatchObject({ status: 400, body: { code: 'request_type_not_allowed' } })
      // Bytes are bounded before they are stored: what the link still accepts, less what is pending.
      const presignBig = (size: number) =>
        post(app, '/api/presign', { filename: 'big.png', content_type: 'image/png', file_size: size, request_id: id })
      expect(await presignBig(1001)).toMatchObject({ status: 413, body: { code: 'request_too_large' } })
      expect(await presignBig(950)).toMatchObject({ status: 409, body: { code: 'request_pending_limit' } })
      const big = await visitorUpload(app, id, [{ name: 'big.png', body: randomBody(850), type: 'image/png' }])
      // The claim checks the real total too (here: the link shrank after the uploads).
      await app.deps.database.db.update(requestLinks).set({ maxTotalBytes: 900 }).where(eq(requestLinks.id, id))
      const tooBig = await post(app, `/api/file-request/${id}/upload`, { files: [...pdf, ...big], ...sender })
      expect(tooBig).toMatchObject({ status: 413, body: { code: 'request_too_large' } })
      await app.deps.database.db.update(requestLinks).set({ maxTotalBytes: 1000 }).where(eq(requestLinks.id, id))
      expect((await post(app, `/api/file-request/${id}/upload`, { files: pdf, ...sender })).status).toBe(201)
      const more = await visitorUpload(app, id, [
        { name: 'p.png', body: randomBody(5), type: 'image/png' },
        { name: 'q.png', body: randomBody(5), type: 'image/png' },
      ])
      const tooMany = await post(app, `/api/file-request/${id}/upload`, { files: more, ...sender })
      expect(tooMany).toMatchObject({
        status: 400,
        body: { code: 'request_too_many_files', detail: 'This request accepts at most 2 files.' },
      })
      expect((await get<Page<unknown>>(app, '/received-files', owner.token)).body.items).toHaveLength(1)
    })

    it('sweeps received files after the requester’s plan retention; downloads then answer 410', async () => {
      const app = getApp()
      const owner = await signUp(app)
      const id = (await createLinkAs(app.api, owner.token)).body.request_id
      const files = await visitorUpload(app, id, [{ name: 'x.txt', body: randomBody(10) }])
      expect((await post(app, `/api/file-request/${id}/upload`, { files })).status).toBe(201)
      const [group] = (await get<ReceivedGroupList>(app, '/received-files', owner.token)).body.items
      expect(group!.available_until).not.toBeNull()
      const sweeper = createReceivedFilesSweeper(app.deps)
      const later = createTestClock(new Date(new Date(group!.available_until!).getTime() + 1000))
      expect(await sweeper.sweep()).toEqual({ purged: 0, failed: 0 })
      expect(await app.deps.blobs.stat(group!.files[0]!.file_key)).toBeTruthy()
      expect(await createReceivedFilesSweeper({ ...app.deps, clock: later }).sweep()).toMatchObject({ failed: 0 })
      expect(await app.deps.blobs.stat(group!.files[0]!.file_key)).toBeNull()
      const [after] = (await get<ReceivedGroupList>(app, '/received-files', owner.token)).body.items
      expect(after!.files_deleted).toBe(true)
      const res = await app.api(`/api/received-files/${group!.files[0]!.id}/download`, { headers: bearer(owner.token) })
      expect(res.status).toBe(410)
    })
  })
}, stacks)
