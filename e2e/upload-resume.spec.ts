import { rm } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { registerViaApi, storeLogin } from './fixtures/auth.js'
import { expect as baseExpect, test } from './fixtures/test.js'
import { sha256OfDownload } from './fixtures/transfers.js'
import { tempDir, writeRandomFile } from './fixtures/upload-files.js'

// Issue 24 item 3: an upload survives a lost network and a reload. The page remembers the
// multipart upload (IndexedDB), offers to continue it after the reload, and sends only the parts
// the server is missing; what the recipient downloads is the file that was picked, byte for byte.

const expect = baseExpect.configure({ timeout: 15_000 })
const MiB = 1024 * 1024

const words = {
  en: { offer: '1 upload from your last visit is not finished', continue: 'Continue uploading' },
  es: { offer: '1 subida de tu última visita no ha terminado', continue: 'Continuar la subida' },
} as const

/** Chromium's network emulation for this page: slow uploads, and a switch to cut the network. */
async function emulateNetwork(page: Page, uploadBytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  const set = (offline: boolean) =>
    cdp.send('Network.emulateNetworkConditions', {
      offline,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: uploadBytesPerSecond,
    })
  await set(false)
  return { setOffline: set }
}

/** Every part PUT the page starts and every one that is stored (2xx), by part number and visit. */
function partPuts(page: Page) {
  const started: { partNumber: number; visit: number }[] = []
  const stored: { partNumber: number; visit: number }[] = []
  let visit = 1
  const partOf = (url: string) => Number(new URL(url).searchParams.get('partNumber') ?? 0)
  page.on('request', (request) => {
    if (request.method() === 'PUT' && partOf(request.url())) started.push({ partNumber: partOf(request.url()), visit })
  })
  page.on('requestfinished', async (request) => {
    if (request.method() !== 'PUT' || !partOf(request.url())) return
    const response = await request.response()
    if (response?.ok()) stored.push({ partNumber: partOf(request.url()), visit })
  })
  return {
    started,
    stored,
    nextVisit() {
      visit += 1
    },
  }
}

const progressOf = async (page: Page) =>
  Number(
    await page
      .locator('[data-testid="upload-file-row"][data-file-name="big.bin"]')
      .getByRole('progressbar')
      .getAttribute('aria-valuenow'),
  )

for (const lang of ['en', 'es'] as const) {
  test(`${lang}: a 200 MB upload cut by a lost network and a reload continues with only the missing parts`, async ({
    page,
    request,
    context,
  }) => {
    test.setTimeout(300_000)
    const dir = await tempDir()
    try {
      const file = await writeRandomFile(dir, 'big.bin', 200_000_000)
      const sender = await registerViaApi(request)
      await storeLogin(page, sender)
      // Leaving a page with uploads moving asks first; the person says yes.
      page.on('dialog', (dialog) => void dialog.accept())
      const puts = partPuts(page)
      const creates: string[] = []
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/api/multipart/create') creates.push(r.url())
      })
      await page.goto(`/?lng=${lang}`)
      const network = await emulateNetwork(page, 20 * MiB)

      await page.getByTestId('add-files-input').setInputFiles(file.path)
      await expect.poll(() => progressOf(page), { timeout: 120_000, intervals: [100] }).toBeGreaterThan(30)
      // Six parts move at once, so 30% sent may still be no part stored: the cut comes after one is.
      await expect.poll(() => puts.stored.length, { timeout: 120_000, intervals: [100] }).toBeGreaterThan(0)

      // The network goes; a request of the upload fails on it.
      const refused = page.waitForEvent('requestfailed', { predicate: (r) => r.method() !== 'GET', timeout: 60_000 })
      await context.setOffline(true)
      await network.setOffline(true)
      await refused
      const storedBefore = new Set(puts.stored.map((put) => put.partNumber))
      expect(storedBefore.size, 'parts stored before the cut').toBeGreaterThan(0)

      // The first visit ends while the network is still down (as a crash or a closed tab would):
      // left open, its own retries could finish the upload once the network is back, before a reload.
      await page.goto('about:blank')
      // Back online, the person opens Ferry again: the page offers to continue.
      puts.nextVisit()
      await network.setOffline(false)
      await context.setOffline(false)
      await page.goto(`/?lng=${lang}`)
      const offer = page.getByTestId('resumable-uploads')
      await expect(offer).toContainText(words[lang].offer)
      await expect(offer.getByTestId('resumable-upload')).toHaveAttribute('data-file-name', 'big.bin')
      // Parts the first visit stored after the cut began (their responses still on the way) count too.
      const storedFirstVisit = new Set(puts.stored.filter((put) => put.visit === 1).map((put) => put.partNumber))

      const chooser = page.waitForEvent('filechooser')
      await offer.getByRole('button', { name: words[lang].continue }).click()
      await (await chooser).setFiles(file.path)
      await expect(offer).toBeHidden()
      const row = page.locator('[data-testid="upload-file-row"][data-file-name="big.bin"]')
      await expect(row).toHaveAttribute('data-status', 'done', { timeout: 200_000 })

      // Only the missing parts went again: none the server had stored, each stored part once.
      const resent = puts.started.filter((put) => put.visit === 2 && storedFirstVisit.has(put.partNumber))
      expect(resent, 'parts stored before the reload and sent again').toEqual([])
      // What the first visit had not stored went in the second (on a fast machine that may be nothing
      // but the completion: every part's bytes were out before the cut).
      const missing = Array.from({ length: Math.ceil(200_000_000 / (16 * MiB)) }, (_, i) => i + 1).filter(
        (n) => !storedFirstVisit.has(n),
      )
      expect(new Set(puts.stored.filter((put) => put.visit === 2).map((put) => put.partNumber))).toEqual(
        new Set(missing),
      )
      const storedCounts = new Map<number, number>()
      for (const put of puts.stored) storedCounts.set(put.partNumber, (storedCounts.get(put.partNumber) ?? 0) + 1)
      expect([...storedCounts.values()].every((count) => count === 1)).toBe(true)
      expect(creates, 'one multipart upload, continued').toHaveLength(1)

      // Sent, then downloaded by the recipient: the same bytes.
      const key = await row.getAttribute('data-file-key')
      const created = await request.post('/api/transfers', {
        headers: { 'X-Requested-With': 'XMLHttpRequest', Authorization: `Bearer ${sender.access_token}` },
        data: {
          files: [{ file_key: key, file_name: 'big.bin', file_size: file.size }],
          recipient_emails: [`resume-${lang}@example.com`],
          title: `Resumed ${lang}`,
          message: '',
        },
      })
      expect(created.status(), await created.text()).toBe(201)
      const { unique_id } = (await created.json()) as { unique_id: string }
      await network.setOffline(false)
      await page.goto(`/share/${unique_id}?lng=${lang}`)
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 120_000 }),
        page.locator('[data-testid="share-file"][data-file-name="big.bin"]').getByRole('link').first().click(),
      ])
      expect(await sha256OfDownload(download)).toBe(file.sha256)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
}
