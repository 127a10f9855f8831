import { newAccount, registerViaApi, storeLogin } from './fixtures/auth.js'
import { seriousViolations } from './fixtures/axe.js'
import { expect, test } from './fixtures/test.js'
import { addFiles, mailTo } from './fixtures/transfers.js'
import { tempDir, writeRandomFile } from './fixtures/upload-files.js'

const KiB = 1024

/** What the page says, in each language the request-link flow is checked in. */
const strings = {
  en: {
    tabNew: 'New request',
    tabMine: 'My Requests',
    tabReceived: 'Received Files',
    days: 'Link expires in (days)',
    name: 'Name',
    message: 'Message for the person uploading',
    maxFiles: 'Maximum number of files',
    requireName: 'Their name',
    create: 'Create Link',
    expiryError: 'Enter a whole number of days from 1 to 30.',
    active: 'Active',
    closed: 'Closed',
    asking: (owner: string) => `${owner} is asking you for files.`,
    addFiles: 'Add files',
    yourName: 'Your name',
    upload: 'Upload Files',
    done: 'Upload Complete!',
    more: 'Upload more files',
    atMost: 'At most 3 more files',
    atMostLeft: 'At most 1 more file',
    closeLink: 'Close link',
    linkClosed: 'Link Closed',
    reopen: 'Open again',
    delete: 'Delete',
    deleteTitle: 'Delete this request link?',
    empty: 'No file request links created yet',
  },
  es: {
    tabNew: 'Nueva solicitud',
    tabMine: 'Mis solicitudes',
    tabReceived: 'Archivos recibidos',
    days: 'El enlace caduca en (días)',
    name: 'Nombre',
    message: 'Mensaje para quien sube los archivos',
    maxFiles: 'Número máximo de archivos',
    requireName: 'Su nombre',
    create: 'Crear enlace',
    expiryError: 'Escribe un número entero de días entre 1 y 30.',
    active: 'Activo',
    closed: 'Cerrado',
    asking: (owner: string) => `${owner} te pide archivos.`,
    addFiles: 'Añadir archivos',
    yourName: 'Tu nombre',
    upload: 'Subir archivos',
    done: '¡Subida completada!',
    more: 'Subir más archivos',
    atMost: 'Como máximo 3 archivos más',
    atMostLeft: 'Como máximo 1 archivo más',
    closeLink: 'Cerrar enlace',
    linkClosed: 'Enlace cerrado',
    reopen: 'Volver a abrir',
    delete: 'Eliminar',
    deleteTitle: '¿Eliminar este enlace de solicitud?',
    empty: 'Aún no has creado enlaces de solicitud de archivos',
  },
} as const

