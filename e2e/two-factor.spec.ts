import path from 'node:path'
import type { Browser, Page } from '@playwright/test'
import { generate } from 'otplib'
import { readOutbox } from '../server/src/testing/mail-reader.js'
import { newAccount, registerViaApi, storeLogin } from './fixtures/auth.js'
import { expect, test } from './fixtures/test.js'
import { e2eDataDir } from './fixtures/upload-files.js'

// Issue 23 item 2: two-factor sign-in in the browser, in English and Spanish: set up in the
// profile (QR code and key, recovery codes shown once), then sign in with a code from the app
// (computed here with otplib), and with a recovery code.

const texts = {
  en: {
    headerLogin: 'Login',
    loginDialog: 'Log in to Ferry',
    email: 'Email',
    password: 'Password',
    loginSubmit: 'Login',
    accountMenu: 'Account menu',
    setUp: 'Set up two-factor sign-in',
    qr: 'QR code for your authenticator app',
    appCode: 'Code from the app',
    turnOn: 'Turn on',
    on: 'On',
    saved: 'I have saved them',
    codeLabel: 'Authentication code',
    recoveryLabel: 'Recovery code',
    useRecovery: 'Use a recovery code instead',
    remember: 'Remember this device for 30 days',
    verify: 'Verify and sign in',
    wrongCode: 'This code is not correct, or it was already used. Please try again.',
    recoverySubject: 'A recovery code was used to sign in to Ferry',
    thisDevice: 'this device',
  },
  es: {
    headerLogin: 'Iniciar sesión',
    loginDialog: 'Inicia sesión en Ferry',
    email: 'Correo electrónico',
    password: 'Contraseña',
    loginSubmit: 'Iniciar sesión',
    accountMenu: 'Menú de la cuenta',
    setUp: 'Configurar el inicio de sesión en dos pasos',
    qr: 'Código QR para tu aplicación de autenticación',
    appCode: 'Código de la aplicación',
    turnOn: 'Activar',
    on: 'Activado',
    saved: 'Ya los he guardado',
    codeLabel: 'Código de autenticación',
    recoveryLabel: 'Código de recuperación',
    useRecovery: 'Usar un código de recuperación',
    remember: 'Recordar este dispositivo durante 30 días',
    verify: 'Verificar e iniciar sesión',
    wrongCode: 'Este código no es correcto o ya se ha usado. Inténtalo de nuevo.',
    recoverySubject: 'Se ha usado un código de recuperación para entrar en Ferry',
    thisDevice: 'este dispositivo',
  },
} as const

/** The code an authenticator app shows `steps` steps from now. */
const appCode = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 })

