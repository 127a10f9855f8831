import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { type LoginResult, registerViaApi } from './fixtures/auth.js'
import {
  ffmpegAvailable,
  filesOnceDerived,
  heavyPdf,
  photoPng,
  realVideo,
  type SharedFile,
  seedFilesTransfer,
} from './fixtures/preview-files.js'
import { expect as baseExpect, test } from './fixtures/test.js'

// Issue 19 item 1 (browser): the share page's gallery and viewer, in English and in Spanish.

const expect = baseExpect.configure({ timeout: 15_000 })
const MiB = 1024 * 1024

const words = {
  en: {
    view: (name: string) => `View ${name}`,
    zoomIn: 'Zoom in',
    fit: 'Fit to screen',
    next: 'Next file',
    previous: 'Previous file',
    close: 'Close viewer',
    pageOf: (page: number, count: number) => `Page ${page} of ${count}`,
    nextPage: 'Next page',
    position: (n: number, count: number) => `${n} of ${count}`,
    cut: 'This file is longer than 1 MiB: only its beginning is shown. Download it to see all of it.',
    downloadedZero: 'Downloaded 0 times',
    download: (name: string) => `Download ${name}`,
  },
  es: {
    view: (name: string) => `Ver ${name}`,
    zoomIn: 'Acercar',
    fit: 'Ajustar a la pantalla',
    next: 'Archivo siguiente',
    previous: 'Archivo anterior',
    close: 'Cerrar el visor',
    pageOf: (page: number, count: number) => `Página ${page} de ${count}`,
    nextPage: 'Página siguiente',
    position: (n: number, count: number) => `${n} de ${count}`,
    cut: 'Este archivo ocupa más de 1 MiB: solo se muestra el principio. Descárgalo para verlo entero.',
    downloadedZero: 'Descargada 0 veces',
    download: (name: string) => `Descargar ${name}`,
  },
} as const

/** A sender on Pro (document_preview), granted by the admin as a paid plan would be. */
async function proSender(request: Parameters<typeof registerViaApi>[0], adminToken: string): Promise<LoginResult> {
  const sender = await registerViaApi(request)
  const granted = await request.post('/api/billing/subscriptions', {
    headers: { 'X-Requested-With': 'XMLHttpRequest', Authorization: `Bearer ${adminToken}` },
    data: { user_id: sender.user.id, plan_id: 'pro' },
  })
  expect(granted.ok(), await granted.text()).toBe(true)
  return sender
}

interface SeenResponse {
  url: string
  range: string | null
  status: number
  contentRange: string | null
}

/** Every answer the page gets for one file's preview URL, with the Range it asked for. */
function watchPreview(page: Page, file: SharedFile): SeenResponse[] {
  const seen: SeenResponse[] = []
  page.on('response', async (response) => {
    const url = new URL(response.url())
    if (url.pathname !== file.preview_url) return
    seen.push({
      url: response.url(),
      range: await response.request().headerValue('range'),
      status: response.status(),
      contentRange: await response.headerValue('content-range'),
    })
  })
  return seen
}

/** The bytes the Content-Range headers of these answers cover. */
const bytesServed = (seen: SeenResponse[]) =>
  seen.reduce((sum, r) => {
    const m = /bytes (\d+)-(\d+)\//.exec(r.contentRange ?? '')
    return sum + (m ? Number(m[2]) - Number(m[1]) + 1 : Number.POSITIVE_INFINITY)
  }, 0)

const rangeStart = (r: SeenResponse) => Number(/bytes=(\d+)-/.exec(r.range ?? '')?.[1] ?? -1)