for (const lng of ['en', 'es'] as const) {
  test(`${lng}: a request link with a name, a message and limits serves two visitors, then its owner closes and deletes it`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000)
    const s = strings[lng]
    const dir = await tempDir()
    const report = await writeRandomFile(dir, 'report.pdf', 300 * KiB)
    const photo = await writeRandomFile(dir, 'photo one.jpg', 200 * KiB)
    const notes = await writeRandomFile(dir, 'notes.txt', 10 * KiB)
    const account = newAccount(`requester-${lng}`)
    // page.request shares the context's cookies: the login cookie lets the download links through.
    await storeLogin(page, await registerViaApi(page.request, account))

    await page.goto(`/?tab=request&lng=${lng}`)
    await expect(page.getByRole('tab', { name: s.tabNew })).toHaveAttribute('aria-selected', 'true')
    await page.getByRole('textbox', { name: new RegExp(`^${s.name}`) }).fill('Tax documents 2026')
    await page.getByLabel(s.message).fill('Please send your payslips and the signed form.')
    await page.getByLabel(s.maxFiles).fill('3')
    await page.getByTestId('request-require-sender').click()
    await page.getByRole('option', { name: s.requireName }).click()
    // A wrong expiry is an error under the field, not a silently clamped link.
    const days = page.getByLabel(s.days)
    await expect(days).toHaveValue('7')
    await days.fill('31')
    await page.getByRole('button', { name: s.create }).click()
    await expect(page.getByText(s.expiryError)).toBeVisible()
    await expect(page.getByTestId('request-link')).toHaveCount(0)
    await days.fill('3')
    await page.getByRole('button', { name: s.create }).click()
    const link = new URL(await page.getByTestId('request-link').inputValue())
    expect(link.pathname).toMatch(/^\/upload\/[A-Za-z0-9_-]{20,}$/)
    const requestId = link.pathname.split('/').at(-1) as string
    expect(await seriousViolations(page), 'axe on the create form').toEqual([])

    await page.getByRole('tab', { name: s.tabMine }).click()
    const row = page.locator(`[data-testid="my-request-row"][data-request-id="${requestId}"]`)
    await expect(row.getByTestId('request-name-cell')).toHaveText('Tax documents 2026')
    await expect(row.getByTestId('request-status')).toHaveText(s.active)
    await expect(row.getByTestId('request-uploads')).toHaveText('0')
    // The table fits its card at 1280 px: nothing scrolls sideways.
    const table = page.getByTestId('my-requests-table')
    expect(await table.evaluate((el) => el.scrollWidth <= (el.parentElement?.clientWidth ?? 0) + 1)).toBe(true)

    // Two visitors, each in a browser of their own, one after the other.
    const visit = async (who: string, files: string[], left: string) => {
      const context = await browser.newContext()
      try {
        const upload = await context.newPage()
        await upload.goto(`${link.toString()}?lng=${lng}`)
        await expect(upload.getByTestId('request-title')).toHaveText('Tax documents 2026')
        await expect(upload.getByTestId('request-asker')).toHaveText(s.asking(account.name))
        await expect(upload.getByTestId('request-message-text')).toHaveText(
          'Please send your payslips and the signed form.',
        )
        await expect(upload.getByTestId('request-guardrails')).toContainText(left)
        await addFiles(upload, files, s.addFiles)
        await upload.getByLabel(s.yourName).fill(who)
        await upload.getByTestId('request-upload-button').click()
        await expect(upload.getByRole('heading', { name: s.done })).toBeVisible({ timeout: 20_000 })
        await expect(upload.getByRole('button', { name: s.more })).toBeVisible()
        expect(await seriousViolations(upload), 'axe on the done page').toEqual([])
      } finally {
        await context.close()
      }
    }
    await visit('Vera Visitor', [report.path, photo.path], s.atMost)
    await visit('Walt Visitor', [notes.path], s.atMostLeft)

    // The requester's email (in their account's language) says how long the received files are kept.
    await expect
      .poll(async () => (await mailTo(account.email)).text)
      .toMatch(/Walt Visitor[\s\S]*(The files are kept until|Los archivos se guardan hasta)/)

    await page.reload()
    await expect(row.getByTestId('request-uploads')).toHaveText('3')
    await expect(row.getByTestId('request-status')).toHaveText(s.active)
    expect(await seriousViolations(page), 'axe on My Requests').toEqual([])

    // Received Files labels each upload by the link's name, not its id (newcomer walk).
    await page.getByRole('tab', { name: s.tabReceived }).click()
    const received = page.locator(`[data-testid="received-group"][data-request-id="${requestId}"]`)
    await expect(received).toHaveCount(2)
    await expect(received.getByTestId('received-request')).toHaveText(
      Array(2).fill(`${lng === 'en' ? 'Request' : 'Solicitud'}: Tax documents 2026`),
    )
    await page.getByRole('tab', { name: s.tabMine }).click()

    // The owner closes the link: the next visitor is told so, and can upload nothing.
    await row.getByRole('button', { name: s.closeLink }).click()
    await expect(row.getByTestId('request-status')).toHaveText(s.closed)
    const late = await browser.newContext()
    try {
      const upload = await late.newPage()
      await upload.goto(`${link.toString()}?lng=${lng}`)
      await expect(upload.getByRole('heading', { name: s.linkClosed })).toBeVisible()
      await expect(upload.getByTestId('request-upload-button')).toHaveCount(0)
    } finally {
      await late.close()
    }
    await row.getByRole('button', { name: s.reopen }).click()
    await expect(row.getByTestId('request-status')).toHaveText(s.active)

    // Deleting asks first, then the link and what it received are gone.
    await row.getByRole('button', { name: s.delete }).click()
    const dialog = page.getByRole('dialog', { name: s.deleteTitle })
    await expect(dialog).toContainText('Tax documents 2026')
    await dialog.getByRole('button', { name: s.delete }).click()
    await expect(page.getByText(s.empty)).toBeVisible()
  })
}

test('an unknown upload link shows the Upload Error; a visitor cannot create a link', async ({ page }) => {
  await page.goto('/upload/no-such-request-link-0123456789')
  await expect(page.getByTestId('upload-request-error')).toContainText('Upload Error')
  await expect(page.getByTestId('upload-request-error')).toContainText(
    'This upload link does not exist or has been removed.',
  )
  await page.goto('/?tab=request')
  await expect(page.getByText('Please log in to create and manage file request links.')).toBeVisible()
  await expect(page.getByRole('tab', { name: 'New request' })).toHaveCount(0)
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
