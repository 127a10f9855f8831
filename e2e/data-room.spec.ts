import { createHash, randomUUID } from 'node:crypto'
import { rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Page, Response } from '@playwright/test'
import { registerViaApi, storeLogin } from './fixtures/auth.js'
import { pagedPdf, photoPng } from './fixtures/preview-files.js'
import { expect as baseExpect, test } from './fixtures/test.js'
import { addFiles, mailTo, recipientCode, shareLinkIn } from './fixtures/transfers.js'
import { tempDir } from './fixtures/upload-files.js'

// Issue 19 item 3: a clean data room, in English and in Spanish. An Enterprise sender sends a PDF
// and an image as a view-only room; the recipient confirms their address and views watermarked
// page images while every response the browser gets is captured: none is the original's bytes or
// a PDF. The sender reads the view in the audit log and revokes the viewer, whose next page fails.

const expect = baseExpect.configure({ timeout: 15_000 })

const words = {
  en: {
    addFiles: 'Add files',
    dataRoom: /^Clean data room \(view only\)/,
    onlyRecipients: 'Only the recipients',
    anyone: 'Anyone with the link',
    view: (name: string) => `View ${name}`,
    notice: /cannot stop anyone photographing the screen with a camera/,
    pageOf: (page: number, count: number) => `Page ${page} of ${count}`,
    nextPage: 'Next page',
    close: 'Close viewer',
    revoke: (email: string) => `Revoke access for ${email}`,
    revokedBadge: 'Revoked',
    revoked: /The sender has withdrawn your access to this data room/,
  },
  es: {
    addFiles: 'Añadir archivos',
    dataRoom: /^Sala de datos limpia \(solo lectura\)/,
    onlyRecipients: 'Solo los destinatarios',
    anyone: 'Cualquiera con el enlace',
    view: (name: string) => `Ver ${name}`,
    notice: /no puede impedir que alguien fotografíe la pantalla con una cámara/,
    pageOf: (page: number, count: number) => `Página ${page} de ${count}`,
    nextPage: 'Página siguiente',
    close: 'Cerrar el visor',
    revoke: (email: string) => `Retirar el acceso de ${email}`,
    revokedBadge: 'Retirado',
    revoked: /El remitente ha retirado tu acceso a esta sala de datos/,
  },
} as const

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

interface Captured {
  url: string
  type: string
  body: Buffer
}

/** Every response the page receives, with its type and bytes (read as it arrives); `settled` waits for the reads. */
function captureResponses(page: Page) {
  const reads: Promise<Captured | null>[] = []
  page.on('response', (response: Response) => {
    reads.push(
      response
        .body()
        .then((body) => ({ url: response.url(), type: response.headers()['content-type'] ?? '', body }))
        // A redirect or a response the page let go of before its body came has no bytes to read.
        .catch(() => null),
    )
  })
  return {
    settled: async () => (await Promise.all(reads)).filter((read): read is Captured => read !== null),
  }
}

/** The room's viewer shows a page image that the browser decoded (it has pixels). */
async function expectPageShown(page: Page, n: number) {
  const image = page.getByTestId('data-room-page')
  await expect(image).toBeVisible({ timeout: 30_000 })
  await expect(image).toHaveAttribute('data-page', String(n))
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0)
}