for (const lang of ['en', 'es'] as const) {
  const w = words[lang]

  test(`${lang}: the share page's gallery opens a viewer: image zoom, a PDF by ranges, video seek, code, CSV, Markdown, a long log; viewing is no download`, async ({
    browser,
    request,
    workerAdmin,
  }) => {
    test.skip(!(await ffmpegAvailable()), 'ffmpeg makes the test video (scripts/ensure-services.sh installs it)')
    test.setTimeout(180_000)
    const sender = await proSender(request, workerAdmin.login.access_token)
    const [png, pdf, video] = await Promise.all([photoPng(), heavyPdf(8), realVideo()])
    const longLog = Buffer.from(
      Array.from({ length: 45_000 }, (_, i) => `2026-11-26 10:00:${String(i % 60).padStart(2, '0')} line ${i}`).join(
        '\n',
      ),
    )
    expect(longLog.byteLength).toBeGreaterThan(1.2 * MiB)
    const { unique_id, sharing_url } = await seedFilesTransfer(request, sender.access_token, {
      title: `Preview pack ${lang}`,
      recipients: [`rec-${randomUUID().slice(0, 8)}@e2e.ferry.test`],
      files: [
        { name: 'harbour.png', body: png, type: 'image/png' },
        { name: 'annual report.pdf', body: pdf, type: 'application/pdf' },
        { name: 'clip.webm', body: video, type: 'video/webm' },
        {
          name: 'main.ts',
          body: Buffer.from('export function greet(name: string): string {\n  return "Hello " + name\n}\n'),
          type: 'text/plain',
        },
        { name: 'figures.csv', body: Buffer.from('Region,Q1,Q2\nNorth,12,15\nSouth,9,11\n'), type: 'text/csv' },
        {
          name: 'notes.md',
          body: Buffer.from('# Meeting notes\n\nSee **this**.\n\n<script>window.mdRan = true</script>\n'),
          type: 'text/markdown',
        },
        { name: 'server.log', body: longLog, type: 'text/plain' },
      ],
    })
    // The derivatives job makes the photo's thumbnail, the PDF's first page and the video's poster frame.
    const files = await filesOnceDerived(request, unique_id, ['harbour.png', 'annual report.pdf', 'clip.webm'])
    const byName = (name: string) => files.find((f) => f.file_name === name) as SharedFile
    for (const file of files) expect(file.preview_url, file.file_name).not.toBeNull()

    // The recipient: a browser of their own.
    const context = await browser.newContext()
    const page = await context.newPage()
    const imageSeen = watchPreview(page, byName('harbour.png'))
    const pdfSeen = watchPreview(page, byName('annual report.pdf'))
    const videoSeen = watchPreview(page, byName('clip.webm'))
    const logSeen = watchPreview(page, byName('server.log'))
    const link = new URL(sharing_url)
    link.searchParams.set('lng', lang)
    await page.goto(link.toString())

    // The gallery: thumbnails of the photo, the PDF and the video, an icon for the texts.
    const gallery = page.getByTestId('share-gallery')
    await expect(gallery.getByTestId('share-file')).toHaveCount(7)
    await expect(gallery.getByTestId('gallery-thumbnail')).toHaveCount(3)
    const photoTile = gallery.locator('[data-file-name="harbour.png"]').getByTestId('gallery-thumbnail')
    await expect(photoTile).toHaveJSProperty('complete', true)
    expect(await photoTile.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320)

    // Image: the screen rendition, zoomed with the button, the wheel and a double-click.
    await page.getByRole('button', { name: w.view('harbour.png') }).click()
    const viewer = page.getByTestId('file-viewer')
    await expect(viewer.getByTestId('viewer-file-name')).toHaveText('harbour.png')
    await expect(viewer.getByTestId('viewer-position')).toHaveText(w.position(1, 7))
    const image = viewer.getByTestId('viewer-image')
    await expect(image).toHaveJSProperty('complete', true)
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1600)
    expect(imageSeen.every((r) => r.url.includes('size=screen'))).toBe(true)
    await viewer.getByRole('button', { name: w.zoomIn }).click()
    await expect(viewer.getByTestId('zoom-level')).toHaveText('150%')
    await viewer.getByRole('button', { name: w.fit }).click()
    await expect(viewer.getByTestId('zoom-level')).toHaveText('100%')
    const box = (await viewer.getByTestId('viewer-image-stage').boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 }
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await page.mouse.wheel(0, -400)
    await expect.poll(async () => Number(await image.getAttribute('data-zoom'))).toBeGreaterThan(1.5)
    await viewer.getByRole('button', { name: w.fit }).click()
    await viewer.getByTestId('viewer-image-stage').dblclick()
    await expect(viewer.getByTestId('zoom-level')).toHaveText('250%')
    // At this depth the original replaces the rendition.
    await expect(image).toHaveAttribute('data-original', 'true')
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2400)

    // PDF: page 1 is drawn after only some ranges of the file arrived, never the whole file.
    await page.keyboard.press('ArrowRight')
    await expect(viewer.getByTestId('viewer-file-name')).toHaveText('annual report.pdf')
    await expect(viewer.getByTestId('pdf-canvas')).toHaveAttribute('data-rendered-page', '1', { timeout: 30_000 })
    const atPageOne = [...pdfSeen]
    expect(atPageOne.length).toBeGreaterThan(0)
    for (const r of atPageOne) {
      expect(r.range, 'every PDF request asks for a range').toMatch(/^bytes=\d+-\d+$/)
      expect(r.status).toBe(206)
    }
    expect(bytesServed(atPageOne)).toBeLessThan(byName('annual report.pdf').file_size / 2)
    test.info().annotations.push({
      type: 'pdf',
      description: `page 1 drawn after ${bytesServed(atPageOne)} of ${byName('annual report.pdf').file_size} bytes in ${atPageOne.length} ranges`,
    })
    await expect(viewer.getByTestId('pdf-page-number')).toHaveText(w.pageOf(1, 8))
    await viewer.getByRole('button', { name: w.nextPage }).click()
    await expect(viewer.getByTestId('pdf-page-number')).toHaveText(w.pageOf(2, 8))
    await expect(viewer.getByTestId('pdf-canvas')).toHaveAttribute('data-rendered-page', '2', { timeout: 30_000 })
    expect(pdfSeen.every((r) => r.status === 206 && r.range !== null)).toBe(true)

    // Video: a swipe to the left shows the next file; a seek near the end fetches that part by Range.
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: 600 * 1024,
      uploadThroughput: -1,
    })
    const stage = (await viewer.getByTestId('viewer-stage').boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 }
    await page.mouse.move(stage.x + stage.width * 0.8, stage.y + 60)
    await page.mouse.down()
    await page.mouse.move(stage.x + stage.width * 0.4, stage.y + 70, { steps: 4 })
    await page.mouse.up()
    await expect(viewer.getByTestId('viewer-file-name')).toHaveText('clip.webm')
    const player = viewer.getByTestId('viewer-video')
    await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1)
    const duration = await player.evaluate((v: HTMLVideoElement) => v.duration)
    expect(duration).toBeGreaterThan(11)
    await player.evaluate((v: HTMLVideoElement) => {
      v.currentTime = 10
    })
    await expect
      .poll(() => player.evaluate((v: HTMLVideoElement) => !v.seeking && v.readyState >= 2 && v.currentTime), {
        timeout: 30_000,
      })
      .toBeCloseTo(10, 0)
    const videoSize = byName('clip.webm').file_size
    expect(videoSeen.length).toBeGreaterThan(0)
    expect(videoSeen.every((r) => r.range !== null && r.status === 206)).toBe(true)
    expect(
      videoSeen.some((r) => rangeStart(r) > videoSize / 2),
      JSON.stringify(videoSeen),
    ).toBe(true)
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    })

    // Code: highlighted.
    await viewer.getByRole('button', { name: w.next }).click()
    await expect(viewer.getByTestId('viewer-file-name')).toHaveText('main.ts')
    await expect(viewer.getByTestId('viewer-code')).toHaveAttribute('data-language', 'typescript')
    await expect(viewer.locator('.hljs-keyword').first()).toHaveText('export')

    // CSV: a table.
    await viewer.getByRole('button', { name: w.next }).click()
    const table = viewer.getByTestId('viewer-csv')
    await expect(table.getByRole('columnheader')).toHaveText(['Region', 'Q1', 'Q2'])
    await expect(table.getByRole('row')).toHaveCount(3)

    // Markdown: rendered, its HTML left out.
    await viewer.getByRole('button', { name: w.next }).click()
    await expect(viewer.getByTestId('viewer-markdown').getByRole('heading', { name: 'Meeting notes' })).toBeVisible()
    await expect(viewer.getByTestId('viewer-markdown').locator('script')).toHaveCount(0)
    expect(await page.evaluate(() => (window as { mdRan?: boolean }).mdRan)).toBeUndefined()

    // A long log: only its first MiB, and the page says so.
    await viewer.getByRole('button', { name: w.next }).click()
    await expect(viewer.getByTestId('viewer-text-cut')).toHaveText(w.cut)
    await expect(viewer.getByTestId('viewer-plain-text')).toContainText('line 0')
    expect(logSeen.map((r) => [r.range, r.status])).toEqual([['bytes=0-1048575', 206]])

    // Wraps around to the first file; ← goes back; Esc closes and the URL forgets the file.
    await viewer.getByRole('button', { name: w.next }).click()
    await expect(viewer.getByTestId('viewer-file-name')).toHaveText('harbour.png')
    await page.keyboard.press('ArrowLeft')
    await expect(viewer.getByTestId('viewer-file-name')).toHaveText('server.log')
    expect(new URL(page.url()).searchParams.get('view')).toBe(byName('server.log').file_id)
    await page.keyboard.press('Escape')
    await expect(viewer).toBeHidden()
    expect(new URL(page.url()).searchParams.get('view')).toBeNull()

    // None of that was a download; the viewer's own button is.
    await expect(page.getByTestId('download-count')).toHaveText(w.downloadedZero)
    await page.getByRole('button', { name: w.view('main.ts') }).click()
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      viewer.getByRole('link', { name: w.download('main.ts') }).click(),
    ])
    expect(download.suggestedFilename()).toBe('main.ts')
    await expect
      .poll(async () => {
        const res = await request.get(`/api/share/${unique_id}`)
        return ((await res.json()) as { transfer: { download_count: number } }).transfer.download_count
      })
      .toBe(1)
    // The page is left with the viewer open: axe checks it as the test ends.
  })

  test(`${lang}: an SVG or HTML file opened in the viewer, or on its own, runs no script`, async ({
    browser,
    request,
    workerAdmin,
  }) => {
    const sender = await proSender(request, workerAdmin.login.access_token)
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" onload="alert(1)"><script>alert(2)</script><rect width="200" height="100" fill="#2b8a3e"/></svg>',
    )
    const html = Buffer.from('<!doctype html><html><body onload="alert(3)"><script>alert(4)</script>Hi</body></html>')
    const { unique_id, sharing_url } = await seedFilesTransfer(request, sender.access_token, {
      title: `Markup ${lang}`,
      recipients: [`rec-${randomUUID().slice(0, 8)}@e2e.ferry.test`],
      files: [
        { name: 'badge.svg', body: svg, type: 'image/svg+xml' },
        { name: 'page.html', body: html, type: 'text/html' },
      ],
    })
    const files = await filesOnceDerived(request, unique_id, [])
    const context = await browser.newContext()
    const page = await context.newPage()
    const dialogs: string[] = []
    context.on('dialog', (dialog) => {
      dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    const link = new URL(sharing_url)
    link.searchParams.set('lng', lang)
    await page.goto(link.toString())

    await page.getByRole('button', { name: w.view('badge.svg') }).click()
    const viewer = page.getByTestId('file-viewer')
    await expect(viewer.getByTestId('viewer-image')).toHaveJSProperty('complete', true)
    expect(await viewer.getByTestId('viewer-image').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(200)
    await viewer.getByRole('button', { name: w.next }).click()
    // HTML is text: shown as highlighted markup, never rendered.
    await expect(viewer.getByTestId('viewer-code')).toContainText('<script>alert(4)</script>')

    // Opened on their own (a new tab on the preview URL), the sandbox CSP keeps them inert.
    for (const name of ['badge.svg', 'page.html']) {
      const file = files.find((f) => f.file_name === name) as SharedFile
      const tab = await context.newPage()
      const response = await tab.goto(file.preview_url ?? '')
      expect(response?.headers()['content-security-policy']).toMatch(/^sandbox/)
      expect(response?.headers()['x-content-type-options']).toBe('nosniff')
      await tab.close()
    }
    expect(dialogs).toEqual([])
  })
}
