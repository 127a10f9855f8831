import type { AdminUserCreateResponse, AdminUserList } from '@ferry/contracts/api/admin'
import type { AdminUser } from '@ferry/contracts/api/users'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { subscriptions, users } from '../../db/schema/index.js'
import { availablePostgres } from '../../testing/services.js'
import { buildTestApp, forEachStack, type TestApp } from '../../testing/test-app.js'
import { bearer, postJson } from '../auth/testing/auth-test-kit.js'
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

const { clock, stacks } = uploadStacks()

type Api = TestApp['api']

function client(api: Api, token?: string) {
  const send = async <T>(method: string, path: string, body?: unknown) => {
    const headers = {
      ...(token ? bearer(token) : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    }
    const res = await api(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
    return { status: res.status, body: (await res.json()) as T & { code?: string; detail?: string } }
  }
  return {
    get: <T>(path: string) => send<T>('GET', path),
    post: <T>(path: string, body: unknown) => send<T>('POST', path, body),
    put: <T>(path: string, body: unknown) => send<T>('PUT', path, body),
    del: <T>(path: string) => send<T>('DELETE', path),
  }
}

const tokenOf = (url: string) => new URL(url).searchParams.get('token')!
const unique = (label: string) => `${label}-${Math.random().toString(36).slice(2, 10)}@example.com`

async function userRow(app: TestApp, id: string) {
  const [row] = await app.deps.database.db.select().from(users).where(eq(users.id, id))
  return row
}

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
      const link = mails[0]!.links.find((l) => l.includes('/set-password?token='))!
      expect(tokenOf(link)).toBe(tokenOf(created.body.set_password_url))

      const token = tokenOf(link)
      const info = await client(app.api).get(`/api/set-password/info?token=${encodeURIComponent(token)}`)
      expect(info).toMatchObject({ status: 200, body: { email, name: 'Nia New' } })
      const short = await client(app.api).post('/api/set-password', { token, password: 'short' })
      expect(short.status).toBe(400)
      const set = await client(app.api).post('/api/set-password', { token, password: 'a long new password' })
      expect(set).toMatchObject({ status: 200, body: { email } })

      const login = await postJson(app.api, '/auth/login', { email, password: 'a long new password' })
      expect(login.status).toBe(200)

      // The link works once.
      const again = await client(app.api).post('/api/set-password', { token, password: 'another password!' })
      expect(again).toMatchObject({ status: 400, body: { code: 'set_password_link_invalid' } })
      expect((await client(app.api).get(`/api/set-password/info?token=${token}`)).status).toBe(400)
      const old = await postJson(app.api, '/auth/login', { email, password: 'a long new password' })
      expect(old.status).toBe(200)
    })

    it('set-password links expire after 72 hours and die when the email changes', async () => {
      const create = (label: string) =>
        asAdmin.post<AdminUserCreateResponse>('/api/admin/users', { name: label, email: unique(label), role: 'FREE' })
      const late = await create('late')
      clock.advance(73 * 3600 * 1000)
      try {
        const res = await client(app.api).post('/api/set-password', {
          token: tokenOf(late.body.set_password_url),
          password: 'a long new password',
        })
        expect(res).toMatchObject({ status: 400, body: { code: 'set_password_link_invalid' } })
      } finally {
        clock.reset()
      }
      const moved = await create('moved')
      const newEmail = unique('moved-again')
      await asAdmin.put(`/api/admin/users/${moved.body.user.id}`, { name: 'moved', email: newEmail, role: 'FREE' })
      const res = await client(app.api).post('/api/set-password', {
        token: tokenOf(moved.body.set_password_url),
        password: 'a long new password',
      })
      expect(res.status).toBe(400)
      expect((await userRow(app, moved.body.user.id))?.passwordHash).toBeNull()
    })

    it('sends a new set-password link on request; the first one used voids the others', async () => {
      const created = await asAdmin.post<AdminUserCreateResponse>('/api/admin/users', {
        name: 'Lou Lost',
        email: unique('lost'),
        role: 'FREE',
      })
      const before = (await outbox(app)).length
      const again = await asAdmin.post<AdminUserCreateResponse>(
        `/api/admin/users/${created.body.user.id}/set-password-link`,
        {},
      )
      expect(again.status).toBe(201)
      expect(again.body.user.email).toBe(created.body.user.email)
      const mails = (await outbox(app)).slice(before)
      expect(mails.map((m) => m.subject)).toEqual(['Ferry: choose a new password'])
      const fresh = tokenOf(again.body.set_password_url)
      expect(
        (await client(app.api).post('/api/set-password', { token: fresh, password: 'a long new password' })).status,
      ).toBe(200)
      const old = tokenOf(created.body.set_password_url)
      expect(
        (await client(app.api).post('/api/set-password', { token: old, password: 'another password' })).status,
      ).toBe(400)
      expect(
        (await client(app.api, member.token).post(`/api/admin/users/${created.body.user.id}/set-password-link`, {}))
          .status,
      ).toBe(403)
      expect((await asAdmin.post(`/api/admin/users/${crypto.randomUUID()}/set-password-link`, {})).status).toBe(404)
    })

    it('refuses tampered or foreign set-password tokens', async () => {
      const created = await asAdmin.post<AdminUserCreateResponse>('/api/admin/users', {
        name: 'Tom',
        email: unique('tom'),
        role: 'FREE',
      })
      const token = tokenOf(created.body.set_password_url)
      const tampered = `${token.slice(0, -3)}${token.slice(-3) === 'AAA' ? 'BBB' : 'AAA'}`
      for (const bad of [tampered, 'not-a-token', admin.token]) {
        const res = await client(app.api).post('/api/set-password', { token: bad, password: 'a long new password' })
        expect(res.status, bad).toBe(400)
      }
      expect((await userRow(app, created.body.user.id))?.passwordHash).toBeNull()
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

      const keys = [records[0]!.file_key, key]
      for (const k of keys) expect(await app.deps.blobs.stat(k)).not.toBeNull()

      expect((await asAdmin.del(`/api/admin/users/${admin.id}`)).body.code).toBe('admin_delete_self')
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

describe('the last admin', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await buildTestApp()
  })
  afterAll(async () => {
    await app?.close()
  })

  it('cannot be demoted or deleted; a second admin makes both possible', async () => {
    const only = await signUp(app, 'ADMIN', 'Only Admin')
    const other = await signUp(app, 'FREE', 'Other')
    const api = client(app.api, only.token)
    const demote = await api.put(`/api/admin/users/${only.id}`, { name: 'Only Admin', email: only.email, role: 'FREE' })
    expect(demote).toMatchObject({ status: 409, body: { code: 'admin_last_admin' } })
    expect((await userRow(app, only.id))?.role).toBe('ADMIN')

    await api.put(`/api/admin/users/${other.id}`, { name: 'Other', email: other.email, role: 'ADMIN' })
    const asOther = client(app.api, other.token)
    expect(
      (await asOther.put(`/api/admin/users/${only.id}`, { name: 'X', email: only.email, role: 'FREE' })).status,
    ).toBe(200)
    // `other` is now the only admin: the demoted one cannot delete or demote them.
    expect((await api.del(`/api/admin/users/${other.id}`)).status).toBe(403)
    expect(
      (await asOther.put(`/api/admin/users/${other.id}`, { name: 'Other', email: other.email, role: 'PREMIUM' })).body
        .code,
    ).toBe('admin_last_admin')
    expect((await userRow(app, other.id))?.role).toBe('ADMIN')
  })
})

describe.skipIf(!(await availablePostgres()))('the last admin, on PostgreSQL under concurrency', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await buildTestApp({ database: 'postgres' })
  })
  afterAll(async () => {
    await app?.close()
  })

  it('two admins demoting each other at once leave one admin', async () => {
    const a = await signUp(app, 'ADMIN', 'A')
    const b = await signUp(app, 'ADMIN', 'B')
    const [ab, ba] = await Promise.all([
      client(app.api, a.token).put(`/api/admin/users/${b.id}`, { name: 'B', email: b.email, role: 'FREE' }),
      client(app.api, b.token).put(`/api/admin/users/${a.id}`, { name: 'A', email: a.email, role: 'FREE' }),
    ])
    // The loser is refused by the rule (409), or by the guard if the winner committed first (403).
    const statuses = [ab.status, ba.status]
    expect(statuses.filter((status) => status === 200)).toHaveLength(1)
    expect(statuses.find((status) => status !== 200)).toBeOneOf([403, 409])
    const roles = [(await userRow(app, a.id))?.role, (await userRow(app, b.id))?.role]
    expect(roles.filter((r) => r === 'ADMIN')).toHaveLength(1)
  })
})
