import { eq } from 'drizzle-orm'
import { afterEach, expect, it } from 'vitest'
import { users } from '../../db/schema/index.js'
import { forEachStack, type TestApp } from '../../testing/test-app.js'
import { authStacks, bearer, createTestClock, uniqueIp } from '../auth/testing/auth-test-kit.js'
import { outbox, type Sender, signUp, uploadFiles } from './testing/transfers-test-kit.js'

// Security review M-2: transfers and recipient emails are throttled per account and per client
// address, per hour and per day; brand-new accounts get a lower daily ceiling; the refusal says
// when sending works again (Retry-After, retry_after_seconds, retry_at).

const clock = createTestClock()
afterEach(() => clock.reset())
const hour = 3600_000

await forEachStack(
  (getApp) => {
    /** POST /api/transfers from `ip`, to `recipients`. */
    async function send(app: TestApp, sender: Sender, ip: string, recipients = ['r@example.com']) {
      const files = await uploadFiles(app, sender, [{ name: 'a.txt', body: Buffer.from('hi') }])
      const res = await app.api('/api/transfers', {
        method: 'POST',
        headers: { ...bearer(sender.token), 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ files, recipient_emails: recipients, title: 'T' }),
      })
      return {
        status: res.status,
        retryAfter: Number(res.headers.get('retry-after')),
        body: (await res.json()) as { code?: string; detail?: string; retry_at?: string; retry_after_seconds?: number },
      }
    }
    /** An account past its first day, so only the ordinary limits apply. */
    async function established(app: TestApp, role: 'FREE' | 'PREMIUM' = 'FREE') {
      const sender = await signUp(app, role)
      await app.deps.database.db
        .update(users)
        .set({ createdAt: new Date(clock.now().getTime() - 48 * hour) })
        .where(eq(users.id, sender.id))
      return sender
    }

    it('limits transfers per account per hour, says when to send again, and counts nothing refused', async () => {
      const app = getApp()
      const sender = await established(app)
      expect((await send(app, sender, uniqueIp())).status).toBe(201)
      expect((await send(app, sender, uniqueIp())).status).toBe(201)
      const mailsBefore = (await outbox(app)).length
      const refused = await send(app, sender, uniqueIp())
      expect(refused.status).toBe(429)
      expect(refused.body.code).toBe('send_rate_limited')
      expect(refused.body.detail).toMatch(
        /^You have reached the sending limit for now.*You can send again in 60 minutes/,
      )
      expect(refused.retryAfter).toBeGreaterThan(3590)
      expect(refused.retryAfter).toBeLessThanOrEqual(3600)
      expect(refused.body.retry_after_seconds).toBe(refused.retryAfter)
      const retryAt = Date.parse(refused.body.retry_at ?? '')
      expect(Math.abs(retryAt - (clock.now().getTime() + refused.retryAfter * 1000))).toBeLessThan(2000)
      expect((await outbox(app)).length).toBe(mailsBefore)

      // The controlled clock passes the hour: the next one goes, and the day's third is the last.
      clock.advance(hour + 1000)
      expect((await send(app, sender, uniqueIp())).status).toBe(201)
      clock.advance(hour + 1000)
      const daily = await send(app, sender, uniqueIp())
      expect(daily.status).toBe(429)
      expect(daily.retryAfter).toBeGreaterThan(20 * 3600)
    })

    it('limits transfers per client address across accounts', async () => {
      const app = getApp()
      const ip = uniqueIp()
      const first = await established(app)
      const second = await established(app)
      expect((await send(app, first, ip)).status).toBe(201)
      expect((await send(app, second, ip)).status).toBe(201)
      const refused = await send(app, second, ip)
      expect(refused.status).toBe(429)
      expect(refused.body.code).toBe('send_rate_limited')
      // Elsewhere, the account still sends.
      expect((await send(app, second, uniqueIp())).status).toBe(201)
    })

    it('limits recipient emails per account per hour', async () => {
      const app = getApp()
      const pro = await established(app, 'PREMIUM')
      expect((await send(app, pro, uniqueIp(), ['a@example.com', 'b@example.com', 'c@example.com'])).status).toBe(201)
      const refused = await send(app, pro, uniqueIp(), ['d@example.com', 'e@example.com'])
      expect(refused.status).toBe(429)
      expect(refused.retryAfter).toBeGreaterThan(3000)
      // One more email fits the hour's four.
      expect((await send(app, pro, uniqueIp(), ['d@example.com'])).status).toBe(201)
    })

    it('gives brand-new accounts a lower daily ceiling', async () => {
      const app = getApp()
      const fresh = await signUp(app)
      expect((await send(app, fresh, uniqueIp())).status).toBe(201)
      const refused = await send(app, fresh, uniqueIp())
      expect(refused.status).toBe(429)
      expect(refused.body.code).toBe('send_rate_limited')
      expect(refused.retryAfter).toBeGreaterThan(23 * 3600)
    })
  },
  authStacks({
    clock,
    env: {
      SEND_TRANSFERS_PER_HOUR: '2',
      SEND_TRANSFERS_PER_DAY: '3',
      SEND_RECIPIENT_EMAILS_PER_HOUR: '4',
      SEND_RECIPIENT_EMAILS_PER_DAY: '100',
      SEND_NEW_ACCOUNT_HOURS: '24',
      SEND_NEW_ACCOUNT_TRANSFERS_PER_DAY: '1',
      SEND_NEW_ACCOUNT_RECIPIENT_EMAILS_PER_DAY: '100',
    },
  }),
)
