import { newAccount, registerViaApi, storeLogin } from './fixtures/auth.js'
import { expect, test } from './fixtures/test.js'
import { addFiles, mailTo, sha256OfDownload, zipEntryHashes } from './fixtures/transfers.js'
import { tempDir, writeRandomFile } from './fixtures/upload-files.js'

const KiB = 1024

test('a visitor uploads to a request link; the requester is told, downloads the files and the link is completed', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000)
  const dir = await tempDir()
  const report = await writeRandomFile(dir, 'report.pdf', 300 * KiB)
  const photo = await writeRandomFile(dir, 'photo one.jpg', 1200 * KiB)
  const account = newAccount('requester')
  // page.request shares the context's cookies: the login cookie lets the download links through.
  await storeLogin(page, await registerViaApi(page.request, account))

  await page.goto('/?tab=request')
  await expect(page.getByRole('tab', { name: 'Create Link' })).toHaveAttribute('aria-selected', 'true')
  await page.getByRole('tab', { name: 'My Requests' }).click()
  await expect(page.getByText('No file request links created yet')).toBeVisible()
  await page.getByRole('tab', { name: 'Received Files' }).click()
  await expect(page).toHaveURL(/[?&]view=received/)
  await expect(page.getByText('No files received yet')).toBeVisible()

  await page.getByRole('tab', { name: 'Create Link' }).click()
  const days = page.getByLabel('Link expires in (days)')
  await expect(days).toHaveValue('7')
  await days.fill('3')
  await page.getByRole('button', { name: 'Create Link' }).click()
  const link = new URL(await page.getByTestId('request-link').inputValue())
  expect(link.origin).toBe(new URL(page.url()).origin)
  expect(link.pathname).toMatch(/^\/upload\/[A-Za-z0-9_-]{20,}$/)
  const requestId = link.pathname.split('/').at(-1) as string

  await page.getByRole('tab', { name: 'My Requests' }).click()
  const row = page.locator(`[data-testid="my-request-row"][data-request-id="${requestId}"]`)
  await expect(row).toContainText(`${requestId.slice(0, 8)}…`)
  await expect(row.getByTestId('request-status')).toHaveText('Active')
  await expect(row.getByTestId('request-uploads')).toHaveText('0')

  // A visitor, in a browser of their own, never logged in.
  const visitor = await browser.newContext()
  try {
    const upload = await visitor.newPage()
    await upload.goto(link.toString())
    await expect(upload.getByRole('heading', { name: 'Upload Files' })).toBeVisible()
    await expect(upload.getByText('Someone has requested that you upload files using this link.')).toBeVisible()
    await expect(upload.getByTestId('request-expires')).toHaveText(/^Expires /)
    await expect(upload.getByText('Select files to upload')).toBeVisible()
    const button = upload.getByTestId('request-upload-button')
    await expect(button).toHaveText('Upload Files')
    await expect(button).toBeDisabled()

    await addFiles(upload, [report.path, photo.path])
    await expect(upload.getByTestId('request-total-size')).toHaveText('Total size: 1.5 MiB')
    await upload.getByTestId('sender-name').fill('Dana Sender')
    await upload.getByTestId('sender-email').fill('dana@e2e.ferry.test')
    const completed = upload.waitForResponse(
      (response) => response.url().endsWith(`/api/file-request/${requestId}/complete`) && response.ok(),
    )
    await button.click()
    await expect(upload.getByRole('heading', { name: 'Upload Complete!' })).toBeVisible({ timeout: 20_000 })
    await expect(
      upload.getByText('Your files have been successfully uploaded and the recipient has been notified.'),
    ).toBeVisible()
    await completed

    // The requester's email links to Received Files.
    const mail = await mailTo(account.email)
    const received = mail.links.find((href) => href.includes('view=received'))
    expect(received, mail.text).toBeDefined()
    await page.goto(received as string)
    await expect(page.getByRole('tab', { name: 'Received Files' })).toHaveAttribute('aria-selected', 'true')
    const group = page.locator(`[data-testid="received-group"][data-request-id="${requestId}"]`)
    await expect(group).toContainText(`Request ${requestId.slice(0, 8)}…`)
    await expect(group.getByTestId('received-from')).toHaveText(/^From: .*Dana Sender/)
    await expect(group.getByTestId('received-file')).toHaveCount(2)
    const reportRow = group.locator('[data-testid="received-file"][data-file-name="report.pdf"]')
    await expect(reportRow).toContainText('300 KiB')

    const [single] = await Promise.all([
      page.waitForEvent('download'),
      reportRow.getByRole('link', { name: 'Download' }).click(),
    ])
    expect(single.suggestedFilename()).toBe('report.pdf')
    expect(await sha256OfDownload(single)).toBe(report.sha256)

    const [zip] = await Promise.all([
      page.waitForEvent('download'),
      group.getByRole('link', { name: 'Download all (ZIP)' }).click(),
    ])
    expect(zip.suggestedFilename()).toMatch(/\.zip$/)
    expect(await zipEntryHashes(await zip.path())).toEqual({
      'report.pdf': report.sha256,
      'photo one.jpg': photo.sha256,
    })

    await page.getByRole('tab', { name: 'My Requests' }).click()
    await expect(row.getByTestId('request-status')).toHaveText('Completed')
    await expect(row.getByTestId('request-uploads')).toHaveText('2')

    // The completed link accepts nothing more.
    await upload.goto(link.toString())
    await expect(upload.getByRole('heading', { name: 'Request Completed' })).toBeVisible()
    await expect(
      upload.getByText('This file request has already been completed and is no longer accepting uploads.'),
    ).toBeVisible()
    await expect(upload.getByTestId('request-upload-button')).toHaveCount(0)
  } finally {
    await visitor.close()
  }
})

