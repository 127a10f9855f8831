import { createHash, randomBytes } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { type APIRequestContext, request as playwrightRequest } from '@playwright/test'
import {
  eicar,
  requireClamdOrSkip,
  startTestClamd,
  type TestClamd,
} from '../server/src/features/file-scans/testing/clamd-test-kit.js'
import { e2eAdmin, type LoginResult, loginViaApi, newAccount, registerViaApi, storeLogin } from './fixtures/auth.js'
import { type FerryServer, startFerryServer } from './fixtures/ferry-server.js'
import { expect, test } from './fixtures/test.js'
import { sha256OfDownload } from './fixtures/transfers.js'
import { tempDir } from './fixtures/upload-files.js'

// Issue 24 item 7 (docs/decisions/0039): with CLAMAV_URL every stored file is scanned by clamd
// before anyone but its sender downloads it. Scanning is a service-wide switch, so this spec runs
// a Ferry server of its own (docs/testing.md) with a real clamd it starts on a /tmp socket with an
// EICAR signature database it writes (the server tests' kit). In English and Spanish: an EICAR
// upload never reaches its recipient (the page says it is not available), its sender sees the
// signature, the admin sees it frozen with the signature and releases it after confirming; a
// clean file is shown "being checked" (clamd stopped, so the state lasts) and then opens, and its
// download has the same bytes.

const texts = {
  en: {
    scanning: 'These files are being checked for viruses; this page updates when they are ready.',
    notAvailable: 'This transfer is not available',
    senderFrozen: 'A virus was found in this transfer (Eicar-Test-Signature',
    frozenBadge: 'Frozen: Eicar-Test-Signature',
    unfreeze: 'Unfreeze',
    unfreezeTitle: 'Unfreeze this transfer?',
    unfrozen: 'The transfer was released.',
    scanned: 'Scanned',
    download: (name: string) => `Download ${name}`,
    tabReceived: 'Received Files',
    virusFound: 'Virus found: Eicar-Test-Signature',
    downloadFile: 'Download',
  },
  es: {
    scanning: 'Se están analizando estos archivos en busca de virus; esta página se actualiza cuando estén listos.',
    notAvailable: 'Esta transferencia no está disponible',
    senderFrozen: 'Se ha encontrado un virus en esta transferencia (Eicar-Test-Signature',
    frozenBadge: 'Congelada: Eicar-Test-Signature',
    unfreeze: 'Descongelar',
    unfreezeTitle: '¿Descongelar esta transferencia?',
    unfrozen: 'La transferencia se ha liberado.',
    scanned: 'Analizado',
    download: (name: string) => `Descargar ${name}`,
    tabReceived: 'Archivos recibidos',
    virusFound: 'Virus encontrado: Eicar-Test-Signature',
    downloadFile: 'Descargar',
  },
} as const

const xhr = { 'X-Requested-With': 'XMLHttpRequest' }
/** A fresh server's first pages on a loaded machine take longer than the default wait. */
const firstLoad = { timeout: 20_000 }
/**
 * A scan retried after clamd came back waits the job queue's first back-off (30 s) and the page's
 * next read (3 s): the page polls by itself, the test only watches it.
 */
const afterRetry = { timeout: 90_000 }

test.describe.configure({ mode: 'serial' })

let clamd: TestClamd | undefined
let server: FerryServer
let dataDir: string
let api: APIRequestContext
/** A recipient's requests: no session (the sender's sign-up left its cookie in `api`). */
let anonymous: APIRequestContext
let admin: LoginResult
let sender: LoginResult

test.beforeAll(async () => {
  if (!requireClamdOrSkip()) return
  test.setTimeout(180_000)
  clamd = await startTestClamd()
  dataDir = await tempDir('ferry-e2e-virus-scan-')
  // Inside this engineer's port range (docs/testing.md): the main server's port + 8.
  const port = Number(process.env.FERRY_E2E_PORT ?? 3100) + 8
  server = await startFerryServer({
    port,
    dataDir,
    env: { ADMIN_EMAIL: e2eAdmin.email, ADMIN_PASSWORD: e2eAdmin.password, CLAMAV_URL: clamd.url },
  })
  api = await playwrightRequest.newContext({ baseURL: server.url })
  anonymous = await playwrightRequest.newContext({ baseURL: server.url })
  admin = await loginViaApi(api, e2eAdmin.email, e2eAdmin.password)
  sender = await registerViaApi(api, newAccount('virus-scan'), dataDir)
})

