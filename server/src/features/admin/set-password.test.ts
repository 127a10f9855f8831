import type { AdminUserCreateResponse } from '@ferry/contracts/api/admin'
import { generate } from 'otplib'
import { beforeAll, describe, expect, it } from 'vitest'
import { forEachStack, type TestApp } from '../../testing/test-app.js'
import { outbox, type Sender, signUp } from '../transfers/testing/transfers-test-kit.js'
import { uploadStacks } from '../uploads/testing/uploads-test-kit.js'
import { client, mailedSetPasswordToken, tokenOf, unique, userRow } from './testing/admin-test-kit.js'

const { clock, stacks } = uploadStacks()

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

  describe('set-password links', () => {
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
      // An existing account's link goes only to its owner, never to the admin (issue 17 item 9).
      expect(again.body.set_password_url).toBeNull()
      const mails = (await outbox(app)).slice(before)
      expect(mails.map((m) => m.subject)).toEqual(['Ferry: choose a new password'])
      expect(mails[0]!.text).toContain('An administrator sent you a link')
      expect(mails[0]!.html).toContain('Choose your password</a>')
      const fresh = await mailedSetPasswordToken(app.dataDir, created.body.user.email)
      expect((await userRow(app, created.body.user.id))?.emailConfirmedAt).toBeNull()
      expect(
        (await client(app.api).post('/api/set-password', { token: fresh, password: 'a long new password' })).status,
      ).toBe(200)
      // The link reached the address: the account is confirmed and may send (spec/accounts.md §2).
      expect((await userRow(app, created.body.user.id))?.emailConfirmedAt).toBeInstanceOf(Date)
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

    it('sets the password but opens no session for an account with two-factor sign-in on', async () => {
      const guarded = await signUp(app, 'FREE', 'Tess Two')
      const own = client(app.api, guarded.token)
      const { body: enrolment } = await own.post<{ secret: string }>('/api/account/totp', undefined)
      const code = await generate({ secret: enrolment.secret, epoch: Math.floor(clock.now().getTime() / 1000) })
      expect((await own.post('/api/account/totp/confirm', { code })).status).toBe(200)
      expect((await asAdmin.post(`/api/admin/users/${guarded.id}/set-password-link`, {})).status).toBe(201)
      const token = await mailedSetPasswordToken(app.dataDir, guarded.email)
      const res = await app.api('/api/set-password', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token, password: 'a long new password' }),
      })
      expect(res.status).toBe(200)
      const body = await res.json()
      expect(body.email).toBe(guarded.email)
      expect(body.user).toBeUndefined()
      expect(res.headers.getSetCookie().some((line) => line.startsWith('ferry_token='))).toBe(false)
      // The new password signs in only with the second step.
      const login = await client(app.api).post('/auth/login', { email: guarded.email, password: 'a long new password' })
      expect(login.body.code).toBe('second_factor_required')
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
  })
}, stacks)
