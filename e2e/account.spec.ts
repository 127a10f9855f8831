import { randomUUID } from 'node:crypto'
import { access, rm } from 'node:fs/promises'
import path from 'node:path'
import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test'
import pg from 'pg'
import { type ReadMail, readOutbox } from '../server/src/testing/mail-reader.js'
import { postgresAdminUrl } from '../server/src/testing/services.js'
import { loginViaApi, newAccount, registerViaApi, storeLogin, tokenIsValid } from './fixtures/auth.js'
import { startFerryServer } from './fixtures/ferry-server.js'
import { expect, test } from './fixtures/test.js'
import { seedTransfer } from './fixtures/transfers.js'
import { e2eDataDir, storedObject, tempDir } from './fixtures/upload-files.js'

// product.md §23 (issue 17 item 1): forgotten password, the profile's settings, deleting the
// account, in English and Spanish, as a person does it in the browser.

const texts = {
  en: {
    lng: 'en',
    headerLogin: 'Login',
    loginDialog: 'Log in to Ferry',
    forgotLink: 'Forgot password?',
    forgotDialog: 'Reset your password',
    email: 'Email',
    password: 'Password',
    forgotSubmit: 'Email me a reset link',
    forgotSent: 'a reset link is on its way',
    resetSubject: 'Reset your Ferry password',
    resetHeading: 'Choose a new password',
    resetSubmit: 'Set new password',
    resetDone: 'Your password is changed',
    resetLogin: 'Log in',
    loginSubmit: 'Login',
    resetInvalid:
      'This password reset link is invalid, has expired or has already been used. Please ask for a new one.',
    settings: 'Account settings',
    saveName: 'Save name',
    nameSaved: 'Your name is saved.',
    changePassword: 'Change password',
    passwordDone: 'Your password is changed. Your other devices are signed out.',
    changeEmail: 'Change email',
    emailSent: 'open the link in the email to finish the change',
    emailChangeSubject: 'Confirm your new email address for Ferry',
    emailChangeConfirm: 'Confirm my new email',
    emailChangeDone: 'Your email address is changed',
    emailChangedSubject: 'The email address of your Ferry account was changed',
    deleteButton: 'Delete my account',
    deleteDialog: 'Delete your account?',
    deleteItem: 'your transfers and their files',
    deletePassword: 'Type your password to confirm',
    deleteConfirm: 'Delete everything',
    deleted: 'Your account and its data are deleted.',
    deletedSubject: 'Your Ferry account has been deleted',
    wrongPassword: 'Your current password is not correct.',
  },
  es: {
    lng: 'es',
    headerLogin: 'Iniciar sesión',
    loginDialog: 'Inicia sesión en Ferry',
    forgotLink: '¿Has olvidado tu contraseña?',
    forgotDialog: 'Restablece tu contraseña',
    email: 'Correo electrónico',
    password: 'Contraseña',
    forgotSubmit: 'Enviarme un enlace',
    forgotSent: 'le hemos enviado un enlace para restablecer la contraseña',
    resetSubject: 'Restablece tu contraseña de Ferry',
    resetHeading: 'Elige una contraseña nueva',
    resetSubmit: 'Guardar la contraseña nueva',
    resetDone: 'Tu contraseña se ha cambiado',
    resetLogin: 'Iniciar sesión',
    loginSubmit: 'Iniciar sesión',
    resetInvalid:
      'Este enlace para restablecer la contraseña no es válido, ha caducado o ya se ha usado. Pide uno nuevo.',
    settings: 'Ajustes de la cuenta',
    saveName: 'Guardar nombre',
    nameSaved: 'Tu nombre se ha guardado.',
    changePassword: 'Cambiar contraseña',
    passwordDone: 'Tu contraseña se ha cambiado. Se ha cerrado la sesión en tus otros dispositivos.',
    changeEmail: 'Cambiar correo',
    emailSent: 'abre el enlace del correo para terminar el cambio',
    emailChangeSubject: 'Confirma tu nueva dirección de correo en Ferry',
    emailChangeConfirm: 'Confirmar mi nuevo correo',
    emailChangeDone: 'Tu dirección de correo se ha cambiado',
    emailChangedSubject: 'Se ha cambiado la dirección de correo de tu cuenta de Ferry',
    deleteButton: 'Eliminar mi cuenta',
    deleteDialog: '¿Eliminar tu cuenta?',
    deleteItem: 'tus transferencias y sus archivos',
    deletePassword: 'Escribe tu contraseña para confirmar',
    deleteConfirm: 'Eliminar todo',
    deleted: 'Tu cuenta y sus datos se han eliminado.',
    deletedSubject: 'Se ha eliminado tu cuenta de Ferry',
    wrongPassword: 'Tu contraseña actual no es correcta.',
  },
} as const

