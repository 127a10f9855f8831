import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { newAccount, registerViaApi, storeLogin } from './fixtures/auth.js'
import { startFerryServer } from './fixtures/ferry-server.js'
import { expect, test } from './fixtures/test.js'
import { e2eDataDir, storedObject, tempDir, writeRandomFile } from './fixtures/upload-files.js'

const MiB = 1024 * 1024

/** The upload calls the page makes, by path, with their JSON bodies. */
function uploadCalls(page: Page) {
  const calls: { path: string; body: Record<string, unknown> }[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (request.method() === 'POST' && /^\/api\/(presign|multipart\/)/.test(pathname)) {
      calls.push({ path: pathname, body: request.postDataJSON() as Record<string, unknown> })
    }
  })
  return {
    calls,
    count: (pathname: string) => calls.filter((call) => call.path === pathname).length,
  }
}

async function addFiles(page: Page, files: string[]) {
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Add files' }).click()
  await (await chooser).setFiles(files)
}

/**
 * Slows the page's uploads down (Chromium's network emulation), so a test can act in the middle.
 * Returns a switch for the same emulation's offline mode: this session's conditions are the ones
 * the page's requests meet, so a drop must be set here (context.setOffline alone only tells the
 * page it is offline).
 */
async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  const emulate = (offline: boolean) =>
    cdp.send('Network.emulateNetworkConditions', {
      offline,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: bytesPerSecond,
    })
  await emulate(false)
  return { setOffline: emulate }
}

const progressOf = async (row: Locator) => Number(await row.getByRole('progressbar').getAttribute('aria-valuenow'))

const fileRow = (page: Page, name: string) => page.locator(`[data-testid="upload-file-row"][data-file-name="${name}"]`)

test('a 5 MB and a 120 MB file go up through the picker, the big one in parts, and are stored intact', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000)
  const dir = await tempDir()
  try {
    const small = await writeRandomFile(dir, 'small.bin', 5 * MiB)
    const big = await writeRandomFile(dir, 'big.bin', 120_000_000)
    await storeLogin(page, await registerViaApi(request))
    const api = uploadCalls(page)
    // On loopback 120 MB can be up within a second, and the "on their way" line goes with the last
    // byte: the big file's completion waits until the test has read the page in the middle.
    let releaseCompletion = () => {}
    const middleRead = new Promise<void>((resolve) => {
      releaseCompletion = resolve
    })
    await page.route('**/api/multipart/complete', async (route) => {
      await middleRead
      await route.continue()
    })
    await page.goto('/')

    await addFiles(page, [small.path, big.path])
    await expect(page.getByText('Selected Files:')).toBeVisible()
    await expect(page.getByTestId('upload-total-size')).toHaveText('Total size: 119.4 MiB')
    await expect(fileRow(page, 'small.bin')).toContainText('5 MiB')
    await expect(fileRow(page, 'big.bin')).toContainText('114.4 MiB')
    await expect(page.getByText('your files are on their way while you fill in the details')).toBeVisible()
    releaseCompletion()

    await expect(page.getByText('All files uploaded')).toBeVisible({ timeout: 150_000 })
    for (const file of [small, big]) {
      const row = fileRow(page, file.name)
      await expect(row).toHaveAttribute('data-status', 'done')
      await expect(row).toContainText('Uploaded')
      const key = await row.getAttribute('data-file-key')
      expect(key, `${file.name} has a key`).toBeTruthy()
      expect(await storedObject(e2eDataDir(), key ?? '')).toEqual({ sha256: file.sha256, size: file.size })
    }

    // 5 MB: one presigned PUT; 120 MB: multipart in 16 MiB parts; sizes declared to the server.
    expect(api.calls.filter((c) => c.path === '/api/presign').map((c) => c.body)).toEqual([
      { filename: 'small.bin', content_type: 'application/octet-stream', file_size: small.size },
    ])
    expect(api.calls.find((c) => c.path === '/api/multipart/create')?.body).toMatchObject({
      filename: 'big.bin',
      file_size: big.size,
      part_size: 16 * 1024 * 1024,
    })
    expect(api.count('/api/multipart/create')).toBe(1)
    // The eight parts' URLs came signed with create (issue 24 item 5): no signing call at all.
    expect(api.count('/api/multipart/sign-part')).toBe(0)
    expect(api.count('/api/multipart/sign-parts')).toBe(0)
    expect(api.count('/api/multipart/complete')).toBe(1)
    expect(api.count('/api/multipart/abort')).toBe(0)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
})

