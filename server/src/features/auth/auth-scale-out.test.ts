import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { availablePostgres, availableRedis } from '../../testing/services.js'
import { buildTestApp, type TestApp } from '../../testing/test-app.js'
import { startTwoInstances, type TwoInstances } from '../../testing/two-instances.js'
import {
  bearer,
  postJson,
  registerAccount,
  registerProbeRoutes,
  uniqueEmail,
  uniqueIp,
} from './testing/auth-test-kit.js'

const services = (await availablePostgres()) && (await availableRedis())

describe.skipIf(!services)('two instances sharing PostgreSQL and Redis', () => {
  let instances: TwoInstances
  let one: TestApp
  let two: TestApp

  beforeAll(async () => {
    instances = await startTwoInstances({
      env: { AUTH_RATE_LIMIT_PER_IP: '6', AUTH_RATE_LIMIT_PER_ACCOUNT: '4', AUTH_RATE_LIMIT_WINDOW_SECONDS: '600' },
      beforeListen: registerProbeRoutes,
    })
    ;({ one, two } = instances)
    expect([one.deps.rateLimiter.kind, two.deps.rateLimiter.kind]).toEqual(['redis', 'redis'])
  })
  afterAll(() => instances?.close())

  it('share the count of failed logins per account and address: split over both, the fifth is refused', async () => {
    const { user } = await registerAccount(one.api, { password: 'password-123' })
    const guesser = { 'x-forwarded-for': uniqueIp() }
    const attempt = (t: TestApp, password = 'wrong-password', from = guesser) =>
      postJson(t.api, '/auth/login', { email: user.email, password }, from)
    const statuses = []
    for (const t of [one, two, one, two]) statuses.push((await attempt(t)).status)
    expect(statuses).toEqual([401, 401, 401, 401])

    for (const t of [one, two]) {
      const refused = await attempt(t)
      expect(refused.status).toBe(429)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(590)
      expect(await refused.json()).toEqual({
        code: 'rate_limited',
        detail: 'Too many attempts. Please wait 10 minutes and try again.',
      })
    }
    // The owner, from another address, is not locked out (security review M-1).
    expect((await attempt(two, 'password-123', { 'x-forwarded-for': uniqueIp() })).status).toBe(200)
  })

  it('share the count per client address across accounts and across login and register', async () => {
    const ip = uniqueIp()
    const from = { 'x-forwarded-for': ip }
    const statuses = []
    for (const t of [one, two, one, two, one, two]) {
      statuses.push((await postJson(t.api, '/auth/login', { email: uniqueEmail(), password: 'x' }, from)).status)
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401])
    expect((await postJson(one.api, '/auth/login', { email: uniqueEmail(), password: 'x' }, from)).status).toBe(429)
    expect((await postJson(two.api, '/auth/login', { email: uniqueEmail(), password: 'x' }, from)).status).toBe(429)
    // Another address is unaffected.
    const elsewhere = { 'x-forwarded-for': uniqueIp() }
    expect((await postJson(one.api, '/auth/login', { email: uniqueEmail(), password: 'x' }, elsewhere)).status).toBe(
      401,
    )
  })

  it('limit registrations per client address too', async () => {
    const from = { 'x-forwarded-for': uniqueIp() }
    const register = (t: TestApp) =>
      postJson(t.api, '/auth/register', { email: uniqueEmail(), password: 'password-123', name: 'R' }, from)
    const statuses = []
    for (const t of [one, two, one, two, one, two, one]) statuses.push((await register(t)).status)
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 429])
  })

  it('accept each other’s tokens and each other’s logouts', async () => {
    const { access_token: token } = await registerAccount(one.api)
    expect((await two.api('/api/probe/user', { headers: bearer(token) })).status).toBe(200)
    expect((await postJson(two.api, '/auth/logout', undefined, bearer(token))).status).toBe(200)
    expect((await one.api('/api/probe/user', { headers: bearer(token) })).status).toBe(401)
  })

  it('end every session of a user on every instance when one logs out of all devices', async () => {
    const { access_token: token } = await registerAccount(one.api, { email: uniqueEmail('everywhere') })
    expect((await postJson(two.api, '/auth/logout-all', undefined, bearer(token))).status).toBe(200)
    expect((await one.api('/api/probe/user', { headers: bearer(token) })).status).toBe(401)
  })
})

describe('the rate limit on a single instance without Redis', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ env: { AUTH_RATE_LIMIT_PER_ACCOUNT: '2', AUTH_RATE_LIMIT_WINDOW_SECONDS: '60' } })
  })
  afterAll(() => t?.close())

  it('counts failures from one address in memory and says to wait one minute', async () => {
    expect(t.deps.rateLimiter.kind).toBe('in-memory')
    const email = uniqueEmail()
    const statuses = []
    for (let i = 0; i < 3; i++) statuses.push((await postJson(t.api, '/auth/login', { email, password: 'x' })).status)
    expect(statuses).toEqual([401, 401, 429])
    const refused = await postJson(t.api, '/auth/login', { email: email.toUpperCase(), password: 'x' })
    expect(refused.status).toBe(429)
    expect((await refused.json()).detail).toBe('Too many attempts. Please wait 1 minute and try again.')
  })
})
