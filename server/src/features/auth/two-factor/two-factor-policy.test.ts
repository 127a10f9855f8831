import { eq } from 'drizzle-orm'
import { generate } from 'otplib'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../../db/schema/index.js'
import { forEachStack, type TestApp } from '../../../testing/test-app.js'
import { client } from '../../admin/testing/admin-test-kit.js'
import { addPasskey, authStacks, bearer, createTestClock, postJson, registerAccount } from '../testing/auth-test-kit.js'
import { daysLeft, graceDeadline } from './two-factor-policy.service.js'

// Required two-factor sign-in (issue 23 item 2) over real HTTP: the admin's switch, the grace
// period on a clock the test moves, the 403 outside enrolment, and enrolling to get back in.

const clock = createTestClock()
const dayMs = 24 * 3600_000

describe('graceDeadline', () => {
  const on = (since: string, graceDays: number) => ({ required: true, graceDays, requiredSince: new Date(since) })
  it('counts from the switch, or from the account’s creation when that is later', () => {
    const old = { createdAt: new Date('2026-01-01T00:00:00Z') }
    const recent = { createdAt: new Date('2026-03-10T12:00:00Z') }
    expect(graceDeadline(on('2026-03-01T00:00:00Z', 7), old)?.toISOString()).toBe('2026-03-08T00:00:00.000Z')
    expect(graceDeadline(on('2026-03-01T00:00:00Z', 7), recent)?.toISOString()).toBe('2026-03-17T12:00:00.000Z')
    expect(graceDeadline({ required: false, graceDays: 7, requiredSince: null }, old)).toBeUndefined()
  })
  it('rounds the days left up, and stops at 0', () => {
    const deadline = new Date('2026-03-08T00:00:00Z')
    expect(daysLeft(deadline, new Date('2026-03-01T00:00:00Z'))).toBe(7)
    expect(daysLeft(deadline, new Date('2026-03-07T23:00:00Z'))).toBe(1)
    expect(daysLeft(deadline, new Date('2026-03-09T00:00:00Z'))).toBe(0)
  })
})

