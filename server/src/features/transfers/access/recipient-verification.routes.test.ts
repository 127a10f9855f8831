import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { recipientCodes, transferRecipients } from '../../../db/schema/index.js'
import { forEachStack, type TestApp, testStacks } from '../../../testing/test-app.js'
import { bearer, createTestClock, postJson, uniqueIp } from '../../auth/testing/auth-test-kit.js'
import {
  fetchBytes,
  getJson,
  outbox,
  postTransfer,
  randomBody,
  readStoredZip,
  type Sender,
  share,
  signUp,
  uploadFiles,
} from '../testing/transfers-test-kit.js'
import {
  askCode,
  codesTo,
  confirmCode,
  errorCode,
  nthCode,
  recipientCodeMails,
  verify,
} from './testing/verification-test-kit.js'

// Issue 18 item 3: a transfer open only to its recipients, each after a 6-digit code emailed to
// their address; the grant is bound to that recipient.

const clock = createTestClock()
afterEach(() => clock.reset())
const minute = 60_000
const stacks = testStacks.map((stack) => ({
  ...stack,
  clock,
  env: {
    ...stack.env,
    AUTH_RATE_LIMIT_PER_IP: '10000',
    AUTH_RATE_LIMIT_PER_ACCOUNT: '10000',
    REDIS_KEY_PREFIX: `test-${randomUUID()}:`,
  },
}))

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

interface RecipientsOnly {
  sender: Sender
  id: string
  uniqueId: string
  recipients: string[]
  files: { body: Buffer; key: string; id: string }[]
  downloadBase: string
}

