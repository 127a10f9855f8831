import { randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import type { Page, Request } from '@playwright/test'
import { type LoginResult, registerViaApi, storeLogin } from './fixtures/auth.js'
import { expect as baseExpect, e2eBaseUrl, test } from './fixtures/test.js'
import { addFiles, mailTo, seedTransfer, sha256OfDownload, shareLinkIn } from './fixtures/transfers.js'
import { tempDir, writeRandomFile } from './fixtures/upload-files.js'

// Issue 21: a Business sender sees what happened to a transfer (a real download behind it) on its
// page and in the account's panel, in English and in Spanish; a plan without analytics sees what they
// would show and the way to upgrade; the share page asks nothing of any host but Ferry's own.

const expect = baseExpect.configure({ timeout: 15_000 })

const words = {
  en: {
    addFiles: 'Add files',
    download: (name: string) => `Download ${name}`,
    analyticsHeading: 'Analytics',
    unknownPlace: 'Unknown location',
    countries: 'Countries',
    eachRecipient: 'Each recipient',
    completedStep: 'Download completed',
    showTable: 'Show as table',
    showChart: 'Show as chart',
    devices: 'Devices',
    busiest: 'Busiest transfers',
    exportCsv: 'Export CSV',
    last7: 'Last 7 days',
    navAnalytics: 'Analytics',
    usesMenu: 'Uses',
    panelPreview: 'Analytics for your transfers',
    transferPreview: 'See what happens to this transfer',
    upgrade: 'Upgrade for analytics',
    plans: 'Business and Enterprise',
  },
  es: {
    addFiles: 'Añadir archivos',
    download: (name: string) => `Descargar ${name}`,
    analyticsHeading: 'Estadísticas',
    unknownPlace: 'Ubicación desconocida',
    countries: 'Países',
    eachRecipient: 'Cada destinatario',
    completedStep: 'Descarga completada',
    showTable: 'Ver como tabla',
    showChart: 'Ver como gráfico',
    devices: 'Dispositivos',
    busiest: 'Transferencias más descargadas',
    exportCsv: 'Exportar CSV',
    last7: 'Últimos 7 días',
    navAnalytics: 'Estadísticas',
    usesMenu: 'Usos',
    panelPreview: 'Estadísticas de tus transferencias',
    transferPreview: 'Mira qué pasa con esta transferencia',
    upgrade: 'Mejorar para tener estadísticas',
    plans: 'Empresas y Corporativo',
  },
} as const

const apiHeaders = (token: string) => ({ 'X-Requested-With': 'XMLHttpRequest', Authorization: `Bearer ${token}` })

/** Every request `page` makes from now on (documents, scripts, fonts, API calls, downloads). */
function recordRequests(page: Page): Request[] {
  const seen: Request[] = []
  page.on('request', (request) => seen.push(request))
  return seen
}

/** The hosts other than Ferry's own that `requests` went to (data: and blob: URLs stay in the page). */
function foreignHosts(requests: readonly Request[]): string[] {
  const own = new URL(e2eBaseUrl()).origin
  return [
    ...new Set(
      requests
        .map((request) => new URL(request.url()))
        .filter((url) => url.protocol !== 'data:' && url.protocol !== 'blob:' && url.origin !== own)
        .map((url) => url.origin),
    ),
  ]
}

for (const lang of ['en', 'es'] as const) {
  const w = words[lang]
  const withLang = (url: string) => (lang === 'en' ? url : `${url}${url.includes('?') ? '&' : '?'}lng=es`)

  test(`${lang}: a Business sender sees a real download in the transfer's analytics and in the account panel`, async ({
    page,
    browser,
    request,
    workerAdmin,
  }) => {
    test.setTimeout(180_000)
    const dir = await tempDir()
    try {
      const file = await writeRandomFile(dir, 'site plan.pdf', 64 * 1024)
      const sender: LoginResult = await registerViaApi(request)
      const granted = await request.post('/api/billing/subscriptions', {
        headers: apiHeaders(workerAdmin.login.access_token),
        data: { user_id: sender.user.id, plan_id: 'business' },
      })
      expect(granted.ok(), await granted.text()).toBe(true)

      // The sender sends from the home page.
      await storeLogin(page, sender)
      await page.goto(withLang('/'))
      await addFiles(page, [file.path], w.addFiles)
      const recipient = `rec-${randomUUID().slice(0, 8)}@e2e.ferry.test`
      const input = page.getByTestId('recipient-input')
      await input.fill(recipient)
      await input.press('Enter')
      const title = `Analytics ${randomUUID().slice(0, 6)}`
      await page.getByTestId('transfer-title').fill(title)
      await page.getByTestId('send-button').click()
      const success = page.getByTestId('transfer-success')
      await expect(success).toBeVisible({ timeout: 30_000 })
      const detailPath = (await success.locator('a[href^="/transfers/"]').getAttribute('href')) ?? ''
      const transferId = detailPath.split('/').at(-1) ?? ''
      expect(transferId).not.toBe('')

      // The recipient, in a browser of their own, downloads the file for real from the emailed link.
      const link = shareLinkIn(await mailTo(recipient))
      const other = await browser.newContext({ acceptDownloads: true })
      const sharePage = await other.newPage()
      const requests = recordRequests(sharePage)
      await sharePage.goto(withLang(link.toString()))
      const [download] = await Promise.all([
        sharePage.waitForEvent('download'),
        sharePage.getByRole('link', { name: w.download(file.name) }).click(),
      ])
      expect(await sha256OfDownload(download)).toBe(file.sha256)
      await sharePage.waitForLoadState('networkidle')
      // No analytics beacon, font, map or anything else from another host: the server counts.
      expect(requests.length).toBeGreaterThan(0)
      expect(foreignHosts(requests)).toEqual([])

      // The transfer's page: one completed download, the recipient's progress and where it came from.
      await page.goto(withLang(detailPath))
      const analytics = page.getByTestId('transfer-analytics')
      await expect(analytics.getByRole('heading', { name: w.analyticsHeading, exact: true })).toBeVisible()
      // The download's last bytes and its record may land a moment apart: read again until it is there.
      await expect(async () => {
        await page.reload()
        await expect(analytics.getByTestId('stat-completed')).toHaveText('1', { timeout: 10_000 })
      }).toPass({ timeout: 60_000 })
      await expect(analytics.getByTestId('stat-bytes')).toHaveText('64 KiB')
      const each = analytics.getByRole('table', { name: w.eachRecipient })
      await expect(each.getByRole('row', { name: new RegExp(recipient) })).toBeVisible()
      const funnel = analytics.getByTestId('analytics-funnel')
      await expect(funnel.getByRole('row', { name: new RegExp(`^${w.completedStep}`) })).toContainText('1')
      // A loopback recipient has no country: counted, and said so in the UI language.
      await expect(analytics.getByRole('table', { name: w.countries })).toContainText(w.unknownPlace)
      // The devices chart, shown as its table on request.
      const devices = analytics.getByTestId('analytics-devices')
      await devices.getByRole('button', { name: w.showTable }).click()
      await expect(devices.getByRole('button', { name: w.showChart })).toBeVisible()
      await expect(devices.getByTestId('analytics-devices-table').locator('tbody tr')).toHaveCount(1)
      // The events as CSV, with the session the page has.
      const csvHref = (await analytics.getByRole('link', { name: w.exportCsv }).getAttribute('href')) ?? ''
      expect(csvHref).toBe(`/api/analytics/transfers/${transferId}/events.csv`)
      const csv = await page.request.get(csvHref)
      expect(csv.status()).toBe(200)
      expect(csv.headers()['content-type']).toContain('text/csv')
      expect(await csv.text()).toContain('download_completed')

      // The account's panel, reached from the Uses menu (from the home page: leaving the transfer's
      // page by goto has axe check it): the totals of the period and the transfer.
      await page.goto(withLang('/'))
      await page.getByRole('banner').getByRole('button', { name: w.usesMenu, exact: true }).focus()
      await page.keyboard.press('Enter')
      await page.getByRole('menuitem', { name: w.navAnalytics, exact: true }).click()
      await expect(page).toHaveURL(/\/analytics$/)
      await expect(page.getByRole('heading', { level: 1, name: w.analyticsHeading })).toBeVisible()
      const panel = page.getByTestId('analytics-panel')
      await expect(panel.getByTestId('stat-transfers-sent')).toHaveText('1')
      await expect(panel.getByTestId('stat-recipients-reached')).toHaveText('1')
      await expect(panel.getByTestId('stat-completed')).toHaveText('1')
      await expect(panel.getByTestId('stat-bytes')).toHaveText('64 KiB')
      await expect(panel.getByRole('table', { name: w.busiest }).getByRole('link', { name: title })).toHaveAttribute(
        'href',
        detailPath,
      )
      // A preset period goes into the address, and the figures stay (the transfer is from today).
      await panel.getByText(w.last7).click()
      await expect(page).toHaveURL(/[?&]from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/)
      await expect(panel.getByTestId('stat-completed')).toHaveText('1')
      const periodCsv = await page.request.get(
        (await panel.getByRole('link', { name: w.exportCsv }).getAttribute('href')) ?? '',
      )
      expect(periodCsv.status()).toBe(200)
      expect(await periodCsv.text()).toContain(transferId)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  const lockedPlan = lang === 'en' ? 'Pro' : null
  test(`${lang}: a ${lockedPlan ?? 'Free'} sender sees what analytics would show, and the way to upgrade`, async ({
    page,
    request,
    workerAdmin,
  }) => {
    const sender = await registerViaApi(request)
    if (lockedPlan) {
      const granted = await request.post('/api/billing/subscriptions', {
        headers: apiHeaders(workerAdmin.login.access_token),
        data: { user_id: sender.user.id, plan_id: lockedPlan.toLowerCase() },
      })
      expect(granted.ok(), await granted.text()).toBe(true)
    }
    const transfer = await seedTransfer(request, sender.access_token, {
      title: 'No analytics here',
      recipients: [`rec-${randomUUID().slice(0, 8)}@e2e.ferry.test`],
      files: [{ name: 'notes.txt', body: 'Some notes.' }],
    })
    // The server keeps the promise too.
    const refused = await request.get('/api/analytics/summary', { headers: apiHeaders(sender.access_token) })
    expect(refused.status()).toBe(403)
    expect(((await refused.json()) as { code: string }).code).toBe('plan_feature_missing')

    await storeLogin(page, sender)
    await page.goto(withLang('/analytics'))
    const preview = page.getByTestId('analytics-preview-panel')
    await expect(preview.getByRole('heading', { name: w.panelPreview })).toBeVisible()
    await expect(preview).toContainText(w.plans)
    await expect(preview.getByRole('link', { name: w.upgrade })).toHaveAttribute('href', '/upgrade')
    await expect(page.getByTestId('analytics-panel')).toHaveCount(0)

    // The transfer's page keeps the recipient ticks every plan has, and shows the preview below them.
    await page.goto(withLang(`/transfers/${transfer.id}`))
    await expect(page.getByTestId('share-tracking')).toBeVisible()
    const transferPreview = page.getByTestId('analytics-preview-transfer')
    await expect(transferPreview.getByRole('heading', { name: w.transferPreview })).toBeVisible()
    await expect(page.getByTestId('transfer-analytics')).toHaveCount(0)
    await transferPreview.getByRole('link', { name: w.upgrade }).click()
    await expect(page).toHaveURL(/\/upgrade/)
  })
}