test.afterAll(async () => {
  await api?.dispose()
  await anonymous?.dispose()
  await server?.stop()
  await clamd?.dispose()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

test.beforeEach(() => {
  test.skip(!clamd, 'clamd is not installed (scripts/ensure-services.sh installs it)')
})

/** A transfer of one file sent through the API (presign, PUT, create), as the sender's browser does. */
async function send(title: string, name: string, body: Buffer, recipient: string) {
  const headers = { ...xhr, authorization: `Bearer ${sender.access_token}` }
  const presign = await api.post('/api/presign', {
    headers,
    data: { filename: name, content_type: 'application/octet-stream', file_size: body.length },
  })
  expect(presign.status(), await presign.text()).toBe(200)
  const signed = (await presign.json()) as { url: string; file_key: string; headers: Record<string, string> }
  const put = await api.put(signed.url, { headers: signed.headers, data: body })
  expect(put.ok(), await put.text()).toBe(true)
  const created = await api.post('/api/transfers', {
    headers,
    data: {
      files: [{ file_key: signed.file_key, file_name: name, file_size: body.length }],
      recipient_emails: [recipient],
      title,
      message: '',
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  return (await created.json()) as { id: string; sharing_url: string; unique_id: string }
}

/** A visitor's upload of these files through the sender's new request link; the link's id. */
async function uploadThroughLink(files: { name: string; body: Buffer }[]) {
  const link = await api.post('/file-request/create', {
    headers: { ...xhr, authorization: `Bearer ${sender.access_token}` },
    data: { name: `Scanned link ${Date.now()}` },
  })
  expect(link.status(), await link.text()).toBe(201)
  const { request_id } = (await link.json()) as { request_id: string }
  const records = []
  for (const file of files) {
    const presign = await anonymous.post('/api/presign', {
      headers: xhr,
      data: {
        filename: file.name,
        content_type: 'application/octet-stream',
        file_size: file.body.length,
        request_id,
      },
    })
    expect(presign.status(), await presign.text()).toBe(200)
    const signed = (await presign.json()) as { url: string; file_key: string; headers: Record<string, string> }
    expect((await anonymous.put(signed.url, { headers: signed.headers, data: file.body })).ok()).toBe(true)
    records.push({ file_key: signed.file_key, file_name: file.name, file_size: file.body.length })
  }
  const upload = await anonymous.post(`/api/file-request/${request_id}/upload`, {
    headers: xhr,
    data: { files: records, sender_name: 'Val Visitor' },
  })
  expect(upload.status(), await upload.text()).toBe(201)
  return request_id
}

/** What the share API gives a recipient (no session): never a file while the transfer is held. */
async function recipientShare(uniqueId: string) {
  const res = await anonymous.get(`/api/share/${uniqueId}`, { headers: xhr })
  expect(res.status(), await res.text()).toBe(200)
  return (await res.json()) as { transfer: { scan_hold: string | null; files: unknown[] }; download_url: string | null }
}

for (const lang of ['en', 'es'] as const) {
  const t = texts[lang]

  test(`[${lang}] an EICAR upload never reaches its recipient; the admin sees it frozen and may release it`, async ({
    browser,
  }) => {
    test.slow() // a server and a clamd of its own, three browsers on a shared machine
    const title = `EICAR ${lang} ${Date.now()}`
    const sent = await send(title, 'eicar.com', eicar, `recipient-${lang}@example.com`)

    // The recipient: being checked, then not available, and never a file or a download link.
    const recipient = await browser.newContext()
    const page = await recipient.newPage()
    await page.goto(`${sent.sharing_url}?lng=${lang}`)
    await expect(page.getByRole('heading', { name: t.notAvailable })).toBeVisible(firstLoad)
    await expect(page.getByTestId('share-file')).toHaveCount(0)
    await expect(page.getByTestId('share-frozen')).not.toContainText('Eicar')
    const shared = await recipientShare(sent.unique_id)
    expect(shared.transfer.scan_hold).toBe('frozen')
    expect(shared.transfer.files).toEqual([])
    expect(shared.download_url).toBeNull()
    const download = await anonymous.get(`/share/${sent.unique_id}/download`)
    expect(download.status()).toBe(403)

    // The sender's page names what was found.
    const senderContext = await browser.newContext()
    const senderPage = await senderContext.newPage()
    await storeLogin(senderPage, sender, server.url)
    await senderPage.goto(`${server.url}/transfers/${sent.id}?lng=${lang}`)
    await expect(senderPage.getByTestId('detail-frozen')).toContainText(t.senderFrozen, firstLoad)
    await expect(senderPage.getByTestId('detail-download')).toBeDisabled()

    // The admin: frozen with the signature, released after confirming.
    const adminContext = await browser.newContext()
    const adminPage = await adminContext.newPage()
    await storeLogin(adminPage, admin, server.url)
    await adminPage.goto(`${server.url}/admin?tab=transfers&lng=${lang}`)
    const row = adminPage.getByTestId('transfer-row').filter({ hasText: title })
    // clamd names it Eicar-Test-Signature.UNOFFICIAL: the test's database is not ClamAV's own.
    await expect(row.getByTestId('cell-frozen')).toContainText(t.frozenBadge, firstLoad)
    await row.getByRole('button', { name: t.unfreeze }).click()
    const dialog = adminPage.getByRole('dialog', { name: t.unfreezeTitle })
    await expect(dialog.getByTestId('unfreeze-consequences')).toContainText('Eicar-Test-Signature')
    await dialog.getByRole('button', { name: t.unfreeze }).click()
    await expect(adminPage.getByText(t.unfrozen)).toBeVisible()
    await expect(row.getByTestId('cell-frozen')).toHaveCount(0)
    expect((await recipientShare(sent.unique_id)).transfer.scan_hold).toBeNull()

    await recipient.close()
    await senderContext.close()
    await adminContext.close()
  })

  test(`[${lang}] a clean file is shown being checked, then opens with the same bytes`, async ({ browser }) => {
    test.slow()
    const scanner = clamd as TestClamd
    // clamd down: the scan waits (retried with back-off), so the page's waiting state lasts.
    await scanner.stop()
    const name = `report-${lang}.bin`
    const body = randomBytes(256 * 1024)
    const sent = await send(`Clean ${lang} ${Date.now()}`, name, body, `recipient-${lang}@example.com`)

    const recipient = await browser.newContext()
    const page = await recipient.newPage()
    try {
      await page.goto(`${sent.sharing_url}?lng=${lang}`)
      await expect(page.getByTestId('share-scanning')).toContainText(t.scanning, firstLoad)
      await expect(page.getByTestId('share-file')).toHaveCount(0)
      expect((await recipientShare(sent.unique_id)).transfer.files).toEqual([])
    } finally {
      await scanner.start()
    }

    // clamd is back: the retried scan finds it clean and the page opens by itself.
    const downloadButton = page.getByRole('link', { name: t.download(name) })
    await expect(downloadButton).toBeVisible(afterRetry)
    await expect(page.getByTestId('share-scanning')).toHaveCount(0)
    await expect(page.getByTestId('share-file').getByTestId('scan-mark')).toHaveText(t.scanned)
    const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()])
    expect(await sha256OfDownload(download)).toBe(createHash('sha256').update(body).digest('hex'))
    await recipient.close()
  })

  test(`[${lang}] an infected upload through a request link cannot be downloaded by its requester`, async ({
    browser,
  }) => {
    test.slow()
    const clean = randomBytes(64 * 1024)
    const requestId = await uploadThroughLink([
      { name: `notes-${lang}.bin`, body: clean },
      { name: `eicar-${lang}.com`, body: eicar },
    ])
    const context = await browser.newContext()
    const page = await context.newPage()
    try {
      await storeLogin(page, sender, server.url)
      await page.goto(`${server.url}/?tab=request&lng=${lang}`)
      await page.getByRole('tab', { name: t.tabReceived }).click(firstLoad)
      const group = page.locator(`[data-testid="received-group"][data-request-id="${requestId}"]`)
      const infected = group.locator(`[data-testid="received-file"][data-file-name="eicar-${lang}.com"]`)
      const cleanRow = group.locator(`[data-testid="received-file"][data-file-name="notes-${lang}.bin"]`)
      // The list refreshes by itself while a file waits for clamd.
      await expect(infected.getByTestId('scan-mark')).toContainText(t.virusFound, afterRetry)
      await expect(infected.getByRole('link', { name: t.downloadFile })).toHaveCount(0)
      await expect(group.getByTestId('received-download-all')).toHaveCount(0)
      await expect(cleanRow.getByTestId('scan-mark')).toHaveText(t.scanned)
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        cleanRow.getByRole('link', { name: t.downloadFile }).click(),
      ])
      expect(await sha256OfDownload(download)).toBe(createHash('sha256').update(clean).digest('hex'))
    } finally {
      await context.close()
    }
  })
}
