import { randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { type LoginResult, registerViaApi, storeLogin } from './fixtures/auth.js'
import { expect as baseExpect, test } from './fixtures/test.js'
import { addFiles, mailTo, recipientCode, sha256OfDownload, shareLinkIn } from './fixtures/transfers.js'
import { tempDir, writeRandomFile } from './fixtures/upload-files.js'

// Issue 18 item 3: a transfer only its recipients may open, each after a code emailed to them,
// in English and in Spanish.

const expect = baseExpect.configure({ timeout: 15_000 })
const KiB = 1024

const words = {
  en: {
    addFiles: 'Add files',
    onlyRecipients: 'Only the recipients',
    anyone: 'Anyone with the link',
    sentBy: (name: string) => `Sent by ${name}`,
    wrong: 'This code is not correct or has expired. Check the latest e-mail from Ferry, or ask for a new code.',
    resendIn: /^Send a new code in \d+ seconds?$/,
  },
  es: {
    addFiles: 'Añadir archivos',
    onlyRecipients: 'Solo los destinatarios',
    anyone: 'Cualquiera con el enlace',
    sentBy: (name: string) => `Enviado por ${name}`,
    wrong: 'Este código no es correcto o ha caducado. Revisa el último correo de Ferry o pide un código nuevo.',
    resendIn: /^Enviar un código nuevo en \d+ segundos?$/,
  },
} as const

for (const lang of ['en', 'es'] as const) {
  const w = words[lang]
  const withLang = (url: string) => (lang === 'en' ? url : `${url}${url.includes('?') ? '&' : '?'}lng=es`)

  test(`${lang}: send to the recipients only; the recipient verifies by code and downloads the file intact; the sender opens it to the link again`, async ({
    page,
    browser,
    request,
    workerAdmin,
  }) => {
    test.setTimeout(120_000)
    const dir = await tempDir()
    try {
      const report = await writeRandomFile(dir, 'minutes.pdf', 200 * KiB)
      const recipient = `rec-${randomUUID().slice(0, 8)}@e2e.ferry.test`
      // A Pro sender (its form lists recipients one by one); every plan may choose the mode.
      const sender: LoginResult = await registerViaApi(request)
      const granted = await request.post('/api/billing/subscriptions', {
        headers: { 'X-Requested-With': 'XMLHttpRequest', Authorization: `Bearer ${workerAdmin.login.access_token}` },
        data: { user_id: sender.user.id, plan_id: 'pro' },
      })
      expect(granted.ok(), await granted.text()).toBe(true)
      await storeLogin(page, sender)
      await page.goto(withLang('/'))
      await addFiles(page, [report.path], w.addFiles)
      const input = page.getByTestId('recipient-input')
      await input.fill(recipient)
      await input.press('Enter')
      await page.getByTestId('transfer-title').fill(`Minutes ${lang}`)
      await page.getByRole('radio', { name: w.onlyRecipients }).check()
      await page.getByTestId('send-button').click()
      const success = page.getByTestId('transfer-success')
      await expect(success).toBeVisible({ timeout: 30_000 })
      const detailPath = (await success.locator('a[href^="/transfers/"]').getAttribute('href')) ?? ''
      expect(detailPath).toMatch(/^\/transfers\/[\w-]+$/)
      // The personal link without its `t`: the verified address alone says who downloads.
      const link = shareLinkIn(await mailTo(recipient))
      link.searchParams.delete('t')

      const recipientContext = await browser.newContext({ acceptDownloads: true })
      try {
        const rec = await recipientContext.newPage()
        await rec.goto(withLang(link.toString()))
        // Title and sender, then the address, before anything else.
        await expect(rec.getByTestId('share-verify')).toBeVisible()
        await expect(rec.getByTestId('share-title')).toHaveText(`Minutes ${lang}`)
        await expect(rec.getByTestId('share-meta')).toHaveText(w.sentBy(sender.user.name))
        await expect(rec.getByTestId('share-file')).toHaveCount(0)

        await rec.getByTestId('verify-email').fill(recipient.toUpperCase())
        await rec.getByTestId('verify-send').click()
        await expect(rec.getByTestId('verify-code')).toBeVisible()
        await expect(rec.getByTestId('verify-resend')).toHaveText(w.resendIn)
        await expect(rec.getByTestId('verify-resend')).toBeDisabled()
        const code = await recipientCode(recipient)

        const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
        await rec.getByTestId('verify-code').fill(wrong)
        await rec.getByTestId('verify-submit').click()
        await expect(rec.getByRole('alert')).toHaveText(w.wrong)
        await expect(rec.getByTestId('share-file')).toHaveCount(0)

        await rec.getByTestId('verify-code').fill(code)
        await rec.getByTestId('verify-submit').click()
        const file = rec.locator('[data-testid="share-file"][data-file-name="minutes.pdf"]')
        await expect(file).toBeVisible()
        const [download] = await Promise.all([rec.waitForEvent('download'), file.getByRole('link').click()])
        expect(download.suggestedFilename()).toBe('minutes.pdf')
        expect(await sha256OfDownload(download)).toBe(report.sha256)

        // The sender's page says it is for the recipients only, and opens it to the link again.
        await page.goto(withLang(detailPath))
        const onlyRecipients = page.getByRole('radio', { name: w.onlyRecipients })
        await expect(onlyRecipients).toBeChecked()
        // Checked once the server saved it (the radio shows the stored access): click, then wait.
        await page.getByRole('radio', { name: w.anyone }).click()
        await expect(page.getByRole('radio', { name: w.anyone })).toBeChecked()
        await expect(page.getByTestId('detail-access-link')).toBeEnabled()

        const stranger = await browser.newContext()
        try {
          const other = await stranger.newPage()
          await other.goto(withLang(link.toString()))
          await expect(other.locator('[data-testid="share-file"][data-file-name="minutes.pdf"]')).toBeVisible()
          await expect(other.getByTestId('share-verify')).toHaveCount(0)
        } finally {
          await stranger.close()
        }
      } finally {
        await recipientContext.close()
      }
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
}
