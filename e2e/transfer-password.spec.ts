import { randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { type LoginResult, registerViaApi, storeLogin } from './fixtures/auth.js'
import { expect as baseExpect, test } from './fixtures/test.js'
import { addFiles, mailTo, sha256OfDownload, shareLinkIn } from './fixtures/transfers.js'
import { tempDir, writeRandomFile } from './fixtures/upload-files.js'

// Issue 18 item 1: a password on a transfer, in English and in Spanish.

const expect = baseExpect.configure({ timeout: 15_000 })
const KiB = 1024

const words = {
  en: {
    addFiles: 'Add files',
    wrong: 'This password is not correct. Please check it and try again.',
    copied: 'Copied',
    saved: 'Password saved. Whoever unlocked with an earlier password must enter the new one.',
    sentBy: (name: string) => `Sent by ${name}`,
  },
  es: {
    addFiles: 'Añadir archivos',
    wrong: 'Esta contraseña no es correcta. Revísala e inténtalo de nuevo.',
    copied: 'Copiada',
    saved: 'Contraseña guardada. Quien desbloqueó con una contraseña anterior deberá escribir la nueva.',
    sentBy: (name: string) => `Enviado por ${name}`,
  },
} as const

const shareFile = (page: Page, name: string) => page.locator(`[data-testid="share-file"][data-file-name="${name}"]`)

/** Enters a password on the locked share page and submits it. */
async function enterPassword(page: Page, password: string) {
  await page.getByTestId('unlock-password').fill(password)
  await page.getByTestId('unlock-submit').click()
}

for (const lang of ['en', 'es'] as const) {
  const w = words[lang]
  const withLang = (url: string) => (lang === 'en' ? url : `${url}${url.includes('?') ? '&' : '?'}lng=es`)

  test(`${lang}: send with a password, the recipient unlocks it (wrong, then right), downloads it intact; a new password locks the old unlock out`, async ({
    page,
    browser,
    request,
    workerAdmin,
  }) => {
    test.setTimeout(120_000)
    const dir = await tempDir()
    try {
      const report = await writeRandomFile(dir, 'board report.pdf', 300 * KiB)
      const recipient = `rec-${randomUUID().slice(0, 8)}@e2e.ferry.test`
      // A sender on Pro (password_protection), granted by the admin as a paid plan would be.
      const sender: LoginResult = await registerViaApi(request)
      const granted = await request.post('/api/billing/subscriptions', {
        headers: { 'X-Requested-With': 'XMLHttpRequest', Authorization: `Bearer ${workerAdmin.login.access_token}` },
        data: { user_id: sender.user.id, plan_id: 'pro' },
      })
      expect(granted.ok(), await granted.text()).toBe(true)

      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
      await storeLogin(page, sender)
      await page.goto(withLang('/'))
      await addFiles(page, [report.path], w.addFiles)
      const input = page.getByTestId('recipient-input')
      await input.fill(recipient)
      await input.press('Enter')
      await page.getByTestId('transfer-title').fill(`Board pack ${lang}`)

      // A generated passphrase, shown so it can be read out, and copied for the sender to share.
      const passwordField = page.getByTestId('transfer-password')
      await expect(passwordField).toHaveValue('')
      await page.getByTestId('transfer-password-generate').click()
      await expect(passwordField).toHaveAttribute('type', 'text')
      const password = await passwordField.inputValue()
      expect(password).toMatch(/^[a-z]+(-[a-z]+){4}-\d{2}$/)
      await page.getByTestId('transfer-password-copy').click()
      await expect(page.getByTestId('transfer-password-copy')).toHaveText(w.copied)
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(password)

      await page.getByTestId('send-button').click()
      const success = page.getByTestId('transfer-success')
      await expect(success).toBeVisible({ timeout: 30_000 })
      const detailPath = (await success.locator('a[href^="/transfers/"]').getAttribute('href')) ?? ''
      expect(detailPath).toMatch(/^\/transfers\/[\w-]+$/)

      // The recipient's email says there is a password, and never carries it.
      const mail = await mailTo(recipient)
      expect(mail.text).not.toContain(password)
      const link = shareLinkIn(mail)

      const recipientContext = await browser.newContext({ acceptDownloads: true })
      try {
        const rec = await recipientContext.newPage()
        await rec.goto(withLang(link.toString()))
        // Title and sender first, then the password before anything else.
        const locked = rec.getByTestId('share-locked')
        await expect(locked).toBeVisible()
        await expect(rec.getByTestId('share-title')).toHaveText(`Board pack ${lang}`)
        await expect(rec.getByTestId('share-meta')).toHaveText(w.sentBy(sender.user.name))
        await expect(rec.getByTestId('share-file')).toHaveCount(0)

        await enterPassword(rec, 'not the password')
        await expect(rec.getByTestId('unlock-error')).toHaveText(w.wrong)
        await expect(rec.getByTestId('share-file')).toHaveCount(0)

        await enterPassword(rec, password)
        await expect(locked).toHaveCount(0)
        const file = shareFile(rec, 'board report.pdf')
        await expect(file).toBeVisible()
        const [download] = await Promise.all([rec.waitForEvent('download'), file.getByRole('link').click()])
        expect(download.suggestedFilename()).toBe('board report.pdf')
        expect(await sha256OfDownload(download)).toBe(report.sha256)
        const href = (await file.getByRole('link').getAttribute('href')) ?? ''
        expect((await recipientContext.request.head(href)).status()).toBe(200)

        // The owner changes the password on the transfer's page.
        await page.goto(withLang(detailPath))
        await page.getByTestId('detail-password-edit').click()
        const newPassword = `new ${password}`
        await page.getByTestId('detail-password').fill(newPassword)
        await page.getByTestId('detail-password-save').click()
        await expect(page.getByTestId('password-done')).toHaveText(w.saved)

        // The recipient's earlier unlock no longer opens anything: the page asks again, the link is shut.
        expect((await recipientContext.request.head(href)).status()).toBe(401)
        await rec.reload()
        await expect(rec.getByTestId('share-locked')).toBeVisible()
        await enterPassword(rec, password)
        await expect(rec.getByTestId('unlock-error')).toHaveText(w.wrong)
        await enterPassword(rec, newPassword)
        await expect(shareFile(rec, 'board report.pdf')).toBeVisible()
        expect((await recipientContext.request.head(href)).status()).toBe(200)
      } finally {
        await recipientContext.close()
      }
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
}
