import type { Page } from '@playwright/test'
import { generate } from 'otplib'
import { newAccount, registerViaApi, storeLogin } from './fixtures/auth.js'
import { fakeGoogleIdentityScript } from './fixtures/google.js'
import { expect, test } from './fixtures/test.js'

// Issue 23 item 2: passkeys in the browser, in English and Spanish, with Chromium's virtual
// authenticator (CTAP2, built in, resident keys, user verification): one is added in the
// profile, signs in on its own after signing out, and is then the second step of an account
// with two-factor sign-in on.

const texts = {
  en: {
    headerLogin: 'Login',
    loginDialog: 'Log in to Ferry',
    email: 'Email',
    password: 'Password',
    loginSubmit: 'Login',
    accountMenu: 'Account menu',
    logout: 'Logout',
    nameLabel: 'Passkey name',
    add: 'Add a passkey',
    rename: 'Rename',
    save: 'Save',
    signIn: 'Sign in with a passkey',
    usePasskey: 'Use a passkey',
    google: 'Continue with Google',
  },
  es: {
    headerLogin: 'Iniciar sesión',
    loginDialog: 'Inicia sesión en Ferry',
    email: 'Correo electrónico',
    password: 'Contraseña',
    loginSubmit: 'Iniciar sesión',
    accountMenu: 'Menú de la cuenta',
    logout: 'Cerrar sesión',
    nameLabel: 'Nombre de la llave',
    add: 'Añadir una llave de acceso',
    rename: 'Renombrar',
    save: 'Guardar',
    signIn: 'Iniciar sesión con una llave de acceso',
    usePasskey: 'Usar una llave de acceso',
    google: 'Continuar con Google',
  },
} as const

/**
 * Browsers refuse passkeys on an IP address, so these pages open on localhost (the server's
 * PUBLIC_URL is 127.0.0.1, where passkeys follow the browser's origin: relying-party.ts).
 */
const origin = () => `http://localhost:${Number(process.env.FERRY_E2E_PORT ?? 3100)}`

/** A virtual platform authenticator in this page, as a laptop's fingerprint reader would be. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  }
}

for (const lang of ['en', 'es'] as const) {
  const t = texts[lang]

  test(`[${lang}] a passkey added in the profile signs in alone, and as the second step`, async ({ page, request }) => {
    test.slow() // several sign-ins with argon2id on a shared machine
    const account = { ...newAccount(`passkey-${lang}`), language: lang }
    const login = await registerViaApi(request, account)
    await storeLogin(page, login, origin())
    const authenticator = await addVirtualAuthenticator(page)

    await page.goto(`${origin()}/profile?lng=${lang}`)
    const section = page.getByTestId('sign-in-and-security')
    const card = section.getByTestId('passkeys')
    await card.getByRole('textbox', { name: t.nameLabel }).fill('Laptop')
    await card.getByRole('button', { name: t.add }).click()
    await expect(card.getByTestId('passkey')).toHaveCount(1)
    await expect(card.getByTestId('passkey')).toContainText('Laptop')
    const [stored] = await authenticator.credentials()
    expect(stored?.isResidentCredential).toBe(true)
    await card.getByRole('button', { name: t.rename }).click()
    await card.getByRole('textbox', { name: t.nameLabel }).first().fill('Work laptop')
    await card.getByRole('button', { name: t.save }).click()
    await expect(card.getByTestId('passkey')).toContainText('Work laptop')

    const signOut = async () => {
      await page.getByRole('banner').getByRole('button', { name: t.accountMenu }).click()
      await page.getByRole('menuitem', { name: t.logout }).click()
      await expect(page.getByRole('banner').getByRole('button', { name: t.headerLogin })).toBeVisible()
    }
    /** The log-in dialog, opened by its own address once signing out has landed. */
    const openLogin = async () => {
      await page.goto(`${origin()}/login?lng=${lang}`)
      const dialog = page.getByRole('dialog', { name: t.loginDialog })
      await expect(dialog).toBeVisible()
      return dialog
    }
    const signedIn = async () => {
      await expect(page.getByRole('dialog', { name: t.loginDialog })).toBeHidden({ timeout: 15_000 })
      await expect(page.getByRole('banner').getByRole('button', { name: t.accountMenu })).toContainText(account.name)
    }

    // Two-factor sign-in on (through the API, with the first session, before it ends): a passkey
    // alone still signs in (it verified the person), and with the password it stands in for the code.
    const auth = { Authorization: `Bearer ${login.access_token}`, 'X-Requested-With': 'e2e' }
    const enrol = await request.post('/api/account/totp', { headers: auth })
    expect(enrol.status(), await enrol.text()).toBe(200)
    const { secret } = (await enrol.json()) as { secret: string }
    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) })
    const confirm = await request.post('/api/account/totp/confirm', { headers: auth, data: { code } })
    expect(confirm.status(), await confirm.text()).toBe(200)

    // Passwordless: no email typed, the browser offers the passkey it holds for this site.
    await signOut()
    await (await openLogin()).getByRole('button', { name: t.signIn }).click()
    await signedIn()

    await signOut()
    const dialog = await openLogin()
    await dialog.getByRole('textbox', { name: t.email, exact: true }).fill(account.email)
    await dialog.getByRole('textbox', { name: t.password, exact: true }).fill(account.password)
    await dialog.getByRole('button', { name: t.loginSubmit, exact: true }).click()
    const step = dialog.getByTestId('second-factor-step')
    await expect(step).toBeVisible()
    await step.getByRole('button', { name: t.usePasskey }).click()
    await signedIn()
    const [used] = await authenticator.credentials()
    expect(used?.signCount).toBeGreaterThanOrEqual(2)
  })
}

