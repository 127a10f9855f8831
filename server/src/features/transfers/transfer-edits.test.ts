import type { Transfer } from '@ferry/contracts/api/transfers'
import { afterEach, describe, expect, it } from 'vitest'
import type { TestApp } from '../../testing/test-app.js'
import { forEachStack } from '../../testing/test-app.js'
import { authStacks, bearer, createTestClock } from '../auth/testing/auth-test-kit.js'
import {
  fetchBytes,
  linkParts,
  outbox,
  postTransfer,
  randomBody,
  type Sender,
  sha256,
  share,
  signUp,
  transferRow,
  uploadFiles,
} from './testing/transfers-test-kit.js'
import { createTransferReminders } from './transfer-reminders.js'

// Issue 18 item 4: edit after sending, without re-upload. Expiry (up to the plan, 422 beyond; an
// extension emails each recipient once), recipients (new ones emailed, removed ones untracked),
// files added (claimed uploads, plan size on the new total) and removed (never the last; bytes gone).

const clock = createTestClock()
afterEach(() => clock.reset())
const hour = 3600_000

await forEachStack((getApp) => {
  const tag = () => Math.random().toString(36).slice(2, 8)
  const mailsTo = async (app: TestApp, email: string) => (await outbox(app)).filter((m) => m.to.includes(email))

  async function send(app: TestApp, sender: Sender, recipients: string[], extra: Record<string, unknown> = {}) {
    const files = await uploadFiles(app, sender, [{ name: 'first.txt', body: Buffer.from('the first file') }])
    const res = await postTransfer(app, sender.token, {
      files,
      recipient_emails: recipients,
      title: 'Plans',
      ...extra,
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    return res.body as { id: string; unique_id: string; expires_at: string }
  }

  async function call(app: TestApp, token: string | null, method: string, pathname: string, body?: unknown) {
    const res = await app.api(pathname, {
      method,
      headers: {
        ...(token ? bearer(token) : { 'x-requested-with': 'XMLHttpRequest' }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: res.status, body: (await res.json()) as Transfer & { code?: string; detail?: string } }
  }
  const patch = (app: TestApp, token: string | null, id: string, body: unknown) =>
    call(app, token, 'PATCH', `/api/transfers/${id}`, body)

  describe('expiry', () => {
    it('moves the expiry up to the plan maximum, answers 422 beyond, and keeps purge_after with it', async () => {
      const app = getApp()
      const sender = await signUp(app, 'PREMIUM', 'Eva Editor')
      const transfer = await send(app, sender, [`r-${tag()}@example.com`], { expires_in_hours: 24 })

      const tooLong = await patch(app, sender.token, transfer.id, { expires_in_hours: 721 })
      expect(tooLong.status).toBe(422)
      expect(tooLong.body.code).toBe('transfer_expiry_too_long')
      expect(tooLong.body.detail).toBe('Your plan allows transfers to last at most 720 hours.')
      expect((await transferRow(app, transfer.id))!.expiresAt.toISOString()).toBe(transfer.expires_at)

      const before = clock.now().getTime()
      const longer = await patch(app, sender.token, transfer.id, { expires_in_hours: 720 })
      expect(longer.status).toBe(200)
      const expiresAt = Date.parse(longer.body.expires_at)
      expect(expiresAt).toBeGreaterThanOrEqual(before + 720 * hour)
      expect(expiresAt).toBeLessThanOrEqual(clock.now().getTime() + 720 * hour)
      let row = await transferRow(app, transfer.id)
      expect(row!.expiresAt.getTime()).toBe(expiresAt)
      // Pro keeps expired files for the 7-day recovery grace.
      expect(row!.purgeAfter.getTime()).toBe(expiresAt + 7 * 24 * hour)

      const shorter = await patch(app, sender.token, transfer.id, { expires_in_hours: 1 })
      expect(shorter.status).toBe(200)
      row = await transferRow(app, transfer.id)
      expect(row!.expiresAt.getTime()).toBe(Date.parse(shorter.body.expires_at))
      expect(row!.purgeAfter.getTime()).toBe(row!.expiresAt.getTime() + 7 * 24 * hour)
    })

    it('emails each recipient the new date once per extension, and nothing for other edits or a shorter date', async () => {
      const app = getApp()
      const sender = await signUp(app, 'PREMIUM', 'Eva Editor')
      const [ana, bo] = [`ana-${tag()}@example.com`, `bo-${tag()}@example.com`]
      const transfer = await send(app, sender, [ana, bo], { expires_in_hours: 24 })
      for (const email of [ana, bo]) expect(await mailsTo(app, email)).toHaveLength(1)

      expect((await patch(app, sender.token, transfer.id, { expires_in_hours: 72 })).status).toBe(200)
      for (const email of [ana, bo]) {
        const mails = await mailsTo(app, email)
        expect(mails).toHaveLength(2)
        expect(mails[1]!.subject).toBe('"Plans" from Eva Editor is available longer')
        expect(mails[1]!.text).toContain('The link now works until')
        // Their own personal link again.
        expect(mails[1]!.links[0]).toBe(mails[0]!.links[0])
      }

      expect((await patch(app, sender.token, transfer.id, { title: 'Plans v2' })).status).toBe(200)
      expect((await patch(app, sender.token, transfer.id, { expires_in_hours: 48 })).status).toBe(200)
      for (const email of [ana, bo]) expect(await mailsTo(app, email)).toHaveLength(2)
    })

    it('earns the recipients a new day-before reminder when the expiry moves later', async () => {
      const app = getApp()
      const sender = await signUp(app, 'PREMIUM', 'Eva Editor')
      const ana = `ana-${tag()}@example.com`
      const transfer = await send(app, sender, [ana], { expires_in_hours: 48 })
      const remind = () => createTransferReminders(app.deps).run()
      clock.advance(25 * hour)
      await remind()
      expect(await mailsTo(app, ana), 'the transfer email and the reminder').toHaveLength(2)

      expect((await patch(app, sender.token, transfer.id, { expires_in_hours: 72 })).status).toBe(200)
      expect(await mailsTo(app, ana), 'and the new date').toHaveLength(3)
      await remind()
      expect(await mailsTo(app, ana)).toHaveLength(3)
      clock.advance(49 * hour)
      await remind()
      const mails = await mailsTo(app, ana)
      expect(mails).toHaveLength(4)
      expect(mails[3]!.subject).toBe('Reminder: "Plans" from Eva Editor expires soon')
    })

    it('refuses to change an expired transfer (recovery is the way back) with 409', async () => {
      const app = getApp()
      const sender = await signUp(app, 'PREMIUM')
      const transfer = await send(app, sender, [`r-${tag()}@example.com`], { expires_in_hours: 1 })
      clock.advance(2 * hour)
      const res = await patch(app, sender.token, transfer.id, { expires_in_hours: 24 })
      expect(res.status).toBe(409)
      expect(res.body.code).toBe('transfer_expired_not_editable')
      expect((await transferRow(app, transfer.id))!.expiresAt.toISOString()).toBe(transfer.expires_at)
    })
  })

  describe('recipients', () => {
    it('emails a new recipient their personal link, and a removed one is no longer tracked', async () => {
      const app = getApp()
      const sender = await signUp(app, 'PREMIUM', 'Eva Editor')
      const [ana, bo, cy] = [`ana-${tag()}@example.com`, `bo-${tag()}@example.com`, `cy-${tag()}@example.com`]
      const transfer = await send(app, sender, [ana, bo])
      const boLink = linkParts((await mailsTo(app, bo))[0]!.links[0]!)
      const anaLink = linkParts((await mailsTo(app, ana))[0]!.links[0]!)
      expect((await share(app, boLink.uniqueId, { t: boLink.t })).body.tracking.current_recipient).toBe(boLink.t)

      const res = await patch(app, sender.token, transfer.id, { recipient_emails: [`${ana}; ${cy.toUpperCase()}`] })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect(res.body.recipient_emails).toEqual([ana, cy])

      const toCy = await mailsTo(app, cy)
      expect(toCy).toHaveLength(1)
      expect(toCy[0]!.subject).toBe('Eva Editor sent you "Plans"')
      const cyLink = linkParts(toCy[0]!.links[0]!)
      expect(cyLink.uniqueId).toBe(transfer.unique_id)
      expect((await share(app, cyLink.uniqueId, { t: cyLink.t })).body.tracking.current_recipient).toBe(cyLink.t)
      // Kept recipients keep their link and get nothing new; the removed one's link tracks nobody.
      expect(await mailsTo(app, ana)).toHaveLength(1)
      expect((await share(app, anaLink.uniqueId, { t: anaLink.t })).body.tracking.current_recipient).toBe(anaLink.t)
      expect((await share(app, boLink.uniqueId, { t: boLink.t })).body.tracking.current_recipient).toBeNull()
      const tracked = await share(app, transfer.unique_id, { token: sender.token })
      expect(tracked.body.tracking.recipients?.map((r) => r.recipient_email)).toEqual([ana, cy])
    })

    it('applies the rules of create: plan cap, valid addresses, at least one', async () => {
      const app = getApp()
      const free = await signUp(app, 'FREE')
      const one = `one-${tag()}@example.com`
      const transfer = await send(app, free, [one])
      const tooMany = await patch(app, free.token, transfer.id, { recipient_emails: [one, `two-${tag()}@example.com`] })
      expect(tooMany.status).toBe(400)
      expect(tooMany.body.code).toBe('recipients_too_many')
      const none = await patch(app, free.token, transfer.id, { recipient_emails: [] })
      expect(none.status).toBe(400)
      expect(none.body.code).toBe('recipient_required')
      const invalid = await patch(app, free.token, transfer.id, { recipient_emails: ['not-an-email'], title: 'x' })
      expect(invalid.status).toBe(400)
      const row = await transferRow(app, transfer.id)
      expect(row!.title, 'a refused PATCH changes nothing').toBe('Plans')
      expect((await call(app, free.token, 'GET', `/api/transfers/${transfer.id}`)).body.recipient_emails).toEqual([one])
    })
  })

  describe('files', () => {
    it('adds an uploaded file that recipients download byte for byte, and removes one from store and share', async () => {
      const app = getApp()
      const sender = await signUp(app, 'PREMIUM')
      const transfer = await send(app, sender, [`r-${tag()}@example.com`])
      const body = randomBody(70_000)
      const records = await uploadFiles(app, sender, [{ name: 'second.bin', body }])
      const added = await call(app, sender.token, 'POST', `/api/transfers/${transfer.id}/files`, { files: records })
      expect(added.status, JSON.stringify(added.body)).toBe(200)
      expect(added.body.files.map((f) => f.file_name)).toEqual(['first.txt', 'second.bin'])
      expect(added.body.file_size).toBe(14 + body.length)

      const shared = await share(app, transfer.unique_id)
      const second = shared.body.transfer.files.find((f) => f.file_name === 'second.bin')!
      expect(second.file_size).toBe(body.length)
      const { res, bytes } = await fetchBytes(
        `${app.url}/share/${transfer.unique_id}/download?file_key=${encodeURIComponent(second.file_key)}`,
      )
      expect(res.status).toBe(200)
      expect(sha256(bytes)).toBe(sha256(body))

      const first = added.body.files[0]!
      const removed = await call(app, sender.token, 'DELETE', `/api/transfers/${transfer.id}/files/${first.file_id}`)
      expect(removed.status).toBe(200)
      expect(removed.body.files.map((f) => f.file_name)).toEqual(['second.bin'])
      expect(removed.body.file_size).toBe(body.length)
      expect(await app.deps.blobs.stat(first.file_key)).toBeNull()
      expect((await share(app, transfer.unique_id)).body.transfer.files.map((f) => f.file_name)).toEqual(['second.bin'])
      const gone = await fetch(
        `${app.url}/share/${transfer.unique_id}/download?file_key=${encodeURIComponent(first.file_key)}`,
      )
      expect(gone.status).toBe(404)

      const last = await call(app, sender.token, 'DELETE', `/api/transfers/${transfer.id}/files/${second.file_id}`)
      expect(last.status).toBe(409)
      expect(last.body.code).toBe('transfer_last_file')
      expect(await app.deps.blobs.stat(second.file_key)).not.toBeNull()
      const unknown = await call(app, sender.token, 'DELETE', `/api/transfers/${transfer.id}/files/not-a-file`)
      expect(unknown.status).toBe(404)
    })

    it("applies the plan's size to the new total, and refuses a key already used", async () => {
      const app = getApp()
      const sender = await signUp(app, 'PREMIUM')
      const transfer = await send(app, sender, [`r-${tag()}@example.com`])
      const records = await uploadFiles(app, sender, [{ name: 'big.bin', body: randomBody(3000) }])
      const plans = app.services.plans
      await plans.update('pro', { maxTransferSizeGb: 2 / 1024 ** 2 })
      try {
        const res = await call(app, sender.token, 'POST', `/api/transfers/${transfer.id}/files`, { files: records })
        expect(res.status).toBe(403)
        expect(res.body.code).toBe('transfer_too_large')
      } finally {
        await plans.update('pro', { maxTransferSizeGb: 2048 })
      }
      const ok = await call(app, sender.token, 'POST', `/api/transfers/${transfer.id}/files`, { files: records })
      expect(ok.status, 'the refused claim left the upload unclaimed').toBe(200)
      const again = await call(app, sender.token, 'POST', `/api/transfers/${transfer.id}/files`, { files: records })
      expect(again.status).toBe(409)
      const none = await call(app, sender.token, 'POST', `/api/transfers/${transfer.id}/files`, { files: [] })
      expect(none.status).toBe(400)
    })
  })

  describe('who may', () => {
    it('answers 401 before validating, and 404 to another user, changing nothing', async () => {
      const app = getApp()
      const owner = await signUp(app, 'PREMIUM')
      const other = await signUp(app, 'PREMIUM')
      const transfer = await send(app, owner, [`r-${tag()}@example.com`])
      const firstFile = (await share(app, transfer.unique_id)).body.transfer.files[0]!.file_id

      expect((await patch(app, null, transfer.id, { expires_in_hours: 'soon' })).status).toBe(401)
      expect((await call(app, null, 'POST', `/api/transfers/${transfer.id}/files`, { files: 'x' })).status).toBe(401)
      expect((await call(app, null, 'DELETE', `/api/transfers/${transfer.id}/files/${firstFile}`)).status).toBe(401)

      const records = await uploadFiles(app, other, [{ name: 'x.txt', body: Buffer.from('x') }])
      const attempts = [
        await patch(app, other.token, transfer.id, { expires_in_hours: 2 }),
        await patch(app, other.token, transfer.id, { recipient_emails: [`evil-${tag()}@example.com`] }),
        await call(app, other.token, 'POST', `/api/transfers/${transfer.id}/files`, { files: records }),
        await call(app, other.token, 'DELETE', `/api/transfers/${transfer.id}/files/${firstFile}`),
      ]
      for (const attempt of attempts) expect(attempt.status).toBe(404)
      const after = await share(app, transfer.unique_id, { token: owner.token })
      expect(after.body.transfer.files).toHaveLength(1)
      expect(after.body.transfer.expires_at).toBe(transfer.expires_at)
      expect(after.body.tracking.recipients).toHaveLength(1)

      const invalid = await patch(app, owner.token, transfer.id, { expires_in_hours: 'soon' })
      expect(invalid.status).toBe(400)
    })
  })
}, authStacks({ clock }))
