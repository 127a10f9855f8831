import { createHash, randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { loginViaApi, newAccount, registerViaApi, storeLogin } from './fixtures/auth.js'
import { expect as baseExpect, test } from './fixtures/test.js'
import { seedTransfer } from './fixtures/transfers.js'

// Pages load lazily, with their translations: on a busy machine the first paint can take a while.
const expect = baseExpect.configure({ timeout: 15_000 })

const rowTitles = (page: Page) => page.getByTestId('transfer-row').getByTestId('cell-title')
const rowOf = (page: Page, title: string) => page.locator(`[data-testid="transfer-row"][data-title="${title}"]`)

test('My Transfers sorts by any header, searches title, recipient and file, copies links and deletes', async ({
  page,
  context,
  request,
  browser,
}) => {
  test.setTimeout(60_000)
  const login = await registerViaApi(request, newAccount('lists'))
  const tag = randomUUID().slice(0, 8)
  const alpha = await seedTransfer(request, login.access_token, {
    title: 'Alpha report',
    recipients: [`zed-${tag}@e2e.ferry.test`],
    files: [{ name: 'alpha.txt', body: 'a'.repeat(3000) }],
  })
  await seedTransfer(request, login.access_token, {
    title: 'beta notes',
    recipients: [`amy-${tag}@e2e.ferry.test`],
    files: [{ name: 'budget.csv', body: '1,2,3,4,5\n' }],
  })
  const gammaBody = 'g'.repeat(50_000)
  const gamma = await seedTransfer(request, login.access_token, {
    title: 'Gamma',
    recipients: [`kim-${tag}@e2e.ferry.test`],
    files: [{ name: 'zeta.pdf', body: gammaBody }],
    message: 'Gamma message',
  })
  await storeLogin(page, login)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])

  await page.goto('/transfers')
  await expect(page.getByRole('heading', { name: 'My Transfers' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'New Transfer' })).toHaveAttribute('href', '/')
  const headers = page.getByTestId('transfers-table').locator('thead th')
  await expect(headers).toHaveText([
    'ID',
    'Title',
    'Recipient',
    'File',
    'Size',
    'Downloads',
    'Created',
    'Expires',
    'Actions',
  ])
  // Newest first.
  await expect(rowTitles(page)).toHaveText(['Gamma', 'beta notes', 'Alpha report'])
  // US English dates: 'Jan 5, 2026, 3:04 PM'.
  await expect(rowOf(page, 'Gamma').locator('td').nth(6)).toHaveText(
    /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/,
  )

  await page.getByTestId('sort-title').click()
  await expect(rowTitles(page)).toHaveText(['Alpha report', 'beta notes', 'Gamma'])
  await page.getByTestId('sort-title').click()
  await expect(rowTitles(page)).toHaveText(['Gamma', 'beta notes', 'Alpha report'])
  await page.getByTestId('sort-size').click()
  await expect(rowTitles(page)).toHaveText(['beta notes', 'Alpha report', 'Gamma'])
  await page.getByTestId('sort-recipient').click()
  await expect(rowTitles(page)).toHaveText(['beta notes', 'Gamma', 'Alpha report'])
  await page.getByTestId('sort-created').click()
  await expect(rowTitles(page)).toHaveText(['Alpha report', 'beta notes', 'Gamma'])

  const search = page.getByTestId('transfers-search')
  await search.fill(`AMY-${tag}`)
  await expect(rowTitles(page)).toHaveText(['beta notes'])
  await search.fill('zeta.pdf')
  await expect(rowTitles(page)).toHaveText(['Gamma'])
  await search.fill('alpha rep')
  await expect(rowTitles(page)).toHaveText(['Alpha report'])
  await search.fill('nothing like this')
  await expect(page.getByTestId('transfers-empty')).toHaveText('No transfers found')
  await search.fill('')
  await expect(rowTitles(page)).toHaveCount(3)

  await rowOf(page, 'Gamma').getByRole('button', { name: 'Copy Link' }).click()
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(gamma.sharing_url)

  // Delete asks first; Cancel keeps it.
  await rowOf(page, 'Alpha report').getByRole('button', { name: 'Delete' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete transfer' })
  await expect(confirm).toContainText('Delete this transfer?')
  // It says what happens (issue 17 item 5).
  await expect(confirm.getByTestId('delete-consequences')).toHaveText(
    'Its link stops working at once for every recipient, and its files are removed. This cannot be undone.',
  )
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toBeHidden()
  await expect(rowTitles(page)).toHaveCount(3)
  await rowOf(page, 'Alpha report').getByRole('button', { name: 'Delete' }).click()
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Transfer deleted: Alpha report')).toBeVisible()
  await expect(rowTitles(page)).toHaveText(['beta notes', 'Gamma'])
  await page.getByRole('button', { name: 'Refresh' }).click()
  await expect(rowTitles(page)).toHaveText(['beta notes', 'Gamma'])
  // Refresh while offline says it could not refresh, over the list loaded before (walk 9.4).
  await context.setOffline(true)
  await page.getByRole('button', { name: 'Refresh' }).click()
  await expect(page.getByTestId('refresh-offline')).toHaveText(
    "You're offline, so the list could not be refreshed: it shows what was loaded before. It refreshes by itself when the connection is back.",
  )
  await expect(rowTitles(page)).toHaveText(['beta notes', 'Gamma'])
  await context.setOffline(false)
  await expect(page.getByTestId('refresh-offline')).toHaveCount(0)

  // Its link is gone for everyone else, and the sender sees it marked Deleted without downloads.
  const visitor = await browser.newContext()
  try {
    const visitorPage = await visitor.newPage()
    await visitorPage.goto(alpha.sharing_url)
    await expect(visitorPage.getByRole('heading', { name: 'Transfer Not Found' })).toBeVisible()
    await expect(visitorPage.getByText('This transfer does not exist or has been deleted.')).toBeVisible()
  } finally {
    await visitor.close()
  }
  await page.goto(new URL(alpha.sharing_url).pathname)
  await expect(page.getByTestId('share-status')).toHaveText('Deleted')
  await expect(page.getByTestId('share-unavailable')).toContainText('This transfer was deleted on')
  await expect(page.getByRole('link', { name: /^Download/ })).toHaveCount(0)

  // The detail page, and the sender's own download.
  await page.goto('/transfers')
  // The title opens the transfer (issue 17 item 5).
  await rowOf(page, 'Gamma').getByRole('link', { name: 'Gamma', exact: true }).click()
  await expect(page).toHaveURL(`/transfers/${gamma.id}`)
  await expect(page.getByRole('heading', { name: 'Gamma' })).toBeVisible()
  await expect(page.getByTestId('detail-status')).toHaveText('Active')
  await expect(page.getByText('Gamma message')).toBeVisible()
  await expect(page.getByText(`kim-${tag}@e2e.ferry.test`).first()).toBeVisible()
  // The sender's tracking of that recipient, on this page too (issue 17 item 5).
  await expect(page.getByTestId('tracked-recipient').filter({ hasText: `kim-${tag}@e2e.ferry.test` })).toContainText(
    'Not opened yet',
  )
  // One file: 'Download file' (several get 'Download all (ZIP)').
  await expect(page.getByTestId('detail-download')).toHaveText('Download file')
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('detail-download').click()])
  expect(download.suggestedFilename()).toBe('zeta.pdf')
  const saved = await download.path()
  expect(
    createHash('sha256')
      .update(await readFile(saved))
      .digest('hex'),
  ).toBe(createHash('sha256').update(gammaBody).digest('hex'))
  await page.getByRole('link', { name: 'Back to My Transfers' }).click()
  await expect(page).toHaveURL('/transfers')
})

