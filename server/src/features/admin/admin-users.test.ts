import type { AdminUserCreateResponse, AdminUserList } from '@ferry/contracts/api/admin'
import type { AdminUser } from '@ferry/contracts/api/users'
import { beforeAll, describe, expect, it } from 'vitest'
import { subscriptions } from '../../db/schema/index.js'
import { forEachStack, type TestApp } from '../../testing/test-app.js'
import { authCookieFrom, bearer, postJson } from '../auth/testing/auth-test-kit.js'
import { createLinkAs } from '../request-links/testing/request-links-test-kit.js'
import {
  outbox,
  postTransfer,
  randomBody,
  type Sender,
  signUp,
  transferRow,
  uploadFiles,
} from '../transfers/testing/transfers-test-kit.js'
import { as, uploadStacks, uploadWhole } from '../uploads/testing/uploads-test-kit.js'
import { claimedKeyOf } from '../uploads/upload-keys.js'
import { client, tokenOf, unique, userRow } from './testing/admin-test-kit.js'

const { stacks } = uploadStacks()

await forEachStack((getApp) => {
  let app: TestApp
  let admin: Sender
  let member: Sender
  let asAdmin: ReturnType<typeof client>

  beforeAll(async () => {
    app = getApp()
    admin = await signUp(app, 'ADMIN', 'Ada Admin')
    member = await signUp(app, 'FREE', 'Mo Member')
    asAdmin = client(app.api, admin.token)
  })

  describe('admin users', () => {
    it('answers 403 to non-admins and 401 to visitors on every admin endpoint', async () => {
      const id = member.id
      const calls = [
        ['GET', '/api/admin/users'],
        ['POST', '/api/admin/users', { name: 'X', email: unique('x'), role: 'FREE' }],
        ['PUT', `/api/admin/users/${id}`, { name: 'X', email: member.email, role: 'ADMIN' }],
        ['DELETE', `/api/admin/users/${id}`],
        ['GET', '/api/admin/storage'],
        ['GET', '/api/admin/transfers'],
      ] as const
      for (const [method, path, body] of calls) {
        const init = (token?: string) => ({
          method,
          headers: { ...(token ? bearer(token) : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        })
        expect((await app.api(path, init(member.token))).status, `${method} ${path}`).toBe(403)
        expect((await app.api(path, init())).status, `${method} ${path}`).toBe(401)
      }
      expect((await userRow(app, member.id))?.role).toBe('FREE')
    })

    it('creates a user without a password, emails a one-time link that sets it, then the user logs in', async () => {
      const email = unique('new')
      const before = (await outbox(app)).length
      const created = await asAdmin.post<AdminUserCreateResponse>('/api/admin/users', {
        name: '  Nia New ',
        email: ` ${email.toUpperCase()} `,
        role: 'PREMIUM',
      })
      expect(created.status, JSON.stringify(created.body)).toBe(201)
      expect(created.body.user).toMatchObject({ name: 'Nia New', email, role: 'PREMIUM' })
      expect(created.body.email_sent).toBe(true)
      expect((await userRow(app, created.body.user.id))?.passwordHash).toBeNull()

      const mails = (await outbox(app)).slice(before)
      expect(mails).toHaveLength(1)
      expect(mails[0]!.to).toContain(email)
      const link = mails[0]!.links.find((l) => l.includes('/set-password#token='))!
      expect(tokenOf(link)).toBe(tokenOf(created.body.set_password_url))

      const token = tokenOf(link)
      const info = await client(app.api).post('/api/set-password/info', { token })
      expect(info).toMatchObject({ status: 200, body: { email, name: 'Nia New' } })
      const short = await client(app.api).post('/api/set-password', { token, password: 'short' })
      expect(short.status).toBe(400)
      const setRes = await postJson(app.api, '/api/set-password', { token, password: 'a long new password' })
      expect(setRes.status).toBe(200)
      // Signed in at once: the answer names the account and its cookie is a working session.
      expect(await setRes.json()).toMatchObject({ email, user: { email, name: 'Nia New', email_confirmed: true } })
      const cookie = authCookieFrom(setRes)
      expect(cookie).toBeTruthy()
      expect((await app.api('/api/account', { headers: bearer(cookie!) })).status).toBe(200)

      const login = await postJson(app.api, '/auth/login', { email, password: 'a long new password' })
      expect(login.status).toBe(200)

      // The link works once.
      const again = await client(app.api).post('/api/set-password', { token, password: 'another password!' })
      expect(again).toMatchObject({ status: 400, body: { code: 'set_password_link_invalid' } })
      expect((await client(app.api).post('/api/set-password/info', { token })).status).toBe(400)
      const old = await postJson(app.api, '/auth/login', { email, password: 'a long new password' })
      expect(old.status).toBe(200)
    })

    it('refuses invalid emails, duplicate emails and unknown roles with 4xx, changing nothing', async () => {
      const count = async () => (await asAdmin.get<AdminUserList>('/api/admin/users?page_size=1')).body.total
      const total = await count()
      const bad = [
        [{ name: 'A', email: 'not-an-email', role: 'FREE' }, 400],
        [{ name: 'A', email: unique('a'), role: 'OWNER' }, 400],
        [{ name: 'A', email: unique('a'), role: 'admin' }, 400],
        [{ name: '', email: unique('a'), role: 'FREE' }, 400],
        [{ name: 'A', email: member.email.toUpperCase(), role: 'FREE' }, 409],
      ] as const
      for (const [body, status] of bad) {
        const res = await asAdmin.post('/api/admin/users', body)
        expect(res.status, JSON.stringify(body)).toBe(status)
        expect(res.body.detail).toBeTruthy()
      }
      expect(
        (await asAdmin.post('/api/admin/users', { name: 'A', email: 'x@example.com', role: 'OWNER' })).body.detail,
      ).toContain('Role must be one of FREE, PREMIUM or ADMIN.')
      expect((await asAdmin.post('/api/admin/users', { name: 'A', email: member.email, role: 'FREE' })).body.code).toBe(
        'admin_email_taken',
      )
      expect(await count()).toBe(total)

      const other = await signUp(app, 'FREE', 'Olga Other')
      const edits = [
        [{ name: 'B', email: 'bad@', role: 'FREE' }, 400],
        [{ name: 'B', email: other.email, role: 'SUPER' }, 400],
        [{ name: 'B', email: member.email, role: 'FREE' }, 409],
      ] as const
      for (const [body, status] of edits) {
        expect((await asAdmin.put(`/api/admin/users/${other.id}`, body)).status, JSON.stringify(body)).toBe(status)
      }
      expect(await userRow(app, other.id)).toMatchObject({ name: 'Olga Other', email: other.email, role: 'FREE' })
      expect(
        (await asAdmin.put('/api/admin/users/not-a-uuid', { name: 'B', email: unique('b'), role: 'FREE' })).status,
      ).toBe(404)
      expect((await asAdmin.del(`/api/admin/users/${crypto.randomUUID()}`)).status).toBe(404)
    })

    it('edits name, email and role; the guard reads the new role at once', async () => {
      const user = await signUp(app, 'FREE', 'Eve Edit')
      const email = unique('eve')
      const res = await asAdmin.put<AdminUser>(`/api/admin/users/${user.id}`, {
        name: 'Eve Edited',
        email,
        role: 'ADMIN',
      })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ id: user.id, name: 'Eve Edited', email, role: 'ADMIN' })
      expect((await client(app.api, user.token).get('/api/admin/users')).status).toBe(200)
      await asAdmin.put(`/api/admin/users/${user.id}`, { name: 'Eve Edited', email, role: 'FREE' })
      expect((await client(app.api, user.token).get('/api/admin/users')).status).toBe(403)
    })

    it('pages, sorts and searches (name or email, % and _ literal)', async () => {
      const tag = `zq${Math.random().toString(36).slice(2, 8)}`
      const emails: string[] = []
      for (const [name, role] of [
        ['Carla', 'FREE'],
        ['alba', 'PREMIUM'],
        ['Bert', 'ADMIN'],
      ] as const) {
        emails.push(unique(tag))
        const res = await asAdmin.post('/api/admin/users', { name: `${name} ${tag}`, email: emails.at(-1), role })
        expect(res.status).toBe(201)
      }
      const page = (query: string) => asAdmin.get<AdminUserList>(`/api/admin/users?search=${tag}&${query}`)
      const byName = await page('sort=name&order=asc&page_size=2')
      expect(byName.body.total).toBe(3)
      expect(byName.body.items.map((u) => u.name.split(' ')[0])).toEqual(['alba', 'Bert'])
      const second = await page('sort=name&order=asc&page_size=2&page=2')
      expect(second.body.items.map((u) => u.name.split(' ')[0])).toEqual(['Carla'])
      const byRole = await page('sort=role&order=desc')
      expect(byRole.body.items.map((u) => u.role)).toEqual(['PREMIUM', 'FREE', 'ADMIN'])
      const newest = await page('sort=created_at&order=desc')
      expect(newest.body.items[0]!.name).toContain('Bert')
      expect(Date.parse(newest.body.items[0]!.created_at)).toBeGreaterThan(0)
      const byEmail = await asAdmin.get<AdminUserList>(
        `/api/admin/users?search=${encodeURIComponent(emails[1]!.toUpperCase())}`,
      )
      expect(byEmail.body.items.map((u) => u.email)).toEqual([emails[1]])
      expect((await asAdmin.get<AdminUserList>('/api/admin/users?search=%25%25%25')).body.total).toBe(0)
      expect((await asAdmin.get('/api/admin/users?sort=password')).status).toBe(400)
      expect((await asAdmin.get('/api/admin/users?page_size=1000')).status).toBe(400)
    })

    it('deletes a user with their transfers’ and received files’ bytes; not oneself', async () => {
      const doomed = await signUp(app, 'PREMIUM', 'Dee Doomed')
      const records = await uploadFiles(app, doomed, [{ name: 'a.bin', body: randomBody(4000) }])
      const sent = await postTransfer(app, doomed.token, { files: records, recipient_emails: ['r@example.com'] })
      expect(sent.status).toBe(201)
      const transferId = sent.body.id as string

      const link = await createLinkAs(app.api, doomed.token, {})
      expect(link.status).toBe(201)
      const key = await uploadWhole(app.api, as(), randomBody(3000), {
        filename: 'r.bin',
        content_type: 'application/octet-stream',
        file_size: 3000,
        request_id: link.body.request_id,
      })
      const up = await client(app.api).post(`/api/file-request/${link.body.request_id}/upload`, {
        files: [{ file_key: key, file_name: 'r.bin', file_size: 3000 }],
      })
      expect(up.status, JSON.stringify(up.body)).toBe(201)

      // Where the transfer and the request link hold them since the claim.
      const keys = [claimedKeyOf(records[0]!.file_key), claimedKeyOf(key)]
      for (const k of keys) expect(await app.deps.blobs.stat(k)).not.toBeNull()

      expect((await asAdmin.del(`/api/admin/users/${admin.id}`)).body.code).toBe('admin_delete_self')
      // Nor may an admin change their own role; their name and email they may (issue 17 item 9).
      const ownRole = await asAdmin.put(`/api/admin/users/${admin.id}`, {
        name: 'Ada',
        email: admin.email,
        role: 'FREE',
      })
      expect(ownRole).toMatchObject({ status: 409, body: { code: 'admin_own_role' } })
      const ownName = await asAdmin.put(`/api/admin/users/${admin.id}`, {
        name: admin.name,
        email: admin.email,
        role: 'ADMIN',
      })
      expect(ownName).toMatchObject({ status: 200, body: { name: admin.name, role: 'ADMIN' } })
      const res = await asAdmin.del(`/api/admin/users/${doomed.id}`)
      expect(res).toMatchObject({ status: 200, body: { message: 'User deleted' } })

      expect(await userRow(app, doomed.id)).toBeUndefined()
      for (const k of keys) expect(await app.deps.blobs.stat(k)).toBeNull()
      const row = await transferRow(app, transferId)
      expect(row?.deletedAt).not.toBeNull()
      expect(row?.filesDeletedAt).not.toBeNull()
      expect((await client(app.api, doomed.token).get('/api/transfers')).status).toBe(401)
      expect((await asAdmin.del(`/api/admin/users/${doomed.id}`)).status).toBe(404)
    })

    it('cancels a paid subscription at the card provider before deleting its user', async () => {
      const payer = await signUp(app, 'PREMIUM', 'Pat Payer')
      const providerId = `sub_${crypto.randomUUID()}`
      await app.deps.database.db.insert(subscriptions).values({
        userId: payer.id,
        planId: 'pro',
        status: 'ACTIVE',
        provider: 'stripe',
        interval: 'yearly',
        amountCents: 9900,
        startDate: new Date(),
        providerSubscriptionId: providerId,
      })
      const cancelled: string[] = []
      const { payments } = app.deps
      const original = payments.cancelNow
      payments.cancelNow = async (id) => {
        cancelled.push(id)
      }
      try {
        expect((await asAdmin.del(`/api/admin/users/${payer.id}`)).status).toBe(200)
      } finally {
        payments.cancelNow = original
      }
      expect(cancelled).toEqual([providerId])
      expect(await userRow(app, payer.id)).toBeUndefined()
    })
  })
}, stacks)
