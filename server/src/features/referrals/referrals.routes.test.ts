import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { availablePostgres, availableRedis } from '../../testing/services.js'
import { forEachStack, type TestApp } from '../../testing/test-app.js'
import { startTwoInstances, type TwoInstances } from '../../testing/two-instances.js'
import { authStacks, uniqueIp } from '../auth/testing/auth-test-kit.js'
import { createReferral } from '../billing/testing/billing-test-kit.js'
import { signUp } from '../transfers/testing/transfers-test-kit.js'

// Issue 17 item 6: the public invitation lookup of a referral link is limited per client address
// (the sign-in limits, AUTH_RATE_LIMIT_PER_IP per window), before any code is read, by the shared
// limiter: every instance counts together.

const perIp = 3
const limited = { AUTH_RATE_LIMIT_PER_IP: String(perIp), AUTH_RATE_LIMIT_WINDOW_SECONDS: '600' }

const lookup = (app: TestApp, code: string, ip: string) =>
  app.api(`/api/referrals/invitations/${encodeURIComponent(code)}`, { headers: { 'x-forwarded-for': ip } })

async function statusesOf(attempts: (() => Promise<Response>)[]): Promise<number[]> {
  const statuses = []
  for (const attempt of attempts) statuses.push((await attempt()).status)
  return statuses
}

await forEachStack(
  (getApp) => {
    it('refuses an address after its lookups run out, known code or not, and only that address', async () => {
      const app = getApp()
      const inviter = await signUp(app, 'PREMIUM', 'Rita Limit')
      const code = (await createReferral(app, inviter.token, inviter.id)).invite_code
      const ip = uniqueIp()
      const attempts = [code, 'BOGUS00001', code].map((c) => () => lookup(app, c, ip))
      expect(await statusesOf(attempts)).toEqual([200, 404, 200])

      // The limit comes before the code is read: a good code and a bad one get the same 429.
      for (const c of [code, 'BOGUS00002']) {
        const refused = await lookup(app, c, ip)
        expect(refused.status).toBe(429)
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(590)
        expect(await refused.json()).toEqual({
          code: 'rate_limited',
          detail: 'Too many attempts. Please wait 10 minutes and try again.',
        })
      }

      // Another visitor is not affected, and the lookups do not use up the address's sign-ins.
      const other = await lookup(app, code, uniqueIp())
      expect(other.status).toBe(200)
      expect(await other.json()).toEqual({ referral_code: code, inviter_name: 'Rita Limit', trial_days: 30 })
      const register = await app.api('/auth/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({
          email: `limit-${Date.now()}@example.com`,
          password: 'correct horse battery',
          name: 'N',
        }),
      })
      expect(register.status).toBe(201)
    })
  },
  authStacks({ env: limited }),
)

const services = (await availablePostgres()) && (await availableRedis())

describe.skipIf(!services)('two instances sharing PostgreSQL and Redis', () => {
  let instances: TwoInstances

  beforeAll(async () => {
    instances = await startTwoInstances({ env: limited })
    expect([instances.one.deps.rateLimiter.kind, instances.two.deps.rateLimiter.kind]).toEqual(['redis', 'redis'])
  })
  afterAll(() => instances?.close())

  it('share the count of invitation lookups per address: split over both, the next is refused on each', async () => {
    const { one, two } = instances
    const ip = uniqueIp()
    const attempts = [one, two, one].map((app) => () => lookup(app, 'BOGUS00003', ip))
    expect(await statusesOf(attempts)).toEqual([404, 404, 404])
    expect(await statusesOf([two, one].map((app) => () => lookup(app, 'BOGUS00003', ip)))).toEqual([429, 429])
    expect((await lookup(two, 'BOGUS00003', uniqueIp())).status).toBe(404)
  })
})