test.describe('Google sign-in', () => {
  // The e2e server has no GOOGLE_CLIENT_ID (its CSP does not list Google's script): the page is
  // told one, Google's script is the stand-in above, and POST /auth/google is answered here.
  test.use({ bypassCSP: true })

  for (const lang of ['en', 'es'] as const) {
    const t = texts[lang]

    test(`[${lang}] Google sign-in's second step offers the passkey`, async ({ page, request }) => {
      test.slow() // argon2id sign-ins on a shared machine
      const account = { ...newAccount(`google-passkey-${lang}`), language: lang }
      const login = await registerViaApi(request, account)
      await storeLogin(page, login, origin())
      const authenticator = await addVirtualAuthenticator(page)
      await page.goto(`${origin()}/profile?lng=${lang}`)
      const card = page.getByTestId('sign-in-and-security').getByTestId('passkeys')
      await card.getByRole('textbox', { name: t.nameLabel }).fill('Laptop')
      await card.getByRole('button', { name: t.add }).click()
      await expect(card.getByTestId('passkey')).toHaveCount(1)
      const auth = { Authorization: `Bearer ${login.access_token}`, 'X-Requested-With': 'e2e' }
      const { secret } = (await (await request.post('/api/account/totp', { headers: auth })).json()) as {
        secret: string
      }
      const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) })
      expect((await request.post('/api/account/totp/confirm', { headers: auth, data: { code } })).status()).toBe(200)
      await page.getByRole('banner').getByRole('button', { name: t.accountMenu }).click()
      await page.getByRole('menuitem', { name: t.logout }).click()
      await expect(page.getByRole('banner').getByRole('button', { name: t.headerLogin })).toBeVisible()

      await page.route('**/auth/config', (route) =>
        route.fulfill({ json: { google_client_id: 'e2e-client.apps.googleusercontent.com', oidc: null } }),
      )
      await page.route('https://accounts.google.com/gsi/client', (route) =>
        route.fulfill({ contentType: 'text/javascript', body: fakeGoogleIdentityScript }),
      )
      const sent: Record<string, unknown>[] = []
      // Google vouched for the person; the account asks its second step, as the server does
      // (google-sign-in.test.ts). The answer goes to the real server's second step with the
      // account's password standing in for Google, so the browser's assertion is checked for real.
      await page.route('**/auth/google', async (route) => {
        const body = route.request().postDataJSON() as Record<string, unknown>
        sent.push(body)
        if (!body.passkey) {
          return route.fulfill({
            status: 401,
            json: {
              code: 'second_factor_required',
              detail: 'Enter the code.',
              methods: ['totp', 'recovery_code', 'passkey'],
            },
          })
        }
        const real = await page.request.post(`${origin()}/auth/login`, {
          headers: { 'X-Requested-With': 'e2e' },
          data: { email: account.email, password: account.password, passkey: body.passkey },
        })
        return route.fulfill({ response: real })
      })

      await page.goto(`${origin()}/login?lng=${lang}`)
      const dialog = page.getByRole('dialog', { name: t.loginDialog })
      await dialog.getByRole('button', { name: t.google }).click()
      const step = dialog.getByTestId('second-factor-step')
      await expect(step).toBeVisible()
      await step.getByRole('button', { name: t.usePasskey }).click()
      await expect(dialog).toBeHidden({ timeout: 15_000 })
      await expect(page.getByRole('banner').getByRole('button', { name: t.accountMenu })).toContainText(account.name)
      expect(sent).toHaveLength(2)
      expect(sent[1]).toMatchObject({ token: 'fake-google-credential' })
      const [stored] = await authenticator.credentials()
      expect((sent[1]?.passkey as { id?: string } | undefined)?.id).toBe(
        Buffer.from(stored!.credentialId, 'base64').toString('base64url'),
      )
    })
  }
})
