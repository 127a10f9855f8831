import { randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { registerViaApi, storeLogin } from './fixtures/auth.js'
import { expect as baseExpect, test } from './fixtures/test.js'
import { addFiles, mailTo, sha256OfDownload, shareLinkIn } from './fixtures/transfers.js'
import { tempDir, writeRandomFile } from './fixtures/upload-files.js'

// Issue 18 item 2: a download limit, in English and in Spanish.

const expect = baseExpect.configure({ timeout: 15_000 })
const KiB = 1024

const words = {
  en: {
    addFiles: 'Add files',
    saved: 'The download limit was saved.',
    noneUsed: '0 of 1 download used',
    allUsed: '1 of 1 download used',
    reachedTitle: 'Download Limit Reached',
    reached: (title: string, name: string) =>
      `“${title}” from ${name} has been downloaded as many times as allowed, so its files were deleted. Ask ${name} to send them again.`,
  },
  es: {
    addFiles: 'Añadir archivos',
    saved: 'Se ha guardado el límite de descargas.',
    noneUsed: '0 de 1 descarga usada',
    allUsed: '1 de 1 descarga usada',
    reachedTitle: 'Límite de descargas alcanzado',
    reached: (title: string, name: string) =>
      `«${title}», de ${name}, se ha descargado tantas veces como se permitía, así que sus archivos se han eliminado. Pide a ${name} que te los vuelva a enviar.`,
  },
} as const

for (const lang of ['en', 'es'] as const) {
  const w = words[lang]
  const withLang = (url: string) => (lang === 'en' ? url : `${url}${url.includes('?') ? '&' : '?'}lng=es`)

  test(`${lang}: send with a download limit, the sender lowers it to 1, a recipient downloads the file intact, then the page says the limit was reached`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000)
    const dir = await tempDir()
    try {
      const plan = await writeRandomFile(dir, 'site plan.pdf', 200 * KiB)
      const recipient = `rec-${randomUUID().slice(0, 8)}@e2e.ferry.test`
      const title = `Site plan ${lang}`
      const sender = await registerViaApi(request)
      await storeLogin(page, sender)
      await page.goto(withLang('/'))
      await addFiles(page, [plan.path], w.addFiles)
      // A Free sender: one recipient, in the single address field.
      await page.getByTestId('recipient-email').fill(recipient)
      await page.getByTestId('transfer-title').fill(title)
      await page.getByTestId('transfer-max-downloads').fill('2')
      await expect(page.getByTestId('transfer-burn')).not.toBeChecked()
      await page.getByTestId('send-button').click()
      const success = page.getByTestId('transfer-success')
      await expect(success).toBeVisible({ timeout: 30_000 })
      const detailPath = (await success.locator('a[href^="/transfers/"]').getAttribute('href')) ?? ''
      expect(detailPath).toMatch(/^\/transfers\/[\w-]+$/)

      // On the transfer's page the sender sees the limit sent, and lowers it to one download.
      await page.goto(withLang(detailPath))
      const limit = page.getByTestId('detail-max-downloads')
      await expect(limit).toHaveValue('2')
      await limit.fill('1')
      await page.getByTestId('detail-max-downloads-save').click()
      await expect(page.getByTestId('download-limit-saved')).toHaveText(w.saved)
      await expect(page.getByTestId('download-limit-count')).toHaveText(w.noneUsed)

      const link = shareLinkIn(await mailTo(recipient))
      const recipientContext = await browser.newContext({ acceptDownloads: true })
      try {
        const rec = await recipientContext.newPage()
        await rec.goto(withLang(link.toString()))
        const file = rec.locator('[data-testid="share-file"][data-file-name="site plan.pdf"]')
        await expect(file).toBeVisible()
        const [download] = await Promise.all([rec.waitForEvent('download'), file.getByRole('link').click()])
        expect(download.suggestedFilename()).toBe('site plan.pdf')
        expect(await sha256OfDownload(download)).toBe(plan.sha256)

        // The download is counted once its last byte went out; from then on the page says so plainly.
        await expect(async () => {
          await rec.reload()
          await expect(rec.getByTestId('share-error')).toBeVisible({ timeout: 2_000 })
        }).toPass()
        const error = rec.getByTestId('share-error')
        await expect(error.getByRole('heading', { level: 1 })).toHaveText(w.reachedTitle)
        await expect(error).toContainText(w.reached(title, sender.user.name))
        await expect(rec.getByTestId('share-file')).toHaveCount(0)

        // The sender sees the limit used up.
        await page.reload()
        await expect(page.getByTestId('download-limit-count')).toHaveText(w.allUsed)
        await expect(page.getByTestId('download-limit-reached')).toBeVisible()
      } finally {
        await recipientContext.close()
      }
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
}
