import { count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { pendingUploads, transferRecipients, transfers } from '../../db/schema/index.js'
import { forEachStack, type TestApp } from '../../testing/test-app.js'
import { authStacks } from '../auth/testing/auth-test-kit.js'
import {
  linkParts,
  outbox,
  postTransfer,
  randomBody,
  type Sender,
  signUp,
  transferRow,
  uploadFiles,
} from './testing/transfers-test-kit.js'

const hour = 3600_000

await forEachStack((getApp) => {
  async function transferCount(app: TestApp, userId: string) {
    const [row] = await app.deps.database.db.select({ n: count() }).from(transfers).where(eq(transfers.userId, userId))
    return row?.n ?? 0
  }

  /** Posts `body` and expects a refusal with this status, code and message; nothing stored, no email. */
  async function expectRefused(sender: Sender, body: Record<string, unknown>, status: number, detail: string) {
    const app = getApp()
    const mailsBefore = (await outbox(app)).length
    const transfersBefore = await transferCount(app, sender.id)
    const res = await postTransfer(app, sender.token, body)
    expect(res.body.detail).toBe(detail)
    expect(res.status).toBe(status)
    expect(await transferCount(app, sender.id)).toBe(transfersBefore)
    expect((await outbox(app)).length).toBe(mailsBefore)
    const keys = ((body.files as { file_key: string }[] | undefined) ?? []).map((f) => f.file_key)
    for (const key of keys) {
      const [row] = await app.deps.database.db.select().from(pendingUploads).where(eq(pendingUploads.key, key))
      if (row) expect(row.status, 'the key stays unclaimed').not.toBe('claimed')
    }
    return res.body
  }

  const oneFile = async (sender: Sender, size = 1000) =>
    uploadFiles(getApp(), sender, [{ name: 'a.txt', body: randomBody(size) }])

  describe('POST /api/transfers: the rules of spec/transfers.md §5, with their messages', () => {
    it('answers 401 without login', async () => {
      const res = await getApp().api('/api/transfers', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        body: JSON.stringify({ files: [], recipient_emails: ['a@b.co'] }),
      })
      expect(res.status).toBe(401)
    })

    it('needs at least one file', async () => {
      const sender = await signUp(getApp())
      const body = await expectRefused(
        sender,
        { files: [], recipient_emails: ['x@y.co'] },
        400,
        'Please add at least one file',
      )
      expect(body.code).toBe('transfer_no_files')
    })

    it('needs a recipient', async () => {
      const sender = await signUp(getApp(), 'PREMIUM')
      const files = await oneFile(sender)
      await expectRefused(sender, { files, recipient_emails: [] }, 400, 'Please enter a recipient email')
      await expectRefused(sender, { files, recipient_email: '   ' }, 400, 'Please enter a recipient email')
    })

    it('names an invalid email and a duplicate, after lower-casing and splitting', async () => {
      const sender = await signUp(getApp(), 'PREMIUM')
      const files = await oneFile(sender)
      const invalid = await expectRefused(
        sender,
        { files, recipient_emails: ['ok@example.com', 'not-an-email'] },
        400,
        'Invalid email: not-an-email',
      )
      expect(invalid.code).toBe('recipient_invalid')
      await expectRefused(sender, { files, recipient_emails: ['a@b'] }, 400, 'Invalid email: a@b')
      const duplicate = await expectRefused(
        sender,
        { files, recipient_emails: ['Ann@Example.com; bob@example.com ann@example.COM'] },
        400,
        'Already added: ann@example.com',
      )
      expect(duplicate.code).toBe('recipient_duplicate')
    })

    it('caps recipients by the plan: 1 on Guest, 5 on Pro', async () => {
      const free = await signUp(getApp(), 'FREE')
      await expectRefused(
        free,
        { files: await oneFile(free), recipient_emails: ['a@example.com', 'b@example.com'] },
        400,
        'Only 1 recipient allowed',
      )
      const pro = await signUp(getApp(), 'PREMIUM')
      const six = Array.from({ length: 6 }, (_, i) => `r${i}@example.com`)
      const body = await expectRefused(
        pro,
        { files: await oneFile(pro), recipient_emails: six },
        400,
        'Maximum 5 recipients allowed',
      )
      expect(body.code).toBe('recipients_too_many')
    })

    it("refuses another user's file key, and a key already used", async () => {
      const app = getApp()
      const owner = await signUp(app, 'PREMIUM')
      const thief = await signUp(app, 'PREMIUM')
      const files = await oneFile(owner)
      const stolen = await expectRefused(
        thief,
        { files, recipient_emails: ['x@example.com'] },
        403,
        'This upload belongs to someone else.',
      )
      expect(stolen.code).toBe('upload_forbidden')

      const first = await postTransfer(app, owner.token, { files, recipient_emails: ['x@example.com'] })
      expect(first.status).toBe(201)
      const mailsBefore = (await outbox(app)).length
      const again = await postTransfer(app, owner.token, { files, recipient_emails: ['y@example.com'] })
      expect(again.status).toBe(409)
      expect(again.body.code).toBe('upload_claimed')
      expect(await transferCount(app, owner.id)).toBe(1)
      expect((await outbox(app)).length).toBe(mailsBefore)
    })

    it('refuses an unknown key with 404', async () => {
      const sender = await signUp(getApp())
      const body = await expectRefused(
        sender,
        {
          files: [{ file_key: 'uploads/2020/01/ffffffffffffffffffffffffffffffffffffffff' }],
          recipient_email: 'a@b.co',
        },
        404,
        'This upload no longer exists. Please start it again.',
      )
      expect(body.code).toBe('upload_not_found')
    })

    it('checks the real total size against the plan, with the FREE and the paid wording', async () => {
      const app = getApp()
      const plans = app.services.plans
      // 1 KiB limits, so the test files can exceed them.
      const tiny = 1 / 1024 / 1024
      const free = await signUp(app, 'FREE')
      const files = await uploadFiles(app, free, [{ name: 'small.bin', body: randomBody(1024) }])
      const twoFiles = await uploadFiles(app, free, [
        { name: 'a.bin', body: randomBody(600) },
        { name: 'b.bin', body: randomBody(600) },
      ])
      const pro = await signUp(app, 'PREMIUM')
      const big = await uploadFiles(app, pro, [
        { name: 'a.bin', body: randomBody(1500) },
        { name: 'b.bin', body: randomBody(1500) },
      ])
      // Uploaded under the usual limits, which shrink before sending (uploads refuse them earlier:
      // uploads.bounds.test.ts); the transfer checks the stored total again.
      await plans.update('guest', { maxTransferSizeGb: tiny })
      await plans.update('pro', { maxTransferSizeGb: 2 * tiny })
      try {
        // The declared size is not trusted: the stored object is 1024 bytes, fine for the plan.
        const okRes = await postTransfer(app, free.token, {
          files: files.map((f) => ({ ...f, file_size: 1 })),
          recipient_email: 'a@example.com',
        })
        expect(okRes.status).toBe(201)

        const body = await expectRefused(
          free,
          { files: twoFiles.map((f) => ({ ...f, file_size: 1 })), recipient_email: 'a@example.com' },
          403,
          'Upgrade to PRO to send files over 1 KiB',
        )
        expect(body.code).toBe('transfer_too_large_free')

        const paid = await expectRefused(
          pro,
          { files: big, recipient_email: 'a@example.com' },
          403,
          'Files exceed your 2 KiB limit',
        )
        expect(paid.code).toBe('transfer_too_large')
      } finally {
        await plans.update('guest', { maxTransferSizeGb: 50 })
        await plans.update('pro', { maxTransferSizeGb: 2048 })
      }
    })

    it('allows an expiry up to the plan maximum, defaults to it, and refuses more', async () => {
      const app = getApp()
      const free = await signUp(app, 'FREE')
      const body = await expectRefused(
        free,
        { files: await oneFile(free), recipient_email: 'a@example.com', expires_in_hours: 25 },
        422,
        'Your plan allows transfers to last at most 24 hours.',
      )
      expect(body.code).toBe('transfer_expiry_too_long')

      const byDefault = await postTransfer(app, free.token, {
        files: await oneFile(free),
        recipient_email: 'a@example.com',
      })
      expect(byDefault.status).toBe(201)
      const row = await transferRow(app, byDefault.body.id as string)
      expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(24 * hour)
      // Guest has no recovery: the files go at expiry.
      expect(row!.purgeAfter.getTime()).toBe(row!.expiresAt.getTime())

      const pro = await signUp(app, 'PREMIUM')
      const chosen = await postTransfer(app, pro.token, {
        files: await oneFile(pro),
        recipient_email: 'a@example.com',
        expires_in_hours: 48,
      })
      expect(chosen.status).toBe(201)
      const proRow = await transferRow(app, chosen.body.id as string)
      expect(proRow!.expiresAt.getTime() - proRow!.createdAt.getTime()).toBe(48 * hour)
      // Pro allows recovery: the files stay 7 days after expiry.
      expect(proRow!.purgeAfter.getTime() - proRow!.expiresAt.getTime()).toBe(7 * 24 * hour)
    })

    it('enforces the daily transfer count and the monthly data cap of the plan', async () => {
      const app = getApp()
      const plans = app.services.plans
      await plans.update('guest', { maxDailyTransfers: 1 })
      try {
        const free = await signUp(app, 'FREE')
        expect(
          (await postTransfer(app, free.token, { files: await oneFile(free), recipient_email: 'a@b.co' })).status,
        ).toBe(201)
        const mailsBefore = (await outbox(app)).length
        const second = await postTransfer(app, free.token, { files: await oneFile(free), recipient_email: 'a@b.co' })
        expect(second.status).toBe(403)
        expect(second.body).toMatchObject({
          code: 'transfer_daily_limit',
          detail: 'Your plan allows 1 transfer per day. Please try again tomorrow or upgrade your plan.',
        })
        // It says when sending works again: the next UTC midnight.
        const now = new Date()
        const midnight = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1))
        expect(second.body.retry_at).toBe(midnight.toISOString())
        expect(second.body.retry_after_seconds).toBeGreaterThan(0)
        expect(await transferCount(app, free.id)).toBe(1)
        expect((await outbox(app)).length).toBe(mailsBefore)
      } finally {
        await plans.update('guest', { maxDailyTransfers: 20 })
      }

      const pro = await signUp(app, 'PREMIUM')
      const first = await oneFile(pro, 2000)
      const second = await oneFile(pro, 1000)
      await plans.update('pro', { maxMonthlyDataGb: 2500 / 1024 ** 3 })
      try {
        expect((await postTransfer(app, pro.token, { files: first, recipient_email: 'a@b.co' })).status).toBe(201)
        // Uploaded before the cap shrank: the transfer counts the month again (uploads refuse earlier).
        const over = await postTransfer(app, pro.token, { files: second, recipient_email: 'a@b.co' })
        expect(over.status).toBe(403)
        expect(over.body).toMatchObject({
          code: 'transfer_monthly_data',
          detail: 'This transfer exceeds your monthly data limit of 2.4 KiB. Please upgrade your plan.',
        })
        expect(await transferCount(app, pro.id)).toBe(1)
      } finally {
        await plans.update('pro', { maxMonthlyDataGb: 2048 })
      }
    })

    it('refuses over-long titles and control characters in them', async () => {
      const sender = await signUp(getApp())
      const files = await oneFile(sender)
      for (const title of ['x'.repeat(256), 'line\nbreak']) {
        const res = await postTransfer(getApp(), sender.token, { files, recipient_email: 'a@b.co', title })
        expect(res.status).toBe(400)
        expect(res.body.code).toBe('validation_failed')
      }
      expect(await transferCount(getApp(), sender.id)).toBe(0)
    })
  })

  describe('POST /api/transfers: a transfer is sent', () => {
    it('stores it, answers the share link, and emails each recipient a personal link', async () => {
      const app = getApp()
      const sender = await signUp(app, 'PREMIUM', 'Zoë Sender')
      const files = await uploadFiles(app, sender, [
        { name: 'report.pdf', body: randomBody(2048) },
        { name: 'photo.jpg', body: randomBody(1536) },
      ])
      const res = await postTransfer(app, sender.token, {
        files,
        recipient_emails: ['First@Example.com', 'second@example.com'],
        recipient_email: 'First@Example.com',
        title: 'Quarterly <b>numbers</b>',
        message: 'Hello,\nhere they are.',
      })
      expect(res.status).toBe(201)
      expect(res.body.message).toBe('Transfer created successfully')
      const sharingUrl = res.body.sharing_url as string
      const uniqueId = res.body.unique_id as string
      expect(sharingUrl).toBe(`${app.url}/share/${uniqueId}`)
      // 192 random bits, base64url.
      expect(uniqueId).toMatch(/^[A-Za-z0-9_-]{32}$/)

      const row = await transferRow(app, res.body.id as string)
      expect(row).toMatchObject({
        userId: sender.id,
        totalSize: 3584,
        title: 'Quarterly <b>numbers</b>',
        downloadCount: 0,
      })
      const recipients = await app.deps.database.db
        .select()
        .from(transferRecipients)
        .where(eq(transferRecipients.transferId, row!.id))
      expect(recipients.map((r) => r.email).sort()).toEqual(['first@example.com', 'second@example.com'])

      const mails = (await outbox(app)).filter((m) => m.text.includes(uniqueId))
      expect(mails.map((m) => m.to).sort()).toEqual(['first@example.com', 'second@example.com'])
      for (const mail of mails) {
        const recipient = recipients.find((r) => r.email === mail.to)!
        const link = mail.links.find((l) => l.includes('/share/'))!
        expect(linkParts(link)).toEqual({ uniqueId, t: recipient.trackingId })
        expect(mail.subject).toBe('Zoë Sender sent you "Quarterly <b>numbers</b>"')
        expect(mail.text).toContain('Hello,\nhere they are.')
        expect(mail.text).toContain('- report.pdf (2 KiB)')
        expect(mail.text).toContain('- photo.jpg (1.5 KiB)')
        expect(mail.text).toMatch(/available until .+ UTC/)
      }
      expect(new Set(recipients.map((r) => r.trackingId)).size).toBe(2)
    })

    it('keeps the transfer when an email cannot be sent, and still emails the others', async () => {
      const app = getApp()
      const sender = await signUp(app, 'PREMIUM')
      const files = await uploadFiles(app, sender, [{ name: 'a.txt', body: randomBody(10) }])
      const mailer = app.deps.mailer
      const send = mailer.send
      mailer.send = async (message) => {
        if (message.to === 'broken@example.com') throw new Error('SMTP said no')
        return send.call(mailer, message)
      }
      try {
        const res = await postTransfer(app, sender.token, {
          files,
          recipient_emails: ['broken@example.com', 'fine@example.com'],
        })
        expect(res.status).toBe(201)
        expect(await transferRow(app, res.body.id as string)).toBeDefined()
        const mails = (await outbox(app)).filter((m) => m.text.includes(res.body.unique_id as string))
        expect(mails.map((m) => m.to)).toEqual(['fine@example.com'])
      } finally {
        mailer.send = send
      }
    })
  })
}, authStacks())