/** The newest email to `address` whose subject is `subject`, waiting for it (some are sent after the answer). */
async function mailWithSubject(address: string, subject: string, dataDir = e2eDataDir()): Promise<ReadMail> {
  let found: ReadMail | undefined
  await expect
    .poll(
      async () => {
        found = (await readOutbox(path.join(dataDir, 'mail')))
          .filter((mail) => mail.to.toLowerCase().includes(address.toLowerCase()) && mail.subject === subject)
          .at(-1)
        return found !== undefined
      },
      { message: `an email "${subject}" to ${address}`, timeout: 10_000 },
    )
    .toBe(true)
  return found as ReadMail
}

/** The path and fragment of the mail's link to `page` (the token rides in the fragment). */
function linkTo(mail: ReadMail, page: string): string {
  const link = mail.links.find((l) => l.includes(`${page}#token=`))
  expect(link, mail.text).toBeTruthy()
  const url = new URL(link!)
  return url.pathname + url.hash
}

/** An account whose emails are written in `lng`, registered and confirmed through the API. */
async function accountIn(request: APIRequestContext, lng: 'en' | 'es', dataDir?: string) {
  const account = Object.assign(newAccount(`acct-${lng}`), { language: lng })
  const login = await registerViaApi(request, account, dataDir)
  return { account, login }
}

async function openProfile(page: Page, lng: string, base = '') {
  await page.goto(`${base}/profile?lng=${lng}`)
  await expect(page.getByTestId('account-settings')).toBeVisible()
}