for (const lang of ['en', 'es'] as const) {
  const w = words[lang]
  const withLang = (url: string) => (lang === 'en' ? url : `${url}${url.includes('?') ? '&' : '?'}lng=es`)

  test(`${lang}: a recipient views a data room's watermarked pages, never its files; the sender reads the log and revokes them`, async ({
    page,
    browser,
    request,
    workerAdmin,
  }) => {
    test.setTimeout(180_000)
    const dir = await tempDir()
    try {
      const pdf = await pagedPdf(3)
      const png = await photoPng(1200, 800)
      const pdfPath = path.join(dir, 'deck.pdf')
      const pngPath = path.join(dir, 'floorplan.png')
      await writeFile(pdfPath, pdf)
      await writeFile(pngPath, png)
      const recipient = `room-${randomUUID().slice(0, 8)}@e2e.ferry.test`

      // An Enterprise sender (max_document_features.clean_data_room), granted as a paid plan would be.
      const sender = await registerViaApi(request)
      const granted = await request.post('/api/billing/subscriptions', {
        headers: { 'X-Requested-With': 'XMLHttpRequest', Authorization: `Bearer ${workerAdmin.login.access_token}` },
        data: { user_id: sender.user.id, plan_id: 'enterprise' },
      })
      expect(granted.ok(), await granted.text()).toBe(true)

      // The send form: the data room makes the transfer recipients-only.
      await storeLogin(page, sender)
      await page.goto(withLang('/'))
      await addFiles(page, [pdfPath, pngPath], w.addFiles)
      const input = page.getByTestId('recipient-input')
      await input.fill(recipient)
      await input.press('Enter')
      await page.getByTestId('transfer-title').fill(`Board room ${lang}`)
      await page.getByRole('switch', { name: w.dataRoom }).check()
      await expect(page.getByRole('radio', { name: w.onlyRecipients })).toBeChecked()
      await expect(page.getByRole('radio', { name: w.anyone })).toBeDisabled()
      await page.getByTestId('send-button').click()
      const success = page.getByTestId('transfer-success')
      await expect(success).toBeVisible({ timeout: 30_000 })
      const detailPath = (await success.locator('a[href^="/transfers/"]').getAttribute('href')) ?? ''
      expect(detailPath).toMatch(/^\/transfers\/[\w-]+$/)
      const link = shareLinkIn(await mailTo(recipient))

      const recipientContext = await browser.newContext()
      try {
        const rec = await recipientContext.newPage()
        const responses = captureResponses(rec)
        await rec.goto(withLang(`${link.pathname}${link.search}`))
        await rec.getByTestId('verify-email').fill(recipient)
        await rec.getByTestId('verify-send').click()
        await rec.getByTestId('verify-code').fill(await recipientCode(recipient))
        await rec.getByTestId('verify-submit').click()

        // The files, each with View and no download; the notice says what the room cannot do.
        await expect(rec.getByTestId('share-file')).toHaveCount(2)
        await expect(rec.getByTestId('share-unavailable')).toHaveCount(0)
        await expect(rec.getByTestId('data-room-notice')).toContainText(w.notice)
        await expect(rec.getByRole('link', { name: /deck\.pdf|floorplan\.png/ })).toHaveCount(0)
        await expect(rec.getByTestId('download-zip')).toHaveCount(0)

        // The image, then the PDF's first page, as watermarked images under the notice.
        await rec.getByRole('button', { name: w.view('floorplan.png') }).click()
        const viewer = rec.getByTestId('data-room-viewer')
        await expectPageShown(rec, 1)
        await expect(viewer.getByTestId('data-room-notice')).toContainText(w.notice)
        await viewer.getByRole('button', { name: w.close }).click()
        await expect(viewer).toHaveCount(0)
        await rec.getByRole('button', { name: w.view('deck.pdf') }).click()
        await expectPageShown(rec, 1)
        await expect(rec.getByTestId('data-room-page-number')).toHaveText(w.pageOf(1, 3))

        // Nothing the browser received was either original, or a PDF at all.
        const received = await responses.settled()
        const originals = new Set([sha256(pdf), sha256(png)])
        expect(received.some((r) => r.type.startsWith('image/webp'))).toBe(true)
        for (const response of received) {
          expect(response.type, response.url).not.toContain('application/pdf')
          expect(originals.has(sha256(response.body)), response.url).toBe(false)
          expect(response.body.subarray(0, 5).toString('latin1'), response.url).not.toBe('%PDF-')
          expect(response.body.includes(png.subarray(0, 4096)), response.url).toBe(false)
        }

        // The sender's log: who viewed which file and page; the closed image's time on screen.
        await page.goto(withLang(detailPath))
        const panel = page.getByTestId('data-room-panel')
        const deckView = panel.locator(
          `[data-testid="data-room-entry"][data-email="${recipient}"][data-file-name="deck.pdf"]`,
        )
        await expect(deckView.first()).toBeVisible()
        await expect(deckView.first().getByTestId('data-room-entry-page')).toHaveText('1')
        const imageView = panel.locator(`[data-testid="data-room-entry"][data-file-name="floorplan.png"]`)
        await expect(imageView.first()).toBeVisible()
        await expect(imageView.first()).not.toContainText('—')

        // Revoked: the viewer's next page fails with the reason.
        await panel.getByRole('button', { name: w.revoke(recipient) }).click()
        await expect(panel.getByTestId('data-room-viewer-state')).toHaveText(w.revokedBadge)
        await rec.getByRole('button', { name: w.nextPage }).click()
        const problem = rec.getByTestId('data-room-problem')
        await expect(problem).toHaveAttribute('data-problem', 'revoked')
        await expect(problem).toContainText(w.revoked)
        await expect(rec.getByTestId('data-room-page')).toHaveCount(0)
      } finally {
        await recipientContext.close()
      }
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
}
