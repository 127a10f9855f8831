import { rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { registerViaApi, storeLogin } from './fixtures/auth.js'
import { photoPng } from './fixtures/preview-files.js'
import { expect as baseExpect, test } from './fixtures/test.js'
import { addFiles } from './fixtures/transfers.js'
import { tempDir } from './fixtures/upload-files.js'

// Issue 22 item 3, "chosen per transfer", in English and in Spanish: a member of an Enterprise
// organization with two backgrounds picks one on the send form; the recipient's share page shows
// exactly that one (its alt text and its address), not the rotation.

const expect = baseExpect.configure({ timeout: 15_000 })

const words = {
  en: { addFiles: 'Add files', group: 'Background for recipients' },
  es: { addFiles: 'Añadir archivos', group: 'Fondo para los destinatarios' },
} as const

for (const lang of ['en', 'es'] as const) {
  const w = words[lang]
  const withLang = (url: string) => (lang === 'en' ? url : `${url}${url.includes('?') ? '&' : '?'}lng=es`)

  test(`${lang}: a member chooses a background on the send form and the recipient sees exactly that one`, async ({
    page,
    browser,
    request,
    workerAdmin,
  }) => {
    test.setTimeout(180_000)
    const dir = await tempDir()
    try {
      const owner = await registerViaApi(request)
      const asOwner = { 'X-Requested-With': 'XMLHttpRequest', Authorization: `Bearer ${owner.access_token}` }
      const granted = await request.post('/api/billing/subscriptions', {
        headers: { 'X-Requested-With': 'XMLHttpRequest', Authorization: `Bearer ${workerAdmin.login.access_token}` },
        data: { user_id: owner.user.id, plan_id: 'enterprise' },
      })
      expect(granted.ok(), await granted.text()).toBe(true)
      const created = await request.post('/api/organizations', { headers: asOwner, data: { name: `Coast ${lang}` } })
      expect(created.status(), await created.text()).toBe(201)
      const { id: organizationId } = (await created.json()) as { id: string }
      const backgrounds: { id: string; alt: string }[] = []
      for (const [alt, size] of [
        [`Harbour (${lang})`, [900, 600]],
        [`Lighthouse (${lang})`, [1000, 700]],
      ] as const) {
        const res = await request.post(
          `/api/organizations/${organizationId}/backgrounds?alt=${encodeURIComponent(alt)}`,
          {
            headers: { ...asOwner, 'Content-Type': 'image/png' },
            data: await photoPng(size[0], size[1]),
          },
        )
        expect(res.status(), await res.text()).toBe(201)
        backgrounds.push((await res.json()) as { id: string; alt: string })
      }
      const lighthouse = backgrounds[1]!

      // The send form offers "Rotate" and each background as a thumbnail labelled by its alt text.
      const filePath = path.join(dir, 'tides.txt')
      await writeFile(filePath, 'high tide at six')
      await storeLogin(page, owner)
      await page.goto(withLang('/'))
      await addFiles(page, [filePath], w.addFiles)
      await page.getByTestId('recipient-input').fill(`choice-${lang}@e2e.ferry.test `)
      const group = page.getByRole('radiogroup', { name: w.group })
      await expect(group.getByRole('radio')).toHaveCount(3)
      await group.getByRole('radio', { name: lighthouse.alt }).check()
      await page.getByTestId('send-button').click()
      await expect(page.getByTestId('transfer-success')).toBeVisible({ timeout: 60_000 })
      const shareUrl = new URL(await page.getByTestId('share-link').inputValue())

      // The recipient, in a browser of their own, sees the Lighthouse and only it.
      const recipientContext = await browser.newContext()
      try {
        const rec = await recipientContext.newPage()
        await rec.goto(withLang(shareUrl.pathname + shareUrl.search))
        const backdrop = rec.getByTestId('brand-backdrop').locator('img')
        await expect(backdrop).toHaveAttribute('alt', lighthouse.alt)
        await expect.poll(() => backdrop.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
        const shown = await backdrop.evaluate((img: HTMLImageElement) => img.currentSrc)
        expect(shown).toContain(`/backgrounds/${lighthouse.id}/`)
        await rec.screenshot({ path: test.info().outputPath('chosen-background.png') })
      } finally {
        await recipientContext.close()
      }
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
}