for (const lang of ['en', 'es'] as const) {
  const t = texts[lang]

  /** A fresh browser that opens the log-in dialog and gets past the password. */
  async function passwordStep(browser: Browser, account: { email: string; password: string }): Promise<Page> {
    const page = await (await browser.newContext()).newPage()
    await page.goto(`/?lng=${lang}`)
    await page.getByRole('banner').getByRole('button', { name: t.headerLogin }).click()
    const dialog = page.getByRole('dialog', { name: t.loginDialog })
    await dialog.getByRole('textbox', { name: t.email, exact: true }).fill(account.email)
    await dialog.getByRole('textbox', { name: t.password, exact: true }).fill(account.password)
    await dialog.getByRole('button', { name: t.loginSubmit, exact: true }).click()
    await expect(dialog.getByTestId('second-factor-step')).toBeVisible()
    return page
  }

  async function signedIn(page: Page, name: string) {
    // Two password checks (argon2id) and a code on a shared machine: more than the default wait.
    await expect(page.getByRole('dialog', { name: t.loginDialog })).toBeHidden({ timeout: 15_000 })
    await expect(page.getByRole('banner').getByRole('button', { name: t.accountMenu })).toContainText(name)
  }

  test(`[${lang}] two-factor sign-in is set up in the profile, then asked for at sign-in`, async ({
    page,
    browser,
    request,
  }) => {
    test.slow() // three browsers' worth of sign-ins
    const account = { ...newAccount(`2fa-${lang}`), language: lang }
    const login = await registerViaApi(request, account)
    await storeLogin(page, login)
    await page.goto(`/profile?lng=${lang}`)
    const card = page.getByTestId('two-factor')
    await card.getByRole('button', { name: t.setUp }).click()
    await expect(card.getByRole('img', { name: t.qr })).toBeVisible()
    const secret = (await card.getByTestId('two-factor-secret').textContent())?.trim() ?? ''
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    await card.getByRole('textbox', { name: t.appCode }).fill(await appCode(secret))
    await card.getByRole('button', { name: t.turnOn }).click()
    const codes = ((await card.getByTestId('recovery-codes-list').textContent()) ?? '').trim().split('\n')
    expect(codes).toHaveLength(10)
    await expect(card.getByTestId('two-factor-state')).toHaveText(t.on)
    await card.getByRole('button', { name: t.saved }).click()
    await expect(card.getByTestId('recovery-codes')).toHaveCount(0)

    // Another browser: the password, then a wrong code, then the app's next code.
    const other = await passwordStep(browser, account)
    const step = other.getByTestId('second-factor-step')
    await step.getByRole('textbox', { name: t.codeLabel }).fill('000000')
    await step.getByRole('button', { name: t.verify }).click()
    await expect(other.getByRole('dialog', { name: t.loginDialog }).getByRole('alert')).toHaveText(t.wrongCode)
    // The setup used this step's code; the app's next one is accepted at once (one step of drift).
    await step.getByRole('textbox', { name: t.codeLabel }).fill(await appCode(secret, 1))
    await step.getByRole('checkbox', { name: t.remember }).check()
    await step.getByRole('button', { name: t.verify }).click()
    await signedIn(other, account.name)
    await other.goto(`/profile?lng=${lang}`)
    await expect(other.getByTestId('remembered-device')).toContainText(t.thisDevice, { timeout: 15_000 })
    await other.context().close()
  })

  test(`[${lang}] a recovery code signs in once, and the owner is told by email`, async ({ browser, request }) => {
    test.slow() // three sign-ins in fresh browsers
    const account = { ...newAccount(`2fa-rec-${lang}`), language: lang }
    const login = await registerViaApi(request, account)
    const auth = { authorization: `Bearer ${login.access_token}`, 'x-requested-with': 'XMLHttpRequest' }
    const { secret } = await (await request.post('/api/account/totp', { headers: auth })).json()
    const confirmed = await request.post('/api/account/totp/confirm', {
      headers: auth,
      data: { code: await appCode(secret) },
    })
    const { recovery_codes } = (await confirmed.json()) as { recovery_codes: string[] }

    const page = await passwordStep(browser, account)
    const step = page.getByTestId('second-factor-step')
    await step.getByRole('button', { name: t.useRecovery }).click()
    await step.getByRole('textbox', { name: t.recoveryLabel }).fill(recovery_codes[0]!)
    await step.getByRole('button', { name: t.verify }).click()
    await signedIn(page, account.name)
    await expect
      .poll(async () =>
        (await readOutbox(path.join(e2eDataDir(), 'mail'))).some(
          (mail) => mail.to.includes(account.email) && mail.subject === t.recoverySubject,
        ),
      )
      .toBe(true)
    await page.context().close()

    // The same code a second time is refused.
    const again = await passwordStep(browser, account)
    const second = again.getByTestId('second-factor-step')
    await second.getByRole('button', { name: t.useRecovery }).click()
    await second.getByRole('textbox', { name: t.recoveryLabel }).fill(recovery_codes[0]!)
    await second.getByRole('button', { name: t.verify }).click()
    await expect(again.getByRole('dialog', { name: t.loginDialog }).getByRole('alert')).toHaveText(t.wrongCode)
    await again.context().close()
  })
}
