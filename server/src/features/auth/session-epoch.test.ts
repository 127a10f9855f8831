import type { AdminUserCreateResponse } from '@ferry/contracts/api/admin'
import { describe, expect, it } from 'vitest'
import { forEachStack } from '../../testing/test-app.js'
import { mailedSetPasswordToken, tokenOf } from '../admin/testing/admin-test-kit.js'
import { authCookieFrom, authStacks, bearer, postJson, registerAccount, uniqueEmail } from './testing/auth-test-kit.js'

/** The 401 of an expired or revoked session: an ended session looks the same (product.md §15). */
const notAuthenticated = { detail: 'Not authenticated', code: 'unauthorized' }
const xhr = { 'x-requested-with': 'XMLHttpRequest' }

await forEachStack((getApp) => {
  const api = (pathname: string, init?: RequestInit) => getApp().api(pathname, init)

  const login = async (email: string, password: string) => {
    const res = await postJson(api, '/auth/login', { email, password })
    expect(res.status).toBe(200)
    return ((await res.json()) as { access_token: string }).access_token
  }
  const probe = (token: string) => api('/api/probe/user', { headers: bearer(token) })
  const expectEnded = async (token: string) => {
    const res = await probe(token)
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual(notAuthenticated)
    expect(await (await postJson(api, '/auth/verify', { token })).json()).toEqual({ valid: false })
  }

  describe('log out of all devices', () => {
    it('ends every session of the user, the calling one included, and clears its cookie', async () => {
      const account = await registerAccount(api)
      const laptop = await login(account.user.email, account.password)
      const phone = await login(account.user.email, account.password)
      const other = await registerAccount(api)

      const res = await postJson(api, '/auth/logout-all', undefined, bearer(laptop))
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ message: 'Logged out of all devices' })
      expect(res.headers.getSetCookie().join()).toMatch(/ferry_token=;/)

      for (const token of [account.access_token, laptop, phone]) await expectEnded(token)
      // Someone else's sessions are untouched, and signing in again works.
      expect((await probe(other.access_token)).status).toBe(200)
      const again = await login(account.user.email, account.password)
      expect((await probe(again)).status).toBe(200)
      expect(await (await postJson(api, '/auth/verify', { token: again })).json()).toMatchObject({ valid: true })
    })

    it('works through the cookie with X-Requested-With, and needs a session', async () => {
      const account = await registerAccount(api)
      const cookie = `ferry_token=${account.access_token}`
      // The web app verifies its session by the cookie alone.
      expect(await (await postJson(api, '/auth/verify', {}, { cookie, ...xhr })).json()).toEqual({
        valid: true,
        user: account.user,
      })
      expect((await postJson(api, '/auth/logout-all', undefined, { cookie })).status).toBe(403)
      expect((await probe(account.access_token)).status).toBe(200)

      const res = await postJson(api, '/auth/logout-all', undefined, { cookie, ...xhr })
      expect(res.status).toBe(200)
      expect((await api('/api/probe/user', { headers: { cookie } })).status).toBe(401)

      const verified = await postJson(api, '/auth/verify', {}, { cookie, ...xhr })
      expect(await verified.json()).toEqual({ valid: false })
      // The dead cookie is dropped with the answer.
      expect(verified.headers.getSetCookie().join()).toMatch(/ferry_token=;/)
      const anonymous = await postJson(api, '/auth/logout-all', undefined, xhr)
      expect(anonymous.status).toBe(401)
      expect(await anonymous.json()).toEqual(notAuthenticated)
      // An ended session cannot end anything either.
      expect((await postJson(api, '/auth/logout-all', undefined, bearer(account.access_token))).status).toBe(401)
    })

    it('gives a token issued after it the new epoch, while the old ones stay ended', async () => {
      const account = await registerAccount(api)
      await postJson(api, '/auth/logout-all', undefined, bearer(account.access_token))
      const second = await login(account.user.email, account.password)
      const res = await postJson(api, '/auth/logout-all', undefined, bearer(second))
      expect(res.status).toBe(200)
      await expectEnded(second)
      await expectEnded(account.access_token)
      const cookie = authCookieFrom(
        await postJson(api, '/auth/login', { email: account.user.email, password: account.password }),
      )!
      expect((await api('/api/probe/user', { headers: { cookie: `ferry_token=${cookie}` } })).status).toBe(200)
    })
  })

  describe('a password reset', () => {
    it('ends the sessions the account had; the new password signs in', async () => {
      const app = getApp()
      const adminAccount = await registerAccount(api, { email: uniqueEmail('admin') })
      await app.services.users.setRole(adminAccount.user.email, 'ADMIN')
      const created = await postJson(
        api,
        '/api/admin/users',
        { name: 'Rita Reset', email: uniqueEmail('reset'), role: 'FREE' },
        bearer(adminAccount.access_token),
      )
      expect(created.status).toBe(201)
      const { user, set_password_url } = (await created.json()) as AdminUserCreateResponse
      const first = tokenOf(set_password_url)
      expect((await postJson(api, '/api/set-password', { token: first, password: 'first password here' })).status).toBe(
        200,
      )
      const stolen = await login(user.email, 'first password here')
      const owners = await login(user.email, 'first password here')

      // The owner asks the admin for a reset link and chooses a new password.
      const link = await postJson(
        api,
        `/api/admin/users/${user.id}/set-password-link`,
        {},
        bearer(adminAccount.access_token),
      )
      expect(link.status).toBe(201)
      // An existing account's new link is emailed to its owner only.
      const token = await mailedSetPasswordToken(app.dataDir, user.email)
      expect((await probe(stolen)).status).toBe(200)
      expect((await postJson(api, '/api/set-password', { token, password: 'second password here' })).status).toBe(200)

      await expectEnded(stolen)
      await expectEnded(owners)
      expect((await postJson(api, '/auth/login', { email: user.email, password: 'first password here' })).status).toBe(
        401,
      )
      expect((await probe(await login(user.email, 'second password here'))).status).toBe(200)
      // The admin who sent the link stays signed in.
      expect((await probe(adminAccount.access_token)).status).toBe(200)
    })
  })
}, authStacks())