for (const lang of ['en', 'es'] as const) {
  const t = texts[lang]

  test(`[${lang}] a forgotten password is reset from the log-in dialog, then used to sign in`, async ({
    page,
    request,
  }) => {
    const { account, login: oldSession } = await accountIn(request, lang)
    await page.goto(`/?lng=${t.lng}`)
    await page.getByRole('banner').getByRole('button', { name: t.headerLogin }).click()
    const dialog = page.getByRole('dialog', { name: t.loginDialog })
    await dialog.getByRole('button', { name: t.forgotLink }).click()
    const forgot = page.getByRole('dialog', { name: t.forgotDialog })
    await forgot.getByRole('textbox', { name: t.email }).fill(account.email)
    await forgot.getByRole('button', { name: t.forgotSubmit }).click()
    await expect(forgot.getByTestId('forgot-password-sent')).toContainText(t.forgotSent)
    await expect(forgot.getByTestId('forgot-password-sent')).toContainText(account.email)

    // The emailed link, in the account's language.
    const mail = await mailWithSubject(account.email, t.resetSubject)
    const link = linkTo(mail, '/reset-password')
    await page.goto(link)
    await expect(page.getByRole('heading', { name: t.resetHeading })).toBeVisible()
    const newPassword = `new-${randomUUID()}`
    await page.getByTestId('reset-password-input').fill(newPassword)
    await page.getByTestId('reset-password-repeat').fill(newPassword)
    await page.getByRole('button', { name: t.resetSubmit }).click()
    await expect(page.getByTestId('reset-password-done')).toContainText(t.resetDone)

    // The session opened before the reset has ended.
    expect(await tokenIsValid(request, oldSession.access_token)).toBe(false)

    // Straight on to signing in with the new password.
    await page.getByTestId('reset-password-login').click()
    const again = page.getByRole('dialog', { name: t.loginDialog })
    await again.getByRole('textbox', { name: t.email, exact: true }).fill(account.email)
    await again.getByRole('textbox', { name: t.password, exact: true }).fill(newPassword)
    await again.getByRole('button', { name: t.loginSubmit, exact: true }).click()
    await expect(again).toBeHidden()
    await expect(page.getByRole('banner').getByRole('button', { name: /Account menu|Menú de la cuenta/ })).toBeVisible()

    // The link worked once (a fresh page load: the same URL would only change the fragment).
    await page.goto(`/?lng=${t.lng}`)
    await page.goto(link)
    await page.getByTestId('reset-password-input').fill(`other-${randomUUID()}`)
    await page.getByTestId('reset-password-repeat').fill(await page.getByTestId('reset-password-input').inputValue())
    await page.getByRole('button', { name: t.resetSubmit }).click()
    await expect(page.getByTestId('reset-password-error')).toHaveText(t.resetInvalid)
  })

  test(`[${lang}] the profile's settings change the name, the password and (after confirming) the email`, async ({
    page,
    request,
  }) => {
    const { account, login } = await accountIn(request, lang)
    const other = await loginViaApi(request, account.email, account.password)
    await storeLogin(page, login)
    await openProfile(page, t.lng)
    const settings = page.getByTestId('account-settings')
    await expect(settings.getByRole('heading', { name: t.settings })).toBeVisible()

    // Name: the profile header follows at once.
    await page.getByTestId('settings-name').fill('Renamed Person')
    await settings.getByRole('button', { name: t.saveName }).click()
    await expect(settings.getByText(t.nameSaved)).toBeVisible()
    await expect(page.getByTestId('profile-name')).toHaveText('Renamed Person')

    // Password: a wrong current one is refused; the right one changes it, ends the other session, keeps this one.
    const newPassword = `changed-${randomUUID()}`
    await page.getByTestId('settings-password-current').fill('not my password')
    await page.getByTestId('settings-password-new').fill(newPassword)
    await page.getByTestId('settings-password-repeat').fill(newPassword)
    await settings.getByRole('button', { name: t.changePassword }).click()
    await expect(settings.getByText(t.wrongPassword)).toBeVisible()
    await page.getByTestId('settings-password-current').fill(account.password)
    await settings.getByRole('button', { name: t.changePassword }).click()
    await expect(page.getByTestId('settings-password-done')).toHaveText(t.passwordDone)
    expect(await tokenIsValid(request, other.access_token)).toBe(false)
    await page.reload()
    await expect(page.getByTestId('account-settings')).toBeVisible()
    await expect(page.getByTestId('profile-name')).toHaveText('Renamed Person')

    // Email: pending until the new address opens its link; the old address is told.
    const newEmail = `moved-${randomUUID().slice(0, 8)}@e2e.ferry.test`
    await page.getByTestId('settings-email').fill(newEmail)
    await page.getByTestId('settings-email-password').fill(newPassword)
    await settings.getByRole('button', { name: t.changeEmail }).click()
    await expect(page.getByTestId('settings-email-pending')).toContainText(t.emailSent)
    await expect(page.getByTestId('profile-email')).toHaveText(account.email)
    const mail = await mailWithSubject(newEmail, t.emailChangeSubject)
    await page.goto(linkTo(mail, '/confirm-email-change'))
    await page.getByRole('button', { name: t.emailChangeConfirm }).click()
    await expect(page.getByTestId('email-change-done')).toContainText(t.emailChangeDone)
    await mailWithSubject(account.email, t.emailChangedSubject)
    await openProfile(page, t.lng)
    await expect(page.getByTestId('profile-email')).toHaveText(newEmail)
    expect((await loginViaApi(request, newEmail, newPassword)).user.name).toBe('Renamed Person')
  })
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 })
  await client.connect()
  try {
    return (await client.query<T>(sql, params)).rows
  } finally {
    await client.end()
  }
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  )

/**
 * Deleting the account is checked where the data lives: a server of the test's own on a PostgreSQL
 * database of its own (the main e2e server's embedded database cannot be opened beside it), its
 * files on local disk.
 */