test('over the plan limit the button asks to upgrade, and the modal compares the plans', async ({ page, request }) => {
  const login = await registerViaApi(request, newAccount('limit'))
  await storeLogin(page, login)
  // A Guest plan shrunk to 0.01 GiB, so a small file is over it.
  await page.route('**/api/plans/limits', async (route) => {
    const response = await route.fetch()
    const body = await response.json()
    body.current_limits.max_transfer_size = 10_737_418
    await route.fulfill({ response, json: body })
  })
  await page.goto('/')
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Add files' }).click()
  // Each file fits (a larger one would be refused as it is added); together they are over.
  await (await chooser).setFiles([
    { name: 'half-1.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(6e6) },
    { name: 'half-2.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(6e6) },
  ])

  const send = page.getByTestId('send-button')
  await expect(send).toHaveText('Upgrade to Send')
  await expect(page.getByTestId('transfer-notice')).toHaveText('Upgrade to PRO to send files over 10.2 MiB')
  await send.click()
  const modal = page.getByRole('dialog', { name: 'Upgrade your plan' })
  await expect(modal.getByTestId('upgrade-message')).toHaveText('Upgrade to PRO to send files over 10.2 MiB')
  const comparison = modal.getByTestId('upgrade-comparison')
  // From the plans as stored: Guest 24 h and no recovery, Pro 30 days with a 7-day grace.
  await expect(comparison.locator('tbody tr').nth(0)).toHaveText(['Transfer expiry', '1 day', 'Up to 30 days'].join(''))
  await expect(comparison.locator('tbody tr').nth(1)).toHaveText(['Recovery grace period', 'None', '7 days'].join(''))
  await expect(modal).toContainText('Plan limits are managed by administrators.')
  await expect(modal.getByRole('link', { name: 'Upgrade to PRO' })).toHaveAttribute('href', '/upgrade')
  await modal.getByRole('button', { name: 'Cancel' }).click()
  await expect(modal).toBeHidden()
})

test('plan limits that fail to load are tried 3 times, then the defaults apply with a notice', async ({
  page,
  request,
  workerAdmin,
}) => {
  let attempts = 0
  await page.route('**/api/plans/limits', (route) => {
    attempts += 1
    return route.fulfill({ status: 503, json: { detail: 'Down for a moment', code: 'service_unavailable' } })
  })
  await storeLogin(page, await loginViaApi(request, workerAdmin.email, workerAdmin.password))
  await page.clock.install()
  await page.goto('/')
  const alert = page.getByTestId('plan-config-alert')
  await expect(alert).toContainText('Plan Configuration')
  await expect(alert).toContainText(/Failed to load plan limits \(attempt [12]\)\. Using default values\./)
  await expect(alert).toContainText('Unable to load plan limits from server after 3 attempts. Using default values.', {
    timeout: 10_000,
  })
  expect(attempts).toBe(3)
  // The fallbacks of spec/transfers.md §9 for an admin: 20 GiB and 5 recipients.
  await expect(page.getByTestId('upload-limit-line')).toHaveText('Up to 20 GiB per transfer')
  await expect(page.getByTestId('recipient-counter')).toHaveText('0 of 5 recipients')
  // A minute of the page's time, long past any further retry's delay: still 3.
  await page.clock.runFor('01:00')
  await expect(alert).toContainText('after 3 attempts')
  expect(attempts).toBe(3)
})

test('the share page explains unknown and expired links, and shows an expired transfer to its sender', async ({
  page,
  request,
}) => {
  await page.goto('/share/NoSuchTransferAtAll0123456789')
  await expect(page.getByRole('heading', { name: 'Transfer Not Found' })).toBeVisible()
  await expect(page.getByText('This transfer does not exist or has been deleted.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/')

  const login = await registerViaApi(request, newAccount('expiry'))
  const sent = await seedTransfer(request, login.access_token, {
    title: 'Old files',
    recipients: [`old-${randomUUID().slice(0, 8)}@e2e.ferry.test`],
    files: [{ name: 'old.txt', body: 'old' }],
  })
  const sharePath = new URL(sent.sharing_url).pathname
  // Expiry is the server's clock; the answers it gives then are played here.
  await page.route(`**/api/share/${sent.unique_id}*`, (route) =>
    route.fulfill({
      status: 403,
      json: { detail: 'This transfer has expired and is no longer available.', code: 'transfer_expired' },
    }),
  )
  await page.goto(sharePath)
  await expect(page.getByText('This transfer has expired and is no longer available.')).toBeVisible()
  // Headed as what happened: expired, not 'not found' (issue 17 item 7).
  await expect(page.getByRole('heading', { name: 'Transfer Expired' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Transfer Not Found' })).toHaveCount(0)
  await page.unrouteAll()

  await storeLogin(page, login)
  await page.route(`**/api/share/${sent.unique_id}*`, async (route) => {
    const response = await route.fetch()
    const body = await response.json()
    body.transfer.status = 'expired'
    body.transfer.expires_at = '2025-01-15T10:00:00.000Z'
    body.download_url = null
    await route.fulfill({ response, json: body })
  })
  await page.goto(sharePath)
  await expect(page.getByTestId('share-title')).toHaveText('Old files')
  await expect(page.getByTestId('share-status')).toHaveText('Expired')
  await expect(page.getByTestId('share-unavailable')).toContainText('This transfer expired on Jan 15, 2025')
  await expect(page.getByRole('link', { name: /^Download/ })).toHaveCount(0)
  await expect(page.getByTestId('share-tracking')).toBeVisible()
})

test('in Spanish: the form, the share page and My Transfers', async ({ page, request }) => {
  const login = await registerViaApi(request, newAccount('es'))
  await storeLogin(page, login)
  const recipient = `eva-${randomUUID().slice(0, 8)}@e2e.ferry.test`
  await page.goto('/?lng=es')
  await expect(page.getByText('Hasta 50 GiB gratis')).toBeVisible()
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Añadir archivos' }).click()
  await (await chooser).setFiles({
    name: 'informe.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hola '.repeat(500)),
  })

  const email = page.getByRole('textbox', { name: 'Correo del destinatario' })
  await email.fill('nope')
  const send = page.getByTestId('send-button')
  await expect(send).toHaveText('Transferir')
  await send.click()
  await expect(page.getByText('Correo no válido: nope')).toBeVisible()
  await email.fill(recipient)
  await page.getByTestId('transfer-title').fill('Informe anual')
  await send.click()
  const success = page.getByTestId('transfer-success')
  await expect(success).toContainText('Transferencia enviada', { timeout: 20_000 })
  await expect(success.getByRole('button', { name: 'Copiar' })).toBeVisible()
  // The success screen (issue 17 item 5), in Spanish.
  await expect(success.getByTestId('success-recipients')).toHaveText(
    'Hemos enviado el enlace de descarga a tu destinatario.',
  )
  await expect(success.getByRole('img', { name: 'Código QR del enlace para compartir' })).toBeVisible()
  await expect(success.getByRole('link', { name: 'Ver la transferencia' })).toHaveAttribute('href', /^\/transfers\//)
  await expect(success.getByRole('button', { name: 'Enviar otra' })).toBeVisible()
  const shareUrl = new URL(await page.getByTestId('share-link').inputValue())

  await page.goto(shareUrl.pathname)
  await expect(page.getByTestId('share-status')).toHaveText(/^Caduca en \d+ h \d+ min$/)
  await expect(page.getByTestId('share-meta')).toContainText('Enviado por')
  await expect(page.getByRole('link', { name: 'Descargar informe.txt' })).toBeVisible()
  await expect(page.getByText('Seguimiento de destinatarios')).toBeVisible()
  await expect(page.getByText('Aún sin abrir')).toBeVisible()
  await expect(page.getByTestId('download-count')).toHaveText('Descargada 0 veces')

  await page.goto('/transfers')
  await expect(page.getByRole('heading', { name: 'Mis transferencias' })).toBeVisible()
  await expect(page.getByTestId('transfers-table').locator('thead th')).toHaveText([
    'ID',
    'Título',
    'Destinatario',
    'Archivo',
    'Tamaño',
    'Descargas',
    'Creada',
    'Caduca',
    'Acciones',
  ])
  // Spanish dates: '5 ene 2026, 15:04'.
  await expect(rowOf(page, 'Informe anual').locator('td').nth(6)).toHaveText(
    /^\d{1,2} [a-z]{3,4}\.? \d{4}, \d{1,2}:\d{2}$/,
  )
  await expect(page.getByRole('button', { name: 'Actualizar' })).toBeVisible()
  await page.context().setOffline(true)
  await page.getByRole('button', { name: 'Actualizar' }).click()
  await expect(page.getByTestId('refresh-offline')).toHaveText(
    'No tienes conexión, así que no se ha podido actualizar la lista: muestra lo que se cargó antes. Se actualizará sola cuando vuelva la conexión.',
  )
  await expect(rowOf(page, 'Informe anual')).toBeVisible()
  await page.context().setOffline(false)
  await expect(page.getByTestId('refresh-offline')).toHaveCount(0)
})