/** A transfer of two files for two recipients (unique addresses), open only to them. */
async function sendToRecipients(
  app: TestApp,
  options: { role?: 'FREE' | 'PREMIUM'; password?: string; access?: 'link' | 'recipients' } = {},
): Promise<RecipientsOnly> {
  const sender = await signUp(app, options.role ?? 'PREMIUM', 'Sam Sender')
  const tag = randomUUID().slice(0, 8)
  const recipients = [`ana-${tag}@example.com`, `bo-${tag}@example.com`]
  const bodies = [randomBody(6000), randomBody(7777)]
  const records = await uploadFiles(
    app,
    sender,
    bodies.map((body, i) => ({ name: `file-${i}.bin`, body })),
  )
  const res = await postTransfer(app, sender.token, {
    files: records,
    recipient_emails: options.role === 'FREE' ? recipients.slice(0, 1) : recipients,
    title: 'Board pack',
    access: options.access ?? 'recipients',
    ...(options.password ? { password: options.password } : {}),
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  const id = res.body.id as string
  const uniqueId = res.body.unique_id as string
  const detail = await getJson<{ files: { file_key: string; file_id: string }[]; access: string }>(
    app,
    `/api/transfers/${id}`,
    sender.token,
  )
  expect(detail.body.access).toBe(options.access ?? 'recipients')
  return {
    sender,
    id,
    uniqueId,
    recipients,
    files: bodies.map((body, i) => ({ body, key: detail.body.files[i]!.file_key, id: detail.body.files[i]!.file_id })),
    downloadBase: `${app.url}/share/${uniqueId}/download`,
  }
}

const withGrant = (grant: string) => ({ 'x-ferry-grant': grant })

const patch = (app: TestApp, token: string, id: string, body: unknown) =>
  app.api(`/api/transfers/${id}`, {
    method: 'PATCH',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

await forEachStack((getApp, stack) => {
  const s3 = stack.storage === 's3'
  let app: TestApp
  beforeAll(() => {
    app = getApp()
  })

  /** Every byte path of a transfer, with what it answers once open (no redirect followed). */
  function bytePaths(t: RecipientsOnly) {
    const file = `${t.downloadBase}?file_key=${encodeURIComponent(t.files[0]!.key)}`
    const zip = `${t.downloadBase}?as_zip=true`
    const one = (local: number) => (s3 ? 302 : local)
    return [
      { name: 'one file', url: file, init: {}, opened: one(200) },
      { name: 'the ZIP', url: zip, init: {}, opened: 200 },
      { name: 'a range', url: file, init: { headers: { range: 'bytes=10-99' } }, opened: one(206) },
      { name: 'HEAD of a file', url: file, init: { method: 'HEAD' }, opened: one(200) },
      { name: 'HEAD of the ZIP', url: zip, init: { method: 'HEAD' }, opened: 200 },
    ]
  }
  async function status(url: string, init: { method?: string; headers?: Record<string, string> }, extra = {}) {
    const res = await fetch(url, { ...init, headers: { ...init.headers, ...extra }, redirect: 'manual' })
    await res.arrayBuffer()
    return res.status
  }
  async function expectLocked(t: RecipientsOnly, extra: Record<string, string> = {}) {
    const res = await app.api(`/api/share/${t.uniqueId}`, { headers: extra })
    expect(res.status).toBe(401)
    expect(await errorCode(res)).toBe('verification_required')
    for (const path of bytePaths(t))
      expect([path.name, await status(path.url, path.init, extra)]).toEqual([path.name, 401])
  }

  describe('a transfer open only to its recipients', () => {
    it('shows only its title and sender name, with verification_required, and locks every byte path', async () => {
      const t = await sendToRecipients(app)
      const res = await app.api(`/api/share/${t.uniqueId}`)
      expect(res.status).toBe(401)
      const body = (await res.json()) as Record<string, unknown>
      expect(body).toEqual({
        detail: expect.any(String),
        code: 'verification_required',
        transfer: { title: 'Board pack' },
        sender: { name: 'Sam Sender' },
      })
      await expectLocked(t)
      // The sender, signed in, needs no code.
      expect((await share(app, t.uniqueId, { token: t.sender.token })).status).toBe(200)
    })

    it('is open to every plan (no plan flag), and the link mode stays the default', async () => {
      const free = await sendToRecipients(app, { role: 'FREE' })
      await expectLocked(free)
      const sender = await signUp(app, 'FREE', 'Lin Link')
      const [record] = await uploadFiles(app, sender, [{ name: 'a.txt', body: Buffer.from('open') }])
      const res = await postTransfer(app, sender.token, { files: [record], recipient_emails: ['x@example.com'] })
      expect(res.status).toBe(201)
      expect((await share(app, res.body.unique_id as string)).status).toBe(200)
      const bad = await postTransfer(app, sender.token, {
        files: [record],
        recipient_emails: ['x@example.com'],
        access: 'everyone',
      })
      expect(bad.status).toBe(400)
    })

    it('answers 409 verification_not_needed on a transfer open to its link', async () => {
      const t = await sendToRecipients(app, { access: 'link' })
      const asked = await askCode(app, t.uniqueId, t.recipients[0]!)
      expect(asked.status).toBe(409)
      expect(await errorCode(asked)).toBe('verification_not_needed')
      expect((await confirmCode(app, t.uniqueId, t.recipients[0]!, '123456')).status).toBe(409)
    })
  })

  describe('verifying by code', () => {
    it('emails a code to a recipient; the right code gives a grant that opens every byte path, byte for byte', async () => {
      const t = await sendToRecipients(app)
      const ana = t.recipients[0]!
      const asked = await askCode(app, t.uniqueId, ana.toUpperCase())
      expect(asked.status).toBe(202)
      const code = await nthCode(app, ana, 1)
      const mail = (await recipientCodeMails(app, ana))[0]!
      expect(mail.text).toContain('Sam Sender')
      expect(mail.text).toContain(code)

      const ok = await confirmCode(app, t.uniqueId, ana, code)
      expect(ok.status).toBe(204)
      const grant = ok.headers.get('x-ferry-grant')!
      const cookies = ok.headers.getSetCookie()
      expect(cookies.some((c) => c.startsWith(`ferry_recipient_grant=${grant};`) && /HttpOnly/i.test(c))).toBe(true)
      // Stored only as an HMAC.
      const rows = await app.deps.database.db.select().from(recipientCodes)
      expect(rows.some((row) => row.codeHmac.includes(code))).toBe(false)

      for (const extra of [withGrant(grant), { cookie: `ferry_recipient_grant=${grant}` }]) {
        const opened = await app.api(`/api/share/${t.uniqueId}`, { headers: extra })
        expect(opened.status).toBe(200)
        for (const path of bytePaths(t)) {
          expect([path.name, await status(path.url, path.init, extra)]).toEqual([path.name, path.opened])
        }
      }
      const zip = await fetchBytes(`${t.downloadBase}?as_zip=true`, { headers: withGrant(grant) })
      expect(zip.res.status).toBe(200)
      const entries = readStoredZip(zip.bytes)
      expect(Buffer.compare(entries.get('file-0.bin')!, t.files[0]!.body)).toBe(0)
      expect(Buffer.compare(entries.get('file-1.bin')!, t.files[1]!.body)).toBe(0)
      // A code works once.
      const again = await confirmCode(app, t.uniqueId, ana, code)
      expect(again.status).toBe(401)
      expect(await errorCode(again)).toBe('verification_code_incorrect')
    })

    it('answers an address that is not a recipient exactly as a recipient, and emails it nothing', async () => {
      const t = await sendToRecipients(app)
      const stranger = `eve-${randomUUID().slice(0, 8)}@example.com`
      const forStranger = await askCode(app, t.uniqueId, stranger)
      const forRecipient = await askCode(app, t.uniqueId, t.recipients[1]!)
      expect([forStranger.status, await forStranger.text()]).toEqual([forRecipient.status, await forRecipient.text()])
      await nthCode(app, t.recipients[1]!, 1)
      expect((await outbox(app)).filter((m) => m.to.includes(stranger))).toEqual([])
      // The same limits: a second ask within the minute is refused for both.
      const strangerAgain = await askCode(app, t.uniqueId, stranger)
      const recipientAgain = await askCode(app, t.uniqueId, t.recipients[1]!)
      expect([strangerAgain.status, await errorCode(strangerAgain)]).toEqual([429, 'verification_code_too_soon'])
      expect([recipientAgain.status, await errorCode(recipientAgain)]).toEqual([429, 'verification_code_too_soon'])
      // And any code for it is simply incorrect.
      const guessed = await confirmCode(app, t.uniqueId, stranger, '123456')
      expect([guessed.status, await errorCode(guessed)]).toEqual([401, 'verification_code_incorrect'])
    })

    it('limits tries before comparing: 5 wrong codes, then 429 with Retry-After even for the right one', async () => {
      const t = await sendToRecipients(app)
      const ana = t.recipients[0]!
      expect((await askCode(app, t.uniqueId, ana)).status).toBe(202)
      const code = await nthCode(app, ana, 1)
      for (let i = 0; i < 5; i++) {
        const res = await confirmCode(app, t.uniqueId, ana, wrongCode(code))
        expect([res.status, await errorCode(res)]).toEqual([401, 'verification_code_incorrect'])
      }
      const limited = await confirmCode(app, t.uniqueId, ana, code)
      expect(limited.status).toBe(429)
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
      await expectLocked(t)

      // A new code (a minute later) gets its own tries.
      clock.advance(minute + 1000)
      expect((await askCode(app, t.uniqueId, ana)).status).toBe(202)
      expect((await confirmCode(app, t.uniqueId, ana, await nthCode(app, ana, 2, [code]))).status).toBe(204)
    })

    it('lets a code expire after 10 minutes', async () => {
      const t = await sendToRecipients(app)
      const ana = t.recipients[0]!
      expect((await askCode(app, t.uniqueId, ana)).status).toBe(202)
      const code = await nthCode(app, ana, 1)
      clock.advance(10 * minute + 1000)
      const expired = await confirmCode(app, t.uniqueId, ana, code)
      expect([expired.status, await errorCode(expired)]).toEqual([401, 'verification_code_incorrect'])
    })

    it('emails at most one code a minute and three an hour per address; only the newest works', async () => {
      const t = await sendToRecipients(app)
      const ana = t.recipients[0]!
      const codes: string[] = []
      expect((await askCode(app, t.uniqueId, ana)).status).toBe(202)
      codes.push(await nthCode(app, ana, 1))
      const tooSoon = await askCode(app, t.uniqueId, ana)
      expect([tooSoon.status, await errorCode(tooSoon)]).toEqual([429, 'verification_code_too_soon'])
      expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThan(0)
      clock.advance(minute + 1000)
      expect((await askCode(app, t.uniqueId, ana)).status).toBe(202)
      codes.push(await nthCode(app, ana, 2, codes))
      clock.advance(minute + 1000)
      expect((await askCode(app, t.uniqueId, ana)).status).toBe(202)
      codes.push(await nthCode(app, ana, 3, codes))
      clock.advance(minute + 1000)
      const fourth = await askCode(app, t.uniqueId, ana)
      expect([fourth.status, await errorCode(fourth)]).toEqual([429, 'verification_code_limit'])
      expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(await codesTo(app, ana)).toHaveLength(3)
      // The other recipient is not held up by Ana's asks.
      expect((await askCode(app, t.uniqueId, t.recipients[1]!)).status).toBe(202)
      if (codes[0] !== codes[2]) expect((await confirmCode(app, t.uniqueId, ana, codes[0]!)).status).toBe(401)
      expect((await confirmCode(app, t.uniqueId, ana, codes[2]!)).status).toBe(204)
    })

    it('refuses a malformed address or code with 400', async () => {
      const t = await sendToRecipients(app)
      expect((await askCode(app, t.uniqueId, 'not an address')).status).toBe(400)
      expect((await confirmCode(app, t.uniqueId, t.recipients[0]!, '12ab56')).status).toBe(400)
      expect((await askCode(app, 'A'.repeat(32), t.recipients[0]!)).status).toBe(404)
    })
  })

  describe('the grant', () => {
    it('opens only its own transfer', async () => {
      const a = await sendToRecipients(app)
      const b = await sendToRecipients(app)
      const grant = await verify(app, a.uniqueId, a.recipients[0]!)
      await expectLocked(b, withGrant(grant))
    })

    it('is bound to its recipient: removed from the transfer, they are locked out at once', async () => {
      const t = await sendToRecipients(app)
      const [ana, bo] = t.recipients as [string, string]
      const anaGrant = await verify(app, t.uniqueId, ana)
      const boGrant = await verify(app, t.uniqueId, bo)
      expect((await share(app, t.uniqueId, {})).status).toBe(401)
      expect((await app.api(`/api/share/${t.uniqueId}`, { headers: withGrant(anaGrant) })).status).toBe(200)

      await app.deps.database.db
        .delete(transferRecipients)
        .where(and(eq(transferRecipients.transferId, t.id), eq(transferRecipients.email, ana)))
      await expectLocked(t, withGrant(anaGrant))
      // Bo still reads it; Ana's address now gets no code.
      expect((await app.api(`/api/share/${t.uniqueId}`, { headers: withGrant(boGrant) })).status).toBe(200)
      clock.advance(minute + 1000)
      expect((await askCode(app, t.uniqueId, ana)).status).toBe(202)
      await nthCode(app, bo, 1)
      expect(await recipientCodeMails(app, ana)).toHaveLength(1)
    })

    it('stops working once the owner removes the recipient through PATCH recipient_emails', async () => {
      const t = await sendToRecipients(app)
      const [ana, bo] = t.recipients as [string, string]
      const anaGrant = await verify(app, t.uniqueId, ana)
      const boGrant = await verify(app, t.uniqueId, bo)
      const removed = await patch(app, t.sender.token, t.id, { recipient_emails: [bo] })
      expect(removed.status, await removed.clone().text()).toBe(200)
      await expectLocked(t, withGrant(anaGrant))
      expect((await app.api(`/api/share/${t.uniqueId}`, { headers: withGrant(boGrant) })).status).toBe(200)
      // Added back, Ana is a new recipient: the old grant stays void, a new code opens it again.
      expect((await patch(app, t.sender.token, t.id, { recipient_emails: [ana, bo] })).status).toBe(200)
      await expectLocked(t, withGrant(anaGrant))
      clock.advance(minute + 1000)
      const again = await verify(app, t.uniqueId, ana)
      expect((await app.api(`/api/share/${t.uniqueId}`, { headers: withGrant(again) })).status).toBe(200)
    })

    it('attributes first access and downloads to the verified recipient, without a tracking id', async () => {
      const t = await sendToRecipients(app)
      const bo = t.recipients[1]!
      const grant = await verify(app, t.uniqueId, bo)
      expect((await app.api(`/api/share/${t.uniqueId}`, { headers: withGrant(grant) })).status).toBe(200)
      const file = await fetchBytes(`${t.downloadBase}?file_key=${encodeURIComponent(t.files[1]!.key)}`, {
        headers: withGrant(grant),
      })
      expect(file.res.status).toBe(200)
      if (!s3) expect(Buffer.compare(file.bytes, t.files[1]!.body)).toBe(0)

      const tracked = async () => (await share(app, t.uniqueId, { token: t.sender.token })).body.tracking.recipients!
      await expect
        .poll(async () => (await tracked()).find((r) => r.recipient_email === bo)?.download_status[t.files[1]!.id])
        .toBe(true)
      const [ana, boSeen] = [(await tracked())[0]!, (await tracked())[1]!]
      expect(boSeen.first_accessed_at).not.toBeNull()
      expect(ana.first_accessed_at).toBeNull()
      expect(Object.values(ana.download_status).some(Boolean)).toBe(false)
    })

    it('needs the password grant as well when the transfer also has a password', async () => {
      const password = 'correct horse battery staple'
      const t = await sendToRecipients(app, { password })
      const recipientGrant = await verify(app, t.uniqueId, t.recipients[0]!)
      const halfOpen = await app.api(`/api/share/${t.uniqueId}`, { headers: withGrant(recipientGrant) })
      expect([halfOpen.status, await errorCode(halfOpen)]).toEqual([401, 'password_required'])
      const unlocked = await postJson(
        app.api,
        `/api/share/${t.uniqueId}/unlock`,
        { password },
        { 'x-forwarded-for': uniqueIp() },
      )
      expect(unlocked.status).toBe(204)
      const passwordGrant = unlocked.headers.get('x-ferry-grant')!
      const onlyPassword = await app.api(`/api/share/${t.uniqueId}`, { headers: withGrant(passwordGrant) })
      expect([onlyPassword.status, await errorCode(onlyPassword)]).toEqual([401, 'verification_required'])
      const both = { 'x-ferry-grant': `${recipientGrant}, ${passwordGrant}` }
      const opened = await fetch(`${t.downloadBase}?as_zip=true`, { headers: both })
      await opened.arrayBuffer()
      expect(opened.status).toBe(200)
    })
  })

  describe('switching the mode with PATCH', () => {
    it('locks a link transfer to its recipients and opens it again; only the owner may', async () => {
      const t = await sendToRecipients(app, { access: 'link' })
      expect((await share(app, t.uniqueId)).status).toBe(200)
      const other = await signUp(app, 'PREMIUM', 'Other')
      expect((await patch(app, other.token, t.id, { access: 'recipients' })).status).toBe(404)
      expect((await patch(app, t.sender.token, t.id, { access: 'nobody' })).status).toBe(400)

      const locked = await patch(app, t.sender.token, t.id, { access: 'recipients' })
      expect(locked.status).toBe(200)
      expect(((await locked.json()) as { access: string }).access).toBe('recipients')
      await expectLocked(t)
      const grant = await verify(app, t.uniqueId, t.recipients[0]!)

      const opened = await patch(app, t.sender.token, t.id, { access: 'link' })
      expect(((await opened.json()) as { access: string }).access).toBe('link')
      expect((await share(app, t.uniqueId)).status).toBe(200)
      // Locked again later, the recipient's grant still opens it (they are still a recipient).
      expect((await patch(app, t.sender.token, t.id, { access: 'recipients' })).status).toBe(200)
      expect((await app.api(`/api/share/${t.uniqueId}`, { headers: withGrant(grant) })).status).toBe(200)
    })
  })
}, stacks)