test.describe('deleting my account', () => {
  for (const [i, lang] of (['en', 'es'] as const).entries()) {
    const t = texts[lang]
    test(`[${lang}] removes the account's rows and stored files, signs out and emails a goodbye`, async ({ page }) => {
      test.setTimeout(150_000)
      const database = `ferry_e2e_account_${randomUUID().replaceAll('-', '').slice(0, 12)}`
      await query(postgresAdminUrl, `CREATE DATABASE ${database}`)
      const databaseUrl = Object.assign(new URL(postgresAdminUrl), { pathname: `/${database}` }).toString()
      const dataDir = await tempDir('ferry-e2e-account-')
      // Port +100 of this engineer's e2e port (docs/testing.md), one per language.
      const port = Number(process.env.FERRY_E2E_PORT ?? 3100) + 100 + i
      const server = await startFerryServer({ port, dataDir, env: { DATABASE_URL: databaseUrl } })
      const api = await playwrightRequest.newContext({ baseURL: server.url })
      try {
        const { account, login } = await accountIn(api, lang, dataDir)
        const userId = login.user.id
        await seedTransfer(api, login.access_token, {
          title: 'Goes with me',
          recipients: ['someone@e2e.ferry.test'],
          files: [
            { name: 'a.txt', body: 'first file' },
            { name: 'b.txt', body: 'second file' },
          ],
        })
        const link = await api.post('/file-request/create', {
          headers: { Authorization: `Bearer ${login.access_token}`, 'X-Requested-With': 'XMLHttpRequest' },
          data: {},
        })
        expect(link.status(), await link.text()).toBe(201)
        const keys = (
          await query<{ file_key: string }>(
            databaseUrl,
            'SELECT f.file_key FROM transfer_files f JOIN transfers t ON t.id = f.transfer_id WHERE t.user_id = $1',
            [userId],
          )
        ).map((r) => r.file_key)
        expect(keys).toHaveLength(2)
        for (const key of keys) expect((await storedObject(dataDir, key)).size).toBeGreaterThan(0)
        // The local store keeps an object in blobs/objects/<key>~/ (server/src/adapters/blob-store/local-disk-layout.ts).
        const blobFiles = keys.map((key) => `${path.join(dataDir, 'blobs', 'objects', ...key.split('/'))}~`)
        for (const file of blobFiles) expect(await exists(file)).toBe(true)

        await storeLogin(page, login, server.url)
        await openProfile(page, t.lng, server.url)
        await page.getByRole('button', { name: t.deleteButton }).click()
        const dialog = page.getByRole('dialog', { name: t.deleteDialog })
        await expect(page.getByTestId('delete-account-items')).toContainText(t.deleteItem)
        await dialog.getByLabel(t.deletePassword).fill('not my password')
        await dialog.getByRole('button', { name: t.deleteConfirm }).click()
        await expect(page.getByTestId('delete-account-error')).toContainText(t.wrongPassword)
        await dialog.getByLabel(t.deletePassword).fill(account.password)
        await dialog.getByRole('button', { name: t.deleteConfirm }).click()
        await expect(page.getByText(t.deleted)).toBeVisible({ timeout: 15_000 })
        await expect(page).toHaveURL(new RegExp(`^${server.url}/(\\?.*)?$`))
        await expect(page.getByRole('banner').getByRole('button', { name: t.headerLogin })).toBeVisible()

        // In the database: nothing of the account is left.
        const counts = await query<Record<string, string>>(
          databaseUrl,
          `SELECT
             (SELECT count(*) FROM users WHERE id = $1) AS users,
             (SELECT count(*) FROM users WHERE email = $2) AS emails,
             (SELECT count(*) FROM transfers WHERE user_id = $1 OR title = 'Goes with me') AS transfers,
             (SELECT count(*) FROM transfer_files WHERE file_key = ANY($3)) AS files,
             (SELECT count(*) FROM request_links WHERE user_id = $1) AS request_links,
             (SELECT count(*) FROM email_confirmations WHERE user_id = $1) AS confirmations`,
          [userId, account.email, keys],
        )
        expect(counts[0]).toEqual({
          users: '0',
          emails: '0',
          transfers: '0',
          files: '0',
          request_links: '0',
          confirmations: '0',
        })
        // On disk: the stored files are gone.
        for (const file of blobFiles) expect(await exists(file)).toBe(false)
        // The goodbye, in the account's language.
        const goodbye = await mailWithSubject(account.email, t.deletedSubject, dataDir)
        expect(goodbye.text).toContain(account.email)
      } finally {
        await api.dispose()
        await server.stop()
        await query(postgresAdminUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
        await rm(dataDir, { recursive: true, force: true })
      }
    })
  }
})
