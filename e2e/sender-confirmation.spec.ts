import { randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { newAccount, registerViaApi, storeLogin } from './fixtures/auth.js'
import { senderCodeMailTo, senderDialogTexts } from './fixtures/sender.js'
import { expect as baseExpect, test } from './fixtures/test.js'
import { addFiles, mailTo, sha256OfDownload, shareLinkIn } from './fixtures/transfers.js'
import { tempDir, writeRandomFile } from './fixtures/upload-files.js'

// Issue 18 item 7 (DECISIONS §12 `requires_otp`): a Free sender's first send from a browser asks
// for the 6-digit code emailed to the account's address; then the same files go, the recipient
// gets the link, and the browser is remembered.

const expect = baseExpect.configure({ timeout: 15_000 })

const texts = {
  en: {
    url: '/',
    addFiles: 'Add files',
    intro: (email: string) => `To send from this browser, enter the 6-digit code we emailed to ${email}.`,
    senderName: 'Sent by',
    download: (name: string) => `Download ${name}`,
  },
  es: {
    url: '/?lng=es',
    addFiles: 'Añadir archivos',
    intro: (email: string) =>
      `Para enviar desde este navegador, introduce el código de 6 dígitos que hemos enviado a ${email}.`,
    senderName: 'Enviado por',
    download: (name: string) => `Descargar ${name}`,
  },
} as const

for (const lang of ['en', 'es'] as const) {
  const t = texts[lang]
  const d = senderDialogTexts[lang]

  test(`${lang}: a Free sender's first send asks for the emailed code, then the recipient gets the link`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(90_000)
    const dir = await tempDir()
    try {
      const file = await writeRandomFile(dir, 'notes.txt', 300 * 1024)
      const account = newAccount(`otp-${lang}`)
      const login = await registerViaApi(request, account, undefined, { senderConfirmed: false })
      const recipient = `otp-rc-${randomUUID().slice(0, 8)}@e2e.ferry.test`
      await storeLogin(page, login)
      await page.goto(t.url)

      await addFiles(page, [file.path], t.addFiles)
      await page.getByTestId('recipient-email').fill(recipient)
      await page.getByTestId('send-button').click()

      const dialog = page.getByRole('dialog', { name: d.title })
      await expect(dialog).toBeVisible({ timeout: 20_000 })
      await expect(dialog).toContainText(t.intro(account.email))
      // One email a minute: the resend waits, and says for how long.
      await expect(dialog.getByTestId('sender-code-resend')).toBeDisabled()
      await expect(dialog.getByTestId('sender-code-resend')).toHaveText(d.resendIn)
      const mail = await senderCodeMailTo(account.email)
      expect(mail.code).toMatch(/^\d{6}$/)

      const codeField = dialog.getByRole('textbox', { name: d.code })
      await codeField.fill(String((Number(mail.code) + 1) % 1_000_000).padStart(6, '0'))
      await dialog.getByRole('button', { name: d.submit }).click()
      await expect(dialog.getByTestId('sender-confirm-error')).toHaveText(d.wrong)
      // Nothing was sent before the code is confirmed.
      await expect(page.getByTestId('transfer-success')).toHaveCount(0)

      await codeField.fill(mail.code)
      await dialog.getByRole('button', { name: d.submit }).click()
      await expect(dialog).toBeHidden()
      await expect(page.getByTestId('transfer-success')).toBeVisible({ timeout: 20_000 })
      const shareUrl = new URL(await page.getByTestId('share-link').inputValue())

      const link = shareLinkIn(await mailTo(recipient))
      expect(link.pathname).toBe(shareUrl.pathname)
      const other = await browser.newContext({ acceptDownloads: true })
      try {
        const recipientPage = await other.newPage()
        await recipientPage.goto(`${link.toString()}${lang === 'es' ? '&lng=es' : ''}`)
        await expect(recipientPage.getByTestId('share-meta')).toContainText(`${t.senderName} ${account.name}`)
        const [download] = await Promise.all([
          recipientPage.waitForEvent('download'),
          recipientPage.getByRole('link', { name: t.download('notes.txt') }).click(),
        ])
        expect(await sha256OfDownload(download)).toBe(file.sha256)
      } finally {
        await other.close()
      }

      // The browser is remembered: the next send asks for nothing.
      await page.goto(t.url)
      await addFiles(page, [file.path], t.addFiles)
      await page.getByTestId('recipient-email').fill(recipient)
      await page.getByTestId('send-button').click()
      await expect(page.getByTestId('transfer-success')).toBeVisible({ timeout: 20_000 })
      await expect(page.getByRole('dialog', { name: d.title })).toHaveCount(0)
      expect((await senderCodeMailTo(account.email)).count).toBe(1)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
}