test('a network drop mid-upload: the picker says so, and the upload resumes when the connection is back', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(180_000)
  const dir = await tempDir()
  try {
    const file = await writeRandomFile(dir, 'drop.bin', 110_000_000)
    await storeLogin(page, await registerViaApi(request))
    const api = uploadCalls(page)
    await page.goto('/')
    const network = await throttleUploads(page, 20 * MiB)

    await addFiles(page, [file.path])
    const row = fileRow(page, 'drop.bin')
    await expect.poll(() => progressOf(row), { timeout: 60_000, intervals: [100] }).toBeGreaterThan(20)

    // The drop has reached the upload once one of its requests fails: a part's signature or a
    // part's PUT started offline (Chromium's offline emulation lets PUTs already under way go on,
    // and the last of the file's parts starts only when one of them ends).
    const refused = page.waitForEvent('requestfailed', {
      predicate: (request) => request.method() !== 'GET',
      timeout: 60_000,
    })
    await context.setOffline(true)
    await network.setOffline(true)
    await expect(page.getByTestId('upload-notice')).toHaveText(
      "You're offline. Uploads continue when the connection is back.",
    )
    await refused
    await expect(row).not.toHaveAttribute('data-status', 'done')
    await network.setOffline(false)
    await context.setOffline(false)
    await expect(page.getByTestId('upload-notice')).toBeHidden()

    await expect(row).toHaveAttribute('data-status', 'done', { timeout: 120_000 })
    const key = await row.getAttribute('data-file-key')
    expect(await storedObject(e2eDataDir(), key ?? '')).toEqual({ sha256: file.sha256, size: file.size })
    expect(api.count('/api/multipart/create')).toBe(1)
    expect(api.count('/api/multipart/abort')).toBe(0)
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
})

