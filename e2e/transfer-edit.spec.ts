import { randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { readOutbox } from '../server/src/testing/mail-reader.js'
import { type LoginResult, registerViaApi, storeLogin } from './fixtures/auth.js'
import { expect as baseExpect, test } from './fixtures/test.js'
import { addFiles, mailTo, seedTransfer, sha256OfDownload, shareLinkIn } from './fixtures/transfers.js'
import { e2eDataDir, tempDir, writeRandomFile } from './fixtures/upload-files.js'

// Issue 18 item 4: edit and extend after sending, in English and in Spanish. The sender changes
// the expiry, adds a recipient and a file on the transfer's page; the new recipient's link shows
// both files and the added one downloads intact. The first recipient is emailed the new date.

const expect = baseExpect.configure({ timeout: 15_000 })
const KiB = 1024

const words = {
  en: { sevenDays: '7 days', addFiles: 'Add files', expirySaved: 'Expiry saved' },
  es: { sevenDays: '7 días', addFiles: 'Añadir archivos', expirySaved: 'Caducidad guardada' },
} as const

const shareFile = (page: Page, name: string) => page.locator(`[data-testid="share-file"][data-file-name="${name}"]`)

const mailsTo = async (address: string) =>
  (await readOutbox(path.join(e2eDataDir(), 'mail'))).filter((m) => m.to.toLowerCase().includes(address))

for (const lang of ['en', 'es'] as const) {
  const w = words[lang]
  const withLang = (url: string) => (lang === 'en' ? url : `${url}${url.includes('?') ? '&' : '?'}lng=es`)

  test(`${lang}: edit and extend after sending: a later expiry, a new recipient and a new file, seen as the recipient`, async ({
    page,
    browser,
    request,
    workerAdmin,
  }) => {
    test.setTimeout(120_000)
    const dir = await tempDir()
    try {
      const added = await writeRandomFile(dir, 'appendix.pdf', 200 * KiB)
      const first = `first-${randomUUID().slice(0, 8)}@e2e.ferry.test`
      const second = `second-${randomUUID().slice(0, 8)}@e2e.ferry.test`
      // A sender on Pro (5 recipients, 30 days), granted by the admin as a paid plan would be.
      const sender: LoginResult = await registerViaApi(request)
      const granted = await request.post('/api/billing/subscriptions', {
        headers: { 'X-Requested-With': 'XMLHttpRequest', Authorization: `Bearer ${workerAdmin.login.access_token}` },
        data: { user_id: sender.user.id, plan_id: 'pro' },
      })
      expect(granted.ok(), await granted.text()).toBe(true)
      const transfer = await seedTransfer(request, sender.access_token, {
        title: `Quarter ${lang}`,
        recipients: [first],
        files: [{ name: 'summary.txt', body: 'the summary' }],
      })
      await mailTo(first)
      // Created with the plan's 30 days; shortened through the API so the page's change is an extension.
      // 48 hours, not 24: within 24 hours the reminder job may email the recipient too (one CI run).
      const shortened = await request.patch(`/api/transfers/${transfer.id}`, {
        headers: { 'X-Requested-With': 'XMLHttpRequest', Authorization: `Bearer ${sender.access_token}` },
        data: { expires_in_hours: 48 },
      })
      expect(shortened.status(), await shortened.text()).toBe(200)
      expect(await mailsTo(first)).toHaveLength(1)

      await storeLogin(page, sender)
      await page.goto(withLang(`/transfers/${transfer.id}`))
      const expires = page.getByTestId('detail-expires')
      const before = await expires.textContent()

      // The expiry: the send form's presets, counted from now.
      await page.getByTestId('detail-expiry-edit').click()
      await page.getByTestId('transfer-expiry').click()
      await page.getByRole('option', { name: w.sevenDays, exact: true }).click()
      await page.getByTestId('detail-expiry-save').click()
      await expect(page.getByTestId('expiry-done')).toContainText(w.expirySaved)
      await expect(expires).not.toHaveText(before ?? '')
      // The first recipient is emailed the new date, once.
      await expect.poll(async () => (await mailsTo(first)).length).toBe(2)

      // A recipient more: the whole list, as on the send form.
      await page.getByTestId('detail-recipients-edit').click()
      await page.getByTestId('detail-recipients-input').fill(`${first}\n${second}`)
      await page.getByTestId('detail-recipients-save').click()
      await expect(page.getByTestId('recipients-done')).toBeVisible()

      // A file more, uploaded through the send form's picker and attached without re-uploading the first.
      await page.getByTestId('detail-files-add').click()
      await addFiles(page, [added.path], w.addFiles)
      const attach = page.getByTestId('detail-files-attach')
      await expect(attach).toBeEnabled({ timeout: 30_000 })
      await attach.click()
      await expect(page.getByTestId('files-done')).toBeVisible()
      await expect(page.getByTestId('detail-file')).toHaveCount(2)
      expect(await mailsTo(first), 'the first recipient got nothing for the recipient or the file').toHaveLength(2)

      // The new recipient's own link shows both files; the added one downloads byte for byte.
      const link = shareLinkIn(await mailTo(second))
      const recipientContext = await browser.newContext({ acceptDownloads: true })
      try {
        const rec = await recipientContext.newPage()
        await rec.goto(withLang(link.toString()))
        await expect(shareFile(rec, 'summary.txt')).toBeVisible()
        const file = shareFile(rec, 'appendix.pdf')
        await expect(file).toBeVisible()
        const [download] = await Promise.all([rec.waitForEvent('download'), file.getByRole('link').click()])
        expect(download.suggestedFilename()).toBe('appendix.pdf')
        expect(await sha256OfDownload(download)).toBe(added.sha256)
      } finally {
        await recipientContext.close()
      }
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
}