await forEachStack((getApp) => {
  const api: TestApp['api'] = (pathname, init) => getApp().api(pathname, init)
  /** An admin with TOTP on, whom the requirement never shuts out. */
  let root: ReturnType<typeof client>
  beforeAll(async () => {
    const account = await registerAccount(api)
    await getApp().services.users.setRole(account.user.email, 'ADMIN')
    const auth = bearer(account.access_token)
    const { secret } = await (await postJson(api, '/api/account/totp', undefined, auth)).json()
    const code = await generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) })
    expect((await postJson(api, '/api/account/totp/confirm', { code }, auth)).status).toBe(200)
    root = client(api, account.access_token)
  })

  afterEach(async () => {
    clock.reset()
    // The switch is the whole service's: each test starts with it off.
    expect((await root.put('/api/admin/security/two-factor', { required: false, grace_days: 14 })).status).toBe(200)
  })

  async function adminClient() {
    const account = await registerAccount(api)
    await getApp().services.users.setRole(account.user.email, 'ADMIN')
    return client(api, account.access_token)
  }

  /** Moves an account's creation by `ms` (accounts are stamped by the database's clock, not the test's). */
  const createdLater = (id: string, ms: number) =>
    getApp()
      .deps.database.db.update(users)
      .set({ createdAt: new Date(Date.now() + ms) })
      .where(eq(users.id, id))

  const requirementOf = async (token: string) =>
    (await client(api, token).get<Record<string, unknown>>('/api/account/two-factor-requirement')).body

  it('is for admins only, checks its input, and starts off', async () => {
    const member = await registerAccount(api)
    expect((await api('/api/admin/security/two-factor')).status).toBe(401)
    expect((await client(api, member.access_token).get('/api/admin/security/two-factor')).status).toBe(403)
    const admin = await adminClient()
    expect((await admin.get('/api/admin/security/two-factor')).body).toMatchObject({ required: false })
    for (const bad of [{ required: true, grace_days: -1 }, { required: true, grace_days: 366 }, { required: 'yes' }]) {
      const res = await admin.put('/api/admin/security/two-factor', bad)
      expect(res.status).toBe(400)
    }
    expect(await requirementOf(member.access_token)).toEqual({
      required: false,
      enrolled: false,
      deadline: null,
      days_left: null,
    })
  })

  it('lets an account work through its grace period, then opens only enrolment until it has a second factor', async () => {
    const admin = await adminClient()
    const member = await registerAccount(api)
    const auth = bearer(member.access_token)
    const switched = await admin.put<{ required_since: string }>('/api/admin/security/two-factor', {
      required: true,
      grace_days: 3,
    })
    expect(switched.status).toBe(200)
    expect(switched.body).toMatchObject({ required: true, grace_days: 3 })
    const since = new Date(switched.body.required_since)
    expect(await requirementOf(member.access_token)).toEqual({
      required: true,
      enrolled: false,
      deadline: new Date(since.getTime() + 3 * dayMs).toISOString(),
      days_left: 3,
    })
    expect((await api('/api/probe/user', { headers: auth })).status).toBe(200)

    // Changing the days while it is on keeps when it was switched on.
    const longer = await admin.put('/api/admin/security/two-factor', { required: true, grace_days: 4 })
    expect(longer.body).toMatchObject({ required_since: switched.body.required_since })
    clock.advance(3 * dayMs + 60_000)
    expect(await requirementOf(member.access_token)).toMatchObject({ days_left: 1 })
    expect((await api('/api/probe/user', { headers: auth })).status).toBe(200)

    clock.advance(dayMs)
    const refused = await api('/api/probe/user', { headers: auth })
    expect(refused.status).toBe(403)
    expect(await refused.json()).toMatchObject({ code: 'two_factor_enrolment_required' })
    expect((await api('/api/account/sessions', { headers: auth })).status).toBe(200)
    expect((await api('/api/account', { headers: auth })).status).toBe(200)
    expect(await requirementOf(member.access_token)).toMatchObject({ enrolled: false, days_left: 0 })
    // A public route does not refuse them: it just knows who they are.
    expect((await postJson(api, '/api/probe/public', undefined, auth)).status).toBe(200)

    // Enrolling TOTP is open, and opens the rest.
    const { secret } = await (await postJson(api, '/api/account/totp', undefined, auth)).json()
    const code = await generate({ secret, epoch: Math.floor(clock.now().getTime() / 1000) })
    expect((await postJson(api, '/api/account/totp/confirm', { code }, auth)).status).toBe(200)
    expect((await api('/api/probe/user', { headers: auth })).status).toBe(200)
    expect(await requirementOf(member.access_token)).toEqual({
      required: true,
      enrolled: true,
      deadline: null,
      days_left: null,
    })
  })

  it('counts a passkey as a second factor, and gives an account made later its whole grace period', async () => {
    const app = getApp()
    await root.put('/api/admin/security/two-factor', { required: true, grace_days: 0 })
    // Made after the switch with no grace: shut out at once.
    const late = await registerAccount(api)
    const auth = bearer(late.access_token)
    clock.advance(1000)
    expect((await api('/api/probe/user', { headers: auth })).status).toBe(403)
    await addPasskey(app, auth)
    expect((await api('/api/probe/user', { headers: auth })).status).toBe(200)

    const older = await registerAccount(api)
    const newcomer = await registerAccount(api)
    await root.put('/api/admin/security/two-factor', { required: false, grace_days: 2 })
    await root.put('/api/admin/security/two-factor', { required: true, grace_days: 2 })
    // The newcomer is made a day after the switch.
    await createdLater(newcomer.user.id, dayMs)
    clock.advance(2.5 * dayMs)
    // Two and a half days after the switch: over for the older account, a day left for the newcomer.
    expect((await api('/api/probe/user', { headers: bearer(older.access_token) })).status).toBe(403)
    expect((await api('/api/probe/user', { headers: bearer(newcomer.access_token) })).status).toBe(200)
    expect(await requirementOf(newcomer.access_token)).toMatchObject({ days_left: 1 })
  })

  it('starts the grace period anew when switched off and on again', async () => {
    const admin = await adminClient()
    const member = await registerAccount(api)
    await admin.put('/api/admin/security/two-factor', { required: true, grace_days: 1 })
    clock.advance(2 * dayMs)
    expect((await api('/api/probe/user', { headers: bearer(member.access_token) })).status).toBe(403)
    // The admin themselves is shut out too (everyone means everyone), until the switch goes off.
    expect((await admin.get('/api/admin/users')).status).toBe(403)
    // An admin with a second factor switches it off; the member is back in.
    expect((await root.put('/api/admin/security/two-factor', { required: false, grace_days: 1 })).status).toBe(200)
    expect((await api('/api/probe/user', { headers: bearer(member.access_token) })).status).toBe(200)
    await root.put('/api/admin/security/two-factor', { required: true, grace_days: 1 })
    expect((await api('/api/probe/user', { headers: bearer(member.access_token) })).status).toBe(200)
    expect(await requirementOf(member.access_token)).toMatchObject({ days_left: 1 })
  })
}, authStacks({ clock }))