test('an unknown upload link shows the Upload Error; a visitor cannot create a link', async ({ page }) => {
  await page.goto('/upload/no-such-request-link-0123456789')
  await expect(page.getByTestId('upload-request-error')).toContainText('Upload Error')
  await expect(page.getByTestId('upload-request-error')).toContainText(
    'This upload link does not exist or has been removed.',
  )
  await page.goto('/?tab=request')
  await expect(page.getByText('Please log in to create and manage file request links.')).toBeVisible()
  await expect(page.getByRole('tab', { name: 'Create Link' })).toHaveCount(0)
})

test("an expired upload link shows 'Request Expired' with its date; a 410 without one the Upload Error", async ({
  page,
}) => {
  // The server's own 410 body (requestExpiredResponse); no way to age a real link from here.
  const expired = (body: Record<string, string>) => ({
    status: 410,
    contentType: 'application/json; charset=utf-8',
    body: JSON.stringify({ detail: 'This upload link has expired.', code: 'request_expired', ...body }),
  })
  await page.route('**/api/file-request/expired-request-link-0123456789', (route) =>
    route.fulfill(expired({ expires_at: '2026-03-04T12:00:00.000Z' })),
  )
  await page.route('**/api/file-request/undated-request-link-0123456789', (route) => route.fulfill(expired({})))

  await page.goto('/upload/expired-request-link-0123456789')
  const notice = page.getByTestId('request-expired')
  await expect(notice.getByRole('heading', { name: 'Request Expired' })).toBeVisible()
  await expect(notice).toContainText(/This upload link expired on Mar 4, 2026, .+\./)
  await expect(page.getByTestId('upload-request-error')).toHaveCount(0)

  await page.goto('/upload/undated-request-link-0123456789')
  await expect(page.getByTestId('upload-request-error')).toContainText('Upload Error')
  await expect(page.getByTestId('upload-request-error')).toContainText('This upload link has expired.')
  await expect(page.getByTestId('request-expired')).toHaveCount(0)
})

test('in Spanish: the Request files tab and the upload page', async ({ page, browser }) => {
  const account = newAccount('requester-es')
  await storeLogin(page, await registerViaApi(page.request, account))
  await page.goto('/?tab=request&lng=es')
  await expect(page.getByRole('tab', { name: 'Crear enlace' })).toHaveAttribute('aria-selected', 'true')
  const days = page.getByLabel('El enlace caduca en (días)')
  await days.fill('abc')
  await page.getByRole('button', { name: 'Crear enlace' }).click()
  const link = new URL(await page.getByTestId('request-link').inputValue())
  await page.getByRole('tab', { name: 'Mis solicitudes' }).click()
  await expect(page.getByTestId('request-status')).toHaveText('Activo')
  await page.getByRole('tab', { name: 'Archivos recibidos' }).click()
  await expect(page.getByText('Aún no has recibido archivos')).toBeVisible()

  const visitor = await browser.newContext()
  try {
    const upload = await visitor.newPage()
    await upload.goto(`${link.toString()}?lng=es`)
    await expect(upload.getByRole('heading', { name: 'Subir archivos' })).toBeVisible()
    await expect(upload.getByText('Alguien te ha pedido que subas archivos con este enlace.')).toBeVisible()
    await expect(upload.getByTestId('request-expires')).toHaveText(/^Caduca el /)
    await expect(upload.getByTestId('request-upload-button')).toHaveText('Subir archivos')
    await expect(upload.getByTestId('request-upload-button')).toBeDisabled()
    await upload.goto('/upload/no-such-request-link-0123456789?lng=es')
    await expect(upload.getByTestId('upload-request-error')).toContainText(
      'Este enlace de subida no existe o se ha eliminado.',
    )
  } finally {
    await visitor.close()
  }
})
