import { expect, it } from 'vitest'
import { forEachStack } from '../../testing/test-app.js'
import { authStacks, postJson, registerAccount, uniqueEmail, uniqueIp } from './testing/auth-test-kit.js'

// Security review L-6: sign-up says when an address already has an account (409 email_taken).
// Ferry accepts that knowingly (spec/accounts.md §2) because probing costs: sign-up attempts are
// limited per client address and per email, counted before the address is looked up.

const perIp = 5
const perEmail = 3

await forEachStack(
  (getApp) => {
    const api = (pathname: string, init?: RequestInit) => getApp().api(pathname, init)
    const signUp = (email: string, ip: string) =>
      postJson(
        api,
        '/auth/register',
        { email, password: 'correct horse battery', name: 'Probe' },
        { 'x-forwarded-for': ip },
      )
    const statusesOf = async (attempts: (() => Promise<Response>)[]) => {
      const statuses: number[] = []
      for (const attempt of attempts) statuses.push((await attempt()).status)
      return statuses
    }

    it('refuses probing one email from many addresses once the email’s attempts are spent', async () => {
      const { user } = await registerAccount((p, init) =>
        api(p, {
          ...init,
          headers: { ...Object.fromEntries(new Headers(init?.headers)), 'x-forwarded-for': uniqueIp() },
        }),
      )
      // The sign-up itself was the first attempt on this email.
      const probes = Array.from({ length: perEmail }, () => () => signUp(user.email, uniqueIp()))
      expect(await statusesOf(probes)).toEqual([409, 409, 429])
      const refused = await signUp(user.email, uniqueIp())
      expect(refused.status).toBe(429)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(800)
      expect(await refused.json()).toMatchObject({ code: 'rate_limited' })
    })

    it('refuses probing many emails from one address once the address’s attempts are spent', async () => {
      const ip = uniqueIp()
      const probes = Array.from({ length: perIp + 1 }, () => () => signUp(uniqueEmail('probe'), ip))
      expect(await statusesOf(probes)).toEqual([...Array(perIp).fill(201), 429])
      // Any further address from there is refused before it is looked up.
      expect((await signUp(uniqueEmail('probe'), ip)).status).toBe(429)
    })
  },
  authStacks({ env: { AUTH_RATE_LIMIT_PER_IP: String(perIp), AUTH_RATE_LIMIT_PER_ACCOUNT: String(perEmail) } }),
)
