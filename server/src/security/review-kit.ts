import { uniqueIp } from '../features/auth/testing/auth-test-kit.js'
import { type TestApp, testStacks } from '../testing/test-app.js'

// Helpers of the security review replays (server/src/security, `npm run test:security`).

type Api = TestApp['api']

/**
 * The server's `api`, as seen from one client address: every request carries `X-Forwarded-For`
 * (the test client is on loopback, which TRUST_PROXY trusts by default), so the per-address
 * limits of one replay do not count the requests of another.
 */
export const fromAddress =
  (api: Api, ip = uniqueIp()): Api =>
  (pathname, init = {}) =>
    api(pathname, {
      ...init,
      headers: { ...Object.fromEntries(new Headers(init.headers)), 'x-forwarded-for': ip },
    })

/** The stack the review probed by default (`npm start`: PGlite, local disk, test checkout). */
export const embeddedStack = testStacks.find((s) => s.storage === 'local')!

/** The stack with S3 (the review's run 2), PostgreSQL and Redis, as the other API tests use it. */
export const s3Stack = testStacks.find((s) => s.storage === 's3')!

export const GiB = 1024 ** 3
export const MiB = 1024 ** 2
