import { rm } from 'node:fs/promises'
import { type APIRequestContext, request as playwrightRequest } from '@playwright/test'
import { generate } from 'otplib'
import { e2eAdmin, loginViaApi, newAccount, registerViaApi, storeLogin } from './fixtures/auth.js'
import { type FerryServer, startFerryServer } from './fixtures/ferry-server.js'
import { expect, test } from './fixtures/test.js'
import { tempDir } from './fixtures/upload-files.js'

// Issue 23 item 2: an admin requires two-factor sign-in of everyone. The switch is the whole
// service's, so this spec runs a Ferry server of its own (the shared e2e server's other tests
// would be shut out). In English and Spanish: the admin switches it on in the console, a member
// sees the countdown banner; the admin then shortens the grace period to 0 days (the setting
// this test controls instead of a clock), and every page sends the member to the set-up page,
// where they turn on an authenticator app and can use Ferry again.

const texts = {
  en: {
    securityTab: 'Security',
    require: 'Require two-factor sign-in',
    graceDays: 'Grace period (days)',
    save: 'Save',
    saved: 'Saved.',
    banner: 'Set up two-factor sign-in within 7 days',
    bannerLink: 'Set it up now',
    securityHeading: 'Sign-in and security',
    setupHeading: 'Set up two-factor sign-in',
    setUp: 'Set up two-factor sign-in',
    appCode: 'Code from the app',
    turnOn: 'Turn on',
    saved2fa: 'I have saved them',
    done: 'Two-factor sign-in is set up. You can use Ferry again.',
    continue: 'Continue to Ferry',
    transfersHeading: 'My Transfers',
  },
  es: {
    securityTab: 'Seguridad',
    require: 'Exigir el inicio de sesión en dos pasos',
    graceDays: 'Periodo de gracia (días)',
    save: 'Guardar',
    saved: 'Guardado.',
    banner: 'Configura el inicio de sesión en dos pasos en 7 días',
    bannerLink: 'Configurarlo ahora',
    securityHeading: 'Inicio de sesión y seguridad',
    setupHeading: 'Configura el inicio de sesión en dos pasos',
    setUp: 'Configurar el inicio de sesión en dos pasos',
    appCode: 'Código de la aplicación',
    turnOn: 'Activar',
    saved2fa: 'Ya los he guardado',
    done: 'El inicio de sesión en dos pasos está configurado. Ya puedes volver a usar Ferry.',
    continue: 'Continuar a Ferry',
    transfersHeading: 'Mis transferencias',
  },
} as const

const appCode = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 })
/** A fresh server's first pages on a loaded machine take longer than the default wait. */
const firstLoad = { timeout: 15_000 }
const xhr = { 'X-Requested-With': 'XMLHttpRequest' }

test.describe.configure({ mode: 'serial' })

let server: FerryServer
let dataDir: string
let api: APIRequestContext
let adminToken: string

test.beforeAll(async () => {
  test.setTimeout(180_000)
  dataDir = await tempDir('ferry-e2e-2fa-required-')
  // Inside this engineer's port range (docs/testing.md): the main server's port + 7.
  const port = Number(process.env.FERRY_E2E_PORT ?? 3100) + 7
  server = await startFerryServer({
    port,
    dataDir,
    env: { ADMIN_EMAIL: e2eAdmin.email, ADMIN_PASSWORD: e2eAdmin.password },
  })
  api = await playwrightRequest.newContext({ baseURL: server.url })
  // The admin has a second factor: shortening the grace period shuts out everyone else only.
  adminToken = (await loginViaApi(api, e2eAdmin.email, e2eAdmin.password)).access_token
  const auth = { ...xhr, authorization: `Bearer ${adminToken}` }
  const { secret } = await (await api.post('/api/account/totp', { headers: auth })).json()
  const confirmed = await api.post('/api/account/totp/confirm', {
    headers: auth,
    data: { code: await appCode(secret) },
  })
  expect(confirmed.status(), await confirmed.text()).toBe(200)
})

