import { rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { registerViaApi, storeLogin } from './fixtures/auth.js'
import { photoPng } from './fixtures/preview-files.js'
import { expect as baseExpect, test } from './fixtures/test.js'
import { seedTransfer } from './fixtures/transfers.js'
import { tempDir } from './fixtures/upload-files.js'

// Issue 22 items 3 and 4, in English and in Spanish: an Enterprise organization's admin uploads a
// background and sets a stylesheet (a refused one first, shown at its line and column with the
// reason in the page's language); a recipient's share page shows the background and the stylesheet
// takes effect, while the page requests nothing from any host but Ferry's; the sign-in page is
// never styled by it.

const expect = baseExpect.configure({ timeout: 15_000 })

const words = {
  en: {
    upload: 'Upload background',
    alt: 'Alt text',
    save: 'Save stylesheet',
    saved: 'Stylesheet saved.',
    refused: /^Line 2, column 1: @import is not allowed$/,
  },
  es: {
    upload: 'Subir fondo',
    alt: 'Texto alternativo',
    save: 'Guardar hoja de estilos',
    saved: 'Hoja de estilos guardada.',
    refused: /^Línea 2, columna 1: @import no está permitido$/,
  },
} as const

/** The largest contentful paint the page reported so far, in milliseconds from navigation. */
const largestPaint = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries()
          resolve(entries.at(-1)?.startTime ?? 0)
        }).observe({ type: 'largest-contentful-paint', buffered: true })
      }),
  )

for (const lang of ['en', 'es'] as const) {
  const w = words[lang]
  const withLang = (url: string) => (lang === 'en' ? url : `${url}${url.includes('?') ? '&' : '?'}lng=es`)

  test(`${lang}: an Enterprise organization's background and stylesheet brand its share page, and nothing loads from another host`, async ({
    page,
    browser,
    request,
    workerAdmin,
  }) => {
    test.setTimeout(180_000)
    const dir = await tempDir()
    try {
      const imagePath = path.join(dir, 'harbour.png')
      await writeFile(imagePath, await photoPng(1600, 1000))

      // An Enterprise owner, granted as a paid plan would be, makes the organization.
      const owner = await registerViaApi(request)
      const asAdmin = {
        'X-Requested-With': 'XMLHttpRequest',
        Authorization: `Bearer ${workerAdmin.login.access_token}`,
      }
      const granted = await request.post('/api/billing/subscriptions', {
        headers: asAdmin,
        data: { user_id: owner.user.id, plan_id: 'enterprise' },
      })
      expect(granted.ok(), await granted.text()).toBe(true)
      const created = await request.post('/api/organizations', {
        headers: { 'X-Requested-With': 'XMLHttpRequest', Authorization: `Bearer ${owner.access_token}` },
        data: { name: `Harbour ${lang}` },
      })
      expect(created.status(), await created.text()).toBe(201)

      // The branding page: a background with its alt text.
      await storeLogin(page, owner)
      await page.goto(withLang('/organization/branding'))
      await page.locator('input[type="file"]').setInputFiles(imagePath)
      await page.getByRole('textbox', { name: w.alt }).first().fill(`Harbour at dawn (${lang})`)
      await page.getByRole('button', { name: w.upload }).click()
      await expect(page.getByTestId('brand-background')).toHaveCount(1, { timeout: 60_000 })

      // A stylesheet that imports is refused at its line and column; a plain one is kept.
      const editor = page.getByTestId('brand-css-input')
      await editor.fill('.ferry-brand-content { color: red; }\n@import "https://evil.example/x.css";')
      await page.getByRole('button', { name: w.save }).click()
      await expect(page.getByText(w.refused)).toBeVisible()
      await editor.fill('.ferry-brand-content {\n  border-top: 7px solid rgb(12, 34, 56);\n}')
      await page.getByRole('button', { name: w.save }).click()
      await expect(page.getByTestId('brand-css-done')).toHaveText(w.saved)
      await page.screenshot({ path: test.info().outputPath('branding-page.png'), fullPage: true })

      // A transfer from the owner; its recipient opens the share page in a browser of their own.
      const transfer = await seedTransfer(request, owner.access_token, {
        title: `Branded ${lang}`,
        recipients: ['recipient@e2e.ferry.test'],
        files: [{ name: 'notes.txt', body: 'hello' }],
      })
      const recipientContext = await browser.newContext()
      try {
        const rec = await recipientContext.newPage()
        const hosts = new Set<string>()
        rec.on('request', (req) => {
          const url = new URL(req.url())
          if (url.protocol.startsWith('http')) hosts.add(url.host)
        })
        const origin = new URL(page.url()).host
        await rec.goto(withLang(`/share/${transfer.unique_id}`))
        await expect(rec.getByText(`Branded ${lang}`).first()).toBeVisible()

        // The background, decoded (AVIF or WebP from Ferry), with its alt text.
        const backdrop = rec.getByTestId('brand-backdrop').locator('img')
        await expect(backdrop).toHaveAttribute('alt', `Harbour at dawn (${lang})`)
        await expect.poll(() => backdrop.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
        const chosen = await backdrop.evaluate((img: HTMLImageElement) => img.currentSrc)
        expect(chosen).toMatch(/\/brand\/[\w-]+\/backgrounds\/[\w-]+\/\d+\.(avif|webp)$/)

        // The stylesheet takes effect.
        await expect
          .poll(() => rec.locator('.ferry-brand-content').evaluate((el) => getComputedStyle(el).borderTopColor))
          .toBe('rgb(12, 34, 56)')

        await rec.screenshot({ path: test.info().outputPath('branded-share-page.png') })
        // Nothing from any other host.
        expect([...hosts]).toEqual([origin])

        // The largest paint: the branded page's, then an unbranded share page's in a fresh browser.
        const lcp = await largestPaint(rec)
        const plain = await seedTransfer(request, (await registerViaApi(request)).access_token, {
          title: `Plain ${lang}`,
          recipients: ['recipient@e2e.ferry.test'],
          files: [{ name: 'notes.txt', body: 'hello' }],
        })
        const plainContext = await browser.newContext()
        const plainPage = await plainContext.newPage()
        await plainPage.goto(withLang(`/share/${plain.unique_id}`))
        await expect(plainPage.getByText(`Plain ${lang}`).first()).toBeVisible()
        const plainLcp = await largestPaint(plainPage)
        await plainContext.close()
        // The repository had no paint budget; this one is measured in the same run, on this machine:
        // the branded page's largest paint (background and stylesheet on, fresh cache) within twice
        // an unbranded share page's (also a fresh cache) plus a second. On the shared 2-core machine
        // both vary from 2.7 s to 9.6 s; the bound catches a gross regression, such as a wallpaper
        // that holds the page's text back.
        test.info().annotations.push({
          type: 'lcp-ms',
          description: `branded ${Math.round(lcp)}, plain ${Math.round(plainLcp)}`,
        })
        expect(lcp).toBeLessThanOrEqual(plainLcp * 2 + 1_000)

        // The sign-in page is never branded, even in the same tab.
        await rec.goto(withLang('/login'))
        await expect(rec.locator('link[data-ferry-brand]')).toHaveCount(0)
        await expect(rec.getByTestId('brand-backdrop')).toHaveCount(0)
      } finally {
        await recipientContext.close()
      }
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
}
