import { expect, it } from 'vitest'
import { forEachStack } from '../../testing/test-app.js'
import { authStacks, createTestClock, postJson, registerAccount, uniqueIp } from './testing/auth-test-kit.js'

// Security review M-1: login cannot be used to lock an account out. Only failures count against
// an account, a success forgets them, one address that keeps guessing is refused, and the
// account as a whole slows down (progressive delay) instead of locking.

const clock = createTestClock()
const perAccount = 3

await forEachStack(
  (getApp, stack) => {
    const api = (pathname: string, init?: RequestInit) => getApp().api(pathname, init)
    const login = (email: string, password: string, ip = uniqueIp()) =>
      postJson(api, '/auth/login', { email, password }, { 'x-forwarded-for': ip })
    const statusesOf = async (attempts: (() => Promise<Response>)[]) => {
      const statuses = []
      for (const attempt of attempts) statuses.push((await attempt()).status)
      return statuses
    }

    it('never counts successful logins: many in a row all get in', async () => {
      const { user, password } = await registerAccount(api)
      const ip = uniqueIp()
      const statuses = await statusesOf(
        Array.from({ length: perAccount * 3 }, () => () => login(user.email, password, ip)),
      )
      expect(statuses).toEqual(Array(perAccount * 3).fill(200))
    })

    it('lets the owner in with the right password after strangers failed from many addresses', async () => {
      const { user, password } = await registerAccount(api)
      const wrong = Array.from({ length: perAccount }, () => () => login(user.email, 'not-the-password'))
      expect(await statusesOf(wrong)).toEqual(Array(perAccount).fill(401))
      expect((await login(user.email, password)).status).toBe(200)
      // The success forgot the failures: the account is back to its full allowance.
      expect(await statusesOf(wrong.slice(1))).toEqual(Array(perAccount - 1).fill(401))
      expect((await login(user.email, password)).status).toBe(200)
    })

    it('refuses an address that keeps failing on an account, and only that address', async () => {
      const { user, password } = await registerAccount(api)
      const guesser = uniqueIp()
      const wrong = Array.from({ length: perAccount }, () => () => login(user.email, 'guess', guesser))
      expect(await statusesOf(wrong)).toEqual(Array(perAccount).fill(401))

      const refused = await login(user.email, password, guesser)
      expect(refused.status).toBe(429)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(800)
      expect(await refused.json()).toEqual({
        code: 'rate_limited',
        detail: 'Too many attempts. Please wait 15 minutes and try again.',
      })
      expect((await login(user.email, password)).status).toBe(200)
      // The owner's success elsewhere does not lift the guesser's refusal.
      expect((await login(user.email, 'guess', guesser)).status).toBe(429)
    })

    it('counts unknown emails the same way, so the limit tells nothing about who has an account', async () => {
      const ip = uniqueIp()
      const email = `nobody-${Date.now()}@example.com`
      const statuses = await statusesOf(Array.from({ length: perAccount + 1 }, () => () => login(email, 'x', ip)))
      expect(statuses).toEqual([...Array(perAccount).fill(401), 429])
    })

    it.skipIf(stack.events === 'redis')(
      'spaces attempts on an account past its threshold by a delay that doubles (test clock)',
      async () => {
        const { user, password } = await registerAccount(api)
        const wrong = () => login(user.email, 'wrong')
        expect(await statusesOf(Array(perAccount).fill(wrong))).toEqual(Array(perAccount).fill(401))

        for (const delay of [1, 2, 4, 8]) {
          expect((await wrong()).status).toBe(401) // takes the free slot
          const early = await login(user.email, password)
          expect(early.status).toBe(429)
          // The next slot opens when this one's delay ends; the one after waits twice as long.
          expect(Number(early.headers.get('retry-after'))).toBe(delay)
          expect((await early.json()).detail).toBe(
            `Too many attempts. Please wait ${delay} second${delay === 1 ? '' : 's'} and try again.`,
          )
          clock.advance(delay * 1000)
        }
        // Never more than AUTH_LOGIN_MAX_DELAY_SECONDS: the owner is slowed, not locked out.
        for (let i = 0; i < 4; i++) {
          expect((await wrong()).status).toBe(401)
          const early = await login(user.email, password)
          expect(Number(early.headers.get('retry-after'))).toBeLessThanOrEqual(10)
          clock.advance(10_000)
        }
        expect((await login(user.email, password)).status).toBe(200)
        expect((await wrong()).status).toBe(401)
        expect((await login(user.email, password)).status).toBe(200)
      },
    )

    it.skipIf(stack.events !== 'redis')(
      'lets one attempt through per delay once the account is past its threshold (shared slot)',
      async () => {
        const { user, password } = await registerAccount(api)
        const wrong = () => login(user.email, 'wrong')
        expect(await statusesOf(Array(perAccount).fill(wrong))).toEqual(Array(perAccount).fill(401))
        const both = await Promise.all([wrong(), wrong()])
        expect(both.map((r) => r.status).sort()).toEqual([401, 429])
        // The owner gets in once the delay is over, at most AUTH_LOGIN_MAX_DELAY_SECONDS: the shared
        // slot's window ends by the instances' clock, which the test moves.
        clock.advance(10_000)
        expect((await login(user.email, password)).status).toBe(200)
      },
    )
  },
  authStacks({
    clock,
    env: {
      AUTH_RATE_LIMIT_PER_ACCOUNT: String(perAccount),
      AUTH_RATE_LIMIT_WINDOW_SECONDS: '900',
      AUTH_LOGIN_MAX_DELAY_SECONDS: '10',
    },
  }),
)