test('logged out, files and folders are listed with their folder paths and wait for a login', async ({ page }) => {
  const dir = await tempDir()
  try {
    const folder = path.join(dir, 'photos')
    await mkdir(path.join(folder, '2024'), { recursive: true })
    await writeRandomFile(path.join(folder, '2024'), 'a.jpg', 3000)
    await writeRandomFile(folder, 'b.jpg', 2048)
    const loose = await writeRandomFile(dir, 'notes.txt', 100)
    const api = uploadCalls(page)
    await page.goto('/')

    const chooser = page.waitForEvent('filechooser')
    await page.getByRole('button', { name: 'Add folders' }).click()
    await (await chooser).setFiles(folder)
    await addFiles(page, [loose.path])

    const rows = page.getByTestId('upload-file-row')
    await expect(rows).toHaveCount(3)
    const names = await rows.evaluateAll((elements) => elements.map((e) => e.getAttribute('data-file-name')).sort())
    expect(names).toEqual(['notes.txt', 'photos/2024/a.jpg', 'photos/b.jpg'])
    await expect(page.getByTestId('upload-total-size')).toHaveText('Total size: 5 KiB')
    await expect(fileRow(page, 'photos/2024/a.jpg')).toContainText('Uploads once you log in')
    await expect(page.getByTestId('login-to-send')).toContainText('Log in to send these files.')

    // Removing a file takes it off the list; adding it again brings it back.
    await page.getByRole('button', { name: 'Remove notes.txt' }).click()
    await expect(rows).toHaveCount(2)
    await addFiles(page, [loose.path])
    await expect(rows).toHaveCount(3)
    // The same file twice is listed once, and the picker says so.
    await addFiles(page, [loose.path])
    await expect(page.getByTestId('upload-notice')).toHaveText('Already in the list: notes.txt')
    await expect(rows).toHaveCount(3)
    await expect(page.getByTestId('upload-notice')).toBeHidden({ timeout: 8000 })

    // Files dropped on the area are added too.
    const dataTransfer = await page.evaluateHandle(() => {
      const transfer = new DataTransfer()
      transfer.items.add(new File(['dropped bytes'], 'dropped.txt', { type: 'text/plain' }))
      return transfer
    })
    for (const type of ['dragenter', 'dragover', 'drop']) {
      await page.getByTestId('upload-area').dispatchEvent(type, { dataTransfer })
    }
    await expect(fileRow(page, 'dropped.txt')).toContainText('13 B')
    await expect(rows).toHaveCount(4)

    expect(api.calls).toEqual([])
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
})

test('in Spanish, the picker speaks Spanish and sizes use Spanish numbers', async ({ page }) => {
  const dir = await tempDir()
  try {
    const file = await writeRandomFile(dir, 'informe.pdf', 5148)
    await page.goto('/?lng=es')
    await expect(page.getByText('Arrastra y suelta archivos aquí')).toBeVisible()
    const chooser = page.waitForEvent('filechooser')
    await page.getByRole('button', { name: 'Añadir archivos' }).click()
    await (await chooser).setFiles([file.path])
    await expect(page.getByText('Archivos seleccionados:')).toBeVisible()
    await expect(page.getByTestId('upload-total-size')).toHaveText('Tamaño total: 5 KiB')
    await expect(fileRow(page, 'informe.pdf')).toContainText('Se subirá cuando inicies sesión')
    await expect(page.getByTestId('login-to-send')).toContainText('Inicia sesión para enviar estos archivos.')
    // The same file again is listed once, and the picker says so (newcomer walk 9.7).
    const again = page.waitForEvent('filechooser')
    await page.getByRole('button', { name: 'Añadir archivos' }).click()
    await (await again).setFiles([file.path])
    await expect(page.getByTestId('upload-notice')).toHaveText('Ya está en la lista: informe.pdf')
    await expect(page.getByTestId('upload-total-size')).toHaveText('Tamaño total: 5 KiB')
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
})

test('a server killed mid-upload and started again: the upload resumes and the file arrives intact', async ({
  page,
}, testInfo) => {
  test.setTimeout(240_000)
  const dir = await tempDir()
  const dataDir = await tempDir('ferry-e2e-restart-')
  const port = 3200 + testInfo.workerIndex
  let server = await startFerryServer({ port, dataDir })
  try {
    const big = await writeRandomFile(dir, 'restart.bin', 120_000_000)
    const registered = await page.request.post(`${server.url}/auth/register`, {
      data: newAccount('restart'),
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    })
    expect(registered.status()).toBe(201)
    await storeLogin(page, await registered.json())
    const api = uploadCalls(page)
    await page.goto(server.url)

    // Slower uploads, so that the kill lands in the middle of the parts.
    await throttleUploads(page, 20 * MiB)

    await addFiles(page, [big.path])
    const row = fileRow(page, 'restart.bin')
    await expect.poll(() => progressOf(row), { timeout: 60_000, intervals: [100] }).toBeGreaterThan(30)

    await server.kill()
    await expect(row).not.toHaveAttribute('data-status', 'done')
    server = await startFerryServer({ port, dataDir })

    await expect(row).toHaveAttribute('data-status', 'done', { timeout: 150_000 })
    const key = await row.getAttribute('data-file-key')
    expect(await storedObject(dataDir, key ?? '')).toEqual({ sha256: big.sha256, size: big.size })
    // Resumed, not started over: one multipart upload, never aborted.
    expect(api.count('/api/multipart/create')).toBe(1)
    expect(api.count('/api/multipart/abort')).toBe(0)
    expect(api.count('/api/multipart/complete')).toBeGreaterThanOrEqual(1)
  } finally {
    await server.stop().catch(() => {})
    await rm(dir, { recursive: true, force: true })
    await rm(dataDir, { recursive: true, force: true })
  }
})