test.afterAll(async () => {
  await api?.dispose()
  await server?.stop()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

/** Switches the requirement off between the languages, as the admin could. */
async function switchOff() {
  const res = await api.put('/api/admin/security/two-factor', {
    headers: { ...xhr, authorization: `Bearer ${adminToken}` },
    data: { required: false, grace_days: 14 },
  })
  expect(res.status(), await res.text()).toBe(200)
}

for (const lang of ['en', 'es'] as const) {
  const t = texts[lang]

  test(`[${lang}] required two-factor sign-in: a countdown, then only set-up, then Ferry again`, async ({
    browser,
  }) => {
    test.slow() // a server of its own, two browsers and sign-ups on a shared machine
    await switchOff()
    const adminContext = await browser.newContext()
    const adminPage = await adminContext.newPage()
    await storeLogin(
      adminPage,
      { access_token: adminToken, token_type: 'bearer', user: await me(adminToken) },
      server.url,
    )
    await adminPage.goto(`${server.url}/admin?tab=security&lng=${lang}`)
    // The first page of a fresh server compiles nothing, but loads the admin chunk on a loaded machine.
    await expect(adminPage.getByRole('tab', { name: t.securityTab })).toHaveAttribute('aria-selected', 'true', {
      ...firstLoad,
    })
    const panel = adminPage.getByTestId('security-panel')
    await panel.getByRole('switch', { name: t.require }).check()
    await panel.getByRole('textbox', { name: t.graceDays }).fill('7')
    await panel.getByRole('button', { name: t.save }).click()
    await expect(panel.getByRole('status')).toHaveText(t.saved)

    // A member signed up since: the banner counts their 7 days and links to the security section.
    const member = { ...newAccount(`2fa-req-${lang}`), language: lang }
    const login = await registerViaApi(api, member, dataDir)
    const memberContext = await browser.newContext()
    const page = await memberContext.newPage()
    await storeLogin(page, login, server.url)
    await page.goto(`${server.url}/transfers?lng=${lang}`)
    const banner = page.getByTestId('two-factor-required-banner')
    await expect(banner).toContainText(t.banner, firstLoad)
    await expect(page.getByRole('heading', { name: t.transfersHeading })).toBeVisible()
    await banner.getByRole('link', { name: t.bannerLink }).click()
    await expect(page).toHaveURL(/\/profile#sign-in-and-security$/)
    await expect(page.getByRole('heading', { name: t.securityHeading })).toBeVisible(firstLoad)

    // The admin gives no more time: the member's grace period is over.
    await panel.getByRole('textbox', { name: t.graceDays }).fill('0')
    await panel.getByRole('button', { name: t.save }).click()
    await expect(panel.getByRole('status')).toHaveText(t.saved)
    const refused = await api.get('/api/transfers', {
      headers: { ...xhr, authorization: `Bearer ${login.access_token}` },
    })
    expect(refused.status()).toBe(403)
    expect((await refused.json()).code).toBe('two_factor_enrolment_required')

    // Whatever page they open, they land on the set-up page.
    await page.goto(`${server.url}/transfers?lng=${lang}`)
    await expect(page).toHaveURL(/\/account\/two-factor$/, firstLoad)
    await expect(page.getByRole('heading', { name: t.setupHeading, level: 1 })).toBeVisible()
    const card = page.getByTestId('two-factor')
    await card.getByRole('button', { name: t.setUp }).click()
    const secret = (await card.getByTestId('two-factor-secret').textContent())?.trim() ?? ''
    await card.getByRole('textbox', { name: t.appCode }).fill(await appCode(secret))
    await card.getByRole('button', { name: t.turnOn }).click()
    await expect(card.getByTestId('recovery-codes-list')).toBeVisible()
    await card.getByRole('button', { name: t.saved2fa }).click()
    await expect(page.getByTestId('two-factor-setup-done')).toContainText(t.done)
    await page.getByRole('link', { name: t.continue }).click()

    // Ferry again: no redirect, no banner.
    await page.goto(`${server.url}/transfers?lng=${lang}`)
    await expect(page.getByRole('heading', { name: t.transfersHeading })).toBeVisible(firstLoad)
    await expect(page).toHaveURL(/\/transfers/)
    await expect(page.getByTestId('two-factor-required-banner')).toHaveCount(0)
    await memberContext.close()
    await adminContext.close()
    await switchOff()
  })
}

/** The signed-in user's profile as the browser stores it. */
async function me(token: string) {
  const res = await api.post('/auth/verify', { headers: xhr, data: { token } })
  return ((await res.json()) as { user: Parameters<typeof storeLogin>[1]['user'] }).user
}
