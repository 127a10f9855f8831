import { randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { request as playwrightRequest } from '@playwright/test'
import pg from 'pg'
import { freePort } from '../server/src/testing/free-port.js'
import { postgresAdminUrl } from '../server/src/testing/services.js'
import { registerViaApi, storeLogin } from './fixtures/auth.js'
import { buyPlanViaTestCheckout } from './fixtures/billing.js'
import { startFerryServer } from './fixtures/ferry-server.js'
import { expect, test } from './fixtures/test.js'
import { seedTransfer } from './fixtures/transfers.js'
import { tempDir } from './fixtures/upload-files.js'

async function adminQuery(sql: string, params: unknown[] = [], url = postgresAdminUrl): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 })
  await client.connect()
  try {
    await client.query(sql, params)
  } finally {
    await client.end()
  }
}

/**
 * Recovery needs a transfer past its expiry and inside its grace, which no browser can wait
 * for: a server of the test's own on a PostgreSQL database of its own, whose transfer is moved
 * an hour past its expiry in the database.
 */
test('an expired Pro transfer in its grace is recovered through the test checkout and opens again', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000)
  const database = `ferry_e2e_recovery_${randomUUID().replaceAll('-', '').slice(0, 12)}`
  await adminQuery(`CREATE DATABASE ${database}`)
  const databaseUrl = Object.assign(new URL(postgresAdminUrl), { pathname: `/${database}` }).toString()
  const dataDir = await tempDir('ferry-e2e-recovery-')
  const server = await startFerryServer({ port: await freePort(), dataDir, env: { DATABASE_URL: databaseUrl } })
  const api = await playwrightRequest.newContext({ baseURL: server.url })
  try {
    const login = await registerViaApi(api, undefined, dataDir)
    await buyPlanViaTestCheckout(api, login, 'pro')
    const transfer = await seedTransfer(api, login.access_token, {
      title: 'Quarterly figures',
      recipients: ['someone@e2e.ferry.test'],
      files: [{ name: 'figures.txt', body: 'q1 q2 q3 q4' }],
    })
    await adminQuery(
      `UPDATE transfers SET expires_at = now() - interval '1 hour' WHERE id = $1`,
      [transfer.id],
      databaseUrl,
    )

    // A recipient's link is headed as expired, and names the transfer and whom to ask (walk 9.3).
    const recipientContext = await browser.newContext()
    const recipient = await recipientContext.newPage()
    await recipient.goto(`${server.url}/share/${transfer.unique_id}`)
    await expect(recipient.getByRole('heading', { level: 1, name: 'Transfer Expired' })).toBeVisible({
      timeout: 15_000,
    })
    const sender = login.user.name
    await expect(recipient.getByTestId('share-error')).toContainText(
      `“Quarterly figures” from ${sender} has expired and is no longer available. Ask ${sender} to send the files again.`,
    )
    await recipient.goto(`${server.url}/share/${transfer.unique_id}?lng=es`)
    await expect(recipient.getByRole('heading', { level: 1, name: 'Transferencia caducada' })).toBeVisible({
      timeout: 15_000,
    })
    await expect(recipient.getByTestId('share-error')).toContainText(
      `«Quarterly figures», de ${sender}, ha caducado y ya no está disponible. Pide a ${sender} que vuelva a mandar los archivos.`,
    )
    await recipientContext.close()

    await storeLogin(page, login)
    // My Transfers offers it on the row; the detail page explains it.
    await page.goto(`${server.url}/transfers`)
    await expect(page.getByTestId('recover-button')).toHaveCount(1, { timeout: 15_000 })
    await page.goto(`${server.url}/transfers/${transfer.id}`)
    await expect(page.getByTestId('detail-status')).toHaveText('Expired')
    const offer = page.getByTestId('recover-transfer')
    await expect(offer).toContainText('Recover it for €4.99 within its grace period to keep it 7 more days.')
    await offer.getByRole('button', { name: 'Recover' }).click()

    await expect(page).toHaveURL(/\/checkout\/test\//, { timeout: 15_000 })
    await expect(page.getByTestId('test-mode-notice')).toContainText('no card is charged', { timeout: 15_000 })
    // Named by its title, not its id (walk 9.8).
    await expect(page.getByTestId('test-checkout-transfer')).toHaveText('Quarterly figures')
    await expect(page.getByTestId('test-checkout-amount')).toHaveText('€4.99')
    await page.getByRole('button', { name: 'Pay (test)' }).click()

    await expect(page).toHaveURL(/\/recovery-success\?transfer_id=[^&]+&session_id=/, { timeout: 15_000 })
    await expect(page.getByRole('heading', { name: 'Transfer recovered' })).toBeVisible({ timeout: 15_000 })
    await page.getByRole('button', { name: 'Continue to Transfer' }).click()
    await expect(page).toHaveURL(new RegExp(`/share/${transfer.unique_id}$`))
    await expect(page.getByTestId('share-title')).toHaveText('Quarterly figures')

    await page.goto(`${server.url}/transfers/${transfer.id}`)
    await expect(page.getByTestId('detail-status')).toHaveText('Active')
    await expect(page.getByTestId('recover-transfer')).toHaveCount(0)
  } finally {
    await api.dispose()
    await server.stop()
    await adminQuery(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
    await rm(dataDir, { recursive: true, force: true })
  }
})
