import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { senderCodes, senderConfirmations, transfers } from '../../db/schema/index.js'
import { forEachStack, type TestApp } from '../../testing/test-app.js'
import { authStacks, bearer, createTestClock, postJson, uniqueIp } from '../auth/testing/auth-test-kit.js'
import {
  fetchBytes,
  linkParts,
  outbox,
  type Sender,
  signUp,
  uploadFiles,
} from '../transfers/testing/transfers-test-kit.js'
import { createPendingUploadsSweeper } from '../uploads/uploads.jobs.js'
import { senderConfirmationJobs } from './sender-confirmation.jobs.js'
import { confirmSender, latestSenderCode, senderCodeMails } from './testing/sender-confirmation-test-kit.js'

// Issue 18 item 7 (DECISIONS §12 `requires_otp`): on the Free plan a browser, session or key
// confirms a 6-digit emailed code before its first transfer; paid plans never see it.

const clock = createTestClock()
afterEach(() => clock.reset())
const minute = 60_000
const day = 24 * 3600_000

await forEachStack((getApp) => {
  const freeSender = (app: TestApp) => signUp(app, 'FREE', 'Ana Sender', { senderConfirmed: false })

  async function send(app: TestApp, sender: Sender, files: unknown[], extra: Record<string, string> = {}) {
    const res = await app.api('/api/transfers', {
      method: 'POST',
      headers: { ...bearer(sender.token), 'content-type': 'application/json', ...extra },
      body: JSON.stringify({ files, recipient_emails: [`bo-${sender.id.slice(0, 8)}@example.com`], title: 'Photos' }),
    })
    return { status: res.status, body: (await res.json()) as Record<string, unknown> & { code?: string } }
  }
  const confirm = (app: TestApp, sender: Sender, code: string, extra: Record<string, string> = {}) =>
    postJson(app.api, '/api/sender-confirmation', { code }, { ...bearer(sender.token), ...extra })
  const askCode = (app: TestApp, sender: Sender) =>
    postJson(app.api, '/api/sender-confirmation/code', undefined, bearer(sender.token))
  const mailsTo = async (app: TestApp, email: string) => (await outbox(app)).filter((m) => m.to.includes(email))
  const transferCount = async (app: TestApp, sender: Sender) =>
    (await app.deps.database.db.select().from(transfers).where(eq(transfers.userId, sender.id))).length
  async function login(app: TestApp, sender: Sender) {
    const res = await postJson(app.api, '/auth/login', { email: sender.email, password: 'correct horse battery' })
    expect(res.status).toBe(200)
    return { ...sender, token: ((await res.json()) as { access_token: string }).access_token }
  }
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

  describe('POST /api/transfers on the Free plan', () => {
    it('answers 403 and emails a code; the code confirms and the same request then sends the uploads', async () => {
      const app = getApp()
      const sender = await freeSender(app)
      const files = await uploadFiles(app, sender, [{ name: 'a.txt', body: Buffer.from('hello world') }])
      const recipient = `bo-${sender.id.slice(0, 8)}@example.com`

      const refused = await send(app, sender, files)
      expect(refused.status).toBe(403)
      expect(refused.body.code).toBe('sender_confirmation_required')
      // Nothing published, nobody but the sender emailed.
      expect(await transferCount(app, sender)).toBe(0)
      expect(await mailsTo(app, recipient)).toHaveLength(0)
      const mails = await senderCodeMails(app, sender.email)
      expect(mails).toHaveLength(1)
      const code = mails[0]!.code
      expect(code).toMatch(/^\d{6}$/)
      expect(mails[0]!.text).toContain(code)

      // Only an HMAC of the code is stored.
      const rows = await app.deps.database.db.select().from(senderCodes).where(eq(senderCodes.userId, sender.id))
      expect(rows).toHaveLength(1)
      expect(rows[0]!.codeHmac).toMatch(/^[0-9a-f]{64}$/)
      expect(JSON.stringify(rows)).not.toContain(code)

      const status = await app.api('/api/sender-confirmation', { headers: bearer(sender.token) })
      expect(await status.json()).toEqual({ required: true, email: sender.email })

      const confirmed = await confirm(app, sender, code)
      expect(confirmed.status).toBe(204)
      const cookie = confirmed.headers.getSetCookie().find((c) => c.startsWith('ferry_sender='))
      expect(cookie).toMatch(/HttpOnly/i)
      expect(cookie).toMatch(/Path=\/api/)
      // The browser's token is kept only hashed.
      const token = /^ferry_sender=([^;]+)/.exec(cookie!)![1]!
      const kept = await app.deps.database.db
        .select()
        .from(senderConfirmations)
        .where(eq(senderConfirmations.userId, sender.id))
      expect(kept.map((r) => r.kind).sort()).toEqual(['browser', 'session'])
      expect(JSON.stringify(kept)).not.toContain(token)

      const sent = await send(app, sender, files)
      expect(sent.status).toBe(201)
      const [mail] = await mailsTo(app, recipient)
      const { uniqueId, t } = linkParts(mail!.links[0]!)
      const { res, bytes } = await fetchBytes(`${app.url}/share/${uniqueId}/download?t=${t}`)
      expect(res.status).toBe(200)
      expect(bytes.toString()).toBe('hello world')
      // The session stays confirmed: no second code.
      expect(
        (await send(app, sender, await uploadFiles(app, sender, [{ name: 'b', body: Buffer.from('b') }]))).status,
      ).toBe(201)
      expect(await senderCodeMails(app, sender.email)).toHaveLength(1)
    })

    it('keeps the uploads while the sender waits: a sweep meanwhile takes none of them', async () => {
      const app = getApp()
      const sender = await freeSender(app)
      const files = await uploadFiles(app, sender, [{ name: 'a.txt', body: Buffer.from('kept') }])
      expect((await send(app, sender, files)).status).toBe(403)
      clock.advance(9 * minute)
      await createPendingUploadsSweeper(app.deps).sweep()
      expect((await confirm(app, sender, await latestSenderCode(app, sender.email))).status).toBe(204)
      expect((await send(app, sender, files)).status).toBe(201)
    })

    it('emails at most one code a minute and three an hour per address', async () => {
      const app = getApp()
      const sender = await freeSender(app)
      const files = await uploadFiles(app, sender, [{ name: 'a.txt', body: Buffer.from('x') }])
      expect((await send(app, sender, files)).status).toBe(403)
      expect((await send(app, sender, files)).status).toBe(403)
      expect(await senderCodeMails(app, sender.email)).toHaveLength(1)

      const tooSoon = await askCode(app, sender)
      expect(tooSoon.status).toBe(429)
      expect(((await tooSoon.json()) as { code: string }).code).toBe('sender_code_too_soon')
      expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThan(0)

      clock.advance(minute + 1000)
      expect((await askCode(app, sender)).status).toBe(204)
      clock.advance(minute + 1000)
      expect((await askCode(app, sender)).status).toBe(204)
      clock.advance(minute + 1000)
      const fourth = await askCode(app, sender)
      expect(fourth.status).toBe(429)
      expect(((await fourth.json()) as { code: string }).code).toBe('sender_code_limit')
      const codes = await senderCodeMails(app, sender.email)
      expect(codes).toHaveLength(3)

      // A new code replaces the earlier ones.
      expect(
        (await confirm(app, sender, codes[0]!.code === codes[2]!.code ? wrongCode(codes[2]!.code) : codes[0]!.code))
          .status,
      ).toBe(400)
      expect((await confirm(app, sender, codes[2]!.code)).status).toBe(204)
    })

    it('refuses a wrong code with 400, limits tries before comparing (429), and an expired code with 410', async () => {
      const app = getApp()
      const sender = await freeSender(app)
      expect((await askCode(app, sender)).status).toBe(204)
      const code = await latestSenderCode(app, sender.email)
      for (let i = 0; i < 5; i++) {
        const res = await confirm(app, sender, wrongCode(code))
        expect(res.status).toBe(400)
        expect(((await res.json()) as { code: string }).code).toBe('sender_code_incorrect')
      }
      const limited = await confirm(app, sender, code)
      expect(limited.status).toBe(429)
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)

      // A new code gets its own tries; once expired it answers 410.
      clock.advance(2 * minute)
      expect((await askCode(app, sender)).status).toBe(204)
      const fresh = await latestSenderCode(app, sender.email)
      clock.advance(10 * minute + 1000)
      const expired = await confirm(app, sender, fresh)
      expect(expired.status).toBe(410)
      expect(((await expired.json()) as { code: string }).code).toBe('sender_code_expired')
      const malformed = await confirm(app, sender, '12ab')
      expect(malformed.status).toBe(400)
    })

    it('remembers a confirmed browser for 30 days through its cookie; a new session alone is asked again', async () => {
      const app = getApp()
      const sender = await freeSender(app)
      const cookieValue = await confirmSender(app, sender.token, sender.email)
      expect(cookieValue).toBeTruthy()
      const cookie = { cookie: `ferry_sender=${cookieValue}` }
      const upload = () => uploadFiles(app, sender, [{ name: 'a.txt', body: Buffer.from('x') }])

      // Another session (a new login) in the same browser: the cookie vouches for it.
      const later = await login(app, sender)
      expect((await send(app, later, await upload(), cookie)).status).toBe(201)
      // The same session elsewhere, without the cookie, was never confirmed.
      const elsewhere = await login(app, sender)
      expect((await send(app, elsewhere, await upload())).status).toBe(403)
      // Another account's browser cookie does not count.
      const other = await freeSender(app)
      expect(
        (await send(app, other, await uploadFiles(app, other, [{ name: 'o', body: Buffer.from('o') }]), cookie)).status,
      ).toBe(403)

      clock.advance(30 * day + minute)
      const afterMonth = await login(app, sender)
      const refused = await send(
        app,
        afterMonth,
        await uploadFiles(app, afterMonth, [{ name: 'c', body: Buffer.from('c') }]),
        cookie,
      )
      expect(refused.status).toBe(403)
      expect(refused.body.code).toBe('sender_confirmation_required')

      // The hourly sweep forgets what ended: the browser, the sessions, day-old codes.
      const [sweep] = senderConfirmationJobs(app.deps)
      await sweep!.run()
      const left = await app.deps.database.db
        .select()
        .from(senderConfirmations)
        .where(eq(senderConfirmations.userId, sender.id))
      expect(left).toEqual([])
      const codes = await app.deps.database.db.select().from(senderCodes).where(eq(senderCodes.userId, sender.id))
      expect(codes).toHaveLength(1) // the one the last refusal just sent
    })
  })

  describe('paid plans', () => {
    it('never ask for a code', async () => {
      const app = getApp()
      const sender = await signUp(app, 'PREMIUM', 'Pia Paid', { senderConfirmed: false })
      const files = await uploadFiles(app, sender, [{ name: 'a.txt', body: Buffer.from('paid') }])
      expect((await send(app, sender, files)).status).toBe(201)
      const status = await app.api('/api/sender-confirmation', { headers: bearer(sender.token) })
      expect(((await status.json()) as { required: boolean }).required).toBe(false)
      const asked = await askCode(app, sender)
      expect(asked.status).toBe(409)
      expect(await senderCodeMails(app, sender.email)).toHaveLength(0)
    })
  })

  it('needs a session: 401 before the body is read', async () => {
    const app = getApp()
    const res = await postJson(
      app.api,
      '/api/sender-confirmation',
      { code: '123456' },
      { 'x-forwarded-for': uniqueIp() },
    )
    expect(res.status).toBe(401)
  })
}, authStacks({ clock }))
