import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { confirmationMailTo, newAccount, registerViaApi, storeLogin, type TestAccount } from './fixtures/auth.js'
import { confirmSenderInDialog } from './fixtures/sender.js'
import { expect, test } from './fixtures/test.js'
import { addFiles, mailTo } from './fixtures/transfers.js'
import { tempDir, writeRandomFile } from './fixtures/upload-files.js'

// spec/accounts.md §2 (security review M-2): a new account is signed in at once, but sends only
// after it confirms its address, with the emailed link (a page whose button confirms) or the code.

const texts = {
  en: {
    url: '/',
    login: 'Login',
    toSignup: 'Sign up',
    signupDialog: 'Create your Ferry account',
    name: 'Name',
    email: 'Email',
    password: 'Password',
    submit: 'Sign Up',
    addFiles: 'Add files',
    noticeTitle: 'Confirm your email address',
    unconfirmed:
      'Please confirm your email address first: open the link or enter the 6-digit code we emailed you. Then you can send transfers and create request links.',
    confirmButton: 'Confirm my email',
    done: 'Your email address is confirmed',
    codeLabel: '6-digit code',
    codeSubmit: 'Confirm',
    invalid:
      'This confirmation link or code is invalid, has expired or has already been used. Ask for a new email and try again.',
    resend: 'Send me a new email',
    resent: 'We sent a new email to',
    mailSubject: 'Confirm your email address for Ferry',
  },
  es: {
    url: '/?lng=es',
    login: 'Iniciar sesión',
    toSignup: 'Regístrate',
    signupDialog: 'Crea tu cuenta de Ferry',
    name: 'Nombre',
    email: 'Correo electrónico',
    password: 'Contraseña',
    submit: 'Registrarse',
    addFiles: 'Añadir archivos',
    noticeTitle: 'Confirma tu dirección de correo',
    unconfirmed:
      'Primero confirma tu dirección de correo: abre el enlace o introduce el código de 6 dígitos que te enviamos. Después podrás enviar transferencias y crear enlaces de solicitud.',
    confirmButton: 'Confirmar mi correo',
    done: 'Tu dirección de correo está confirmada',
    codeLabel: 'Código de 6 dígitos',
    codeSubmit: 'Confirmar',
    invalid:
      'Este enlace o código de confirmación no es válido, ha caducado o ya se ha usado. Pide un correo nuevo y vuelve a intentarlo.',
    resend: 'Enviarme un correo nuevo',
    resent: 'Hemos enviado un correo nuevo a',
    mailSubject: 'Confirma tu dirección de correo en Ferry',
  },
} as const

async function signUpInBrowser(page: Page, t: (typeof texts)['en' | 'es'], account: TestAccount) {
  await page.goto(t.url)
  await page.getByRole('banner').getByRole('button', { name: t.login }).click()
  await page.getByRole('button', { name: t.toSignup, exact: true }).click()
  const dialog = page.getByRole('dialog', { name: t.signupDialog })
  await dialog.getByRole('textbox', { name: t.name, exact: true }).fill(account.name)
  await dialog.getByRole('textbox', { name: t.email, exact: true }).fill(account.email)
  await dialog.getByRole('textbox', { name: t.password, exact: true }).fill(account.password)
  await dialog.getByRole('button', { name: t.submit, exact: true }).click()
  await expect(dialog).toBeHidden()
}

/** Fills the send form with one small file and a recipient, and sends. */
async function sendOneFile(page: Page, addFilesLabel: string, file: string, recipient: string) {
  await addFiles(page, [file], addFilesLabel)
  await page.getByTestId('recipient-email').fill(recipient)
  await page.getByTestId('transfer-title').fill('Hello')
  await page.getByTestId('send-button').click()
}

for (const lang of ['en', 'es'] as const) {
  const t = texts[lang]

  test(`${lang}: sign up, sending is refused until the link's button confirms, then the transfer goes`, async ({
    page,
  }) => {
    test.setTimeout(90_000)
    const dir = await tempDir()
    const file = await writeRandomFile(dir, 'note.txt', 2048)
    const account = newAccount(`confirm-${lang}`)
    const recipient = `rc-${randomUUID().slice(0, 8)}@e2e.ferry.test`
    await signUpInBrowser(page, t, account)

    const notice = page.getByTestId('confirm-email-notice')
    await expect(notice).toContainText(t.noticeTitle)
    await expect(notice).toContainText(account.email)

    await sendOneFile(page, t.addFiles, file.path, recipient)
    await expect(page.getByTestId('transfer-failed')).toContainText(t.unconfirmed, { timeout: 20_000 })

    const mail = await confirmationMailTo(account.email)
    expect(mail.subject).toBe(t.mailSubject)
    // Opening the link confirms nothing (mail scanners open links); the button does.
    await page.goto(`/confirm-email#token=${encodeURIComponent(mail.token)}`)
    await expect(page.getByTestId('confirm-email-notice')).toBeVisible()
    await page.getByRole('button', { name: t.confirmButton }).click()
    await expect(page.getByTestId('confirm-email-done')).toContainText(t.done)
    await expect(page.getByTestId('confirm-email-notice')).toHaveCount(0)

    await page.goto(t.url)
    await sendOneFile(page, t.addFiles, file.path, recipient)
    // Then the Free plan's sender code, once for this browser (issue 18 item 7).
    await confirmSenderInDialog(page, account.email, lang)
    await expect(page.getByTestId('transfer-success')).toBeVisible({ timeout: 20_000 })
    await mailTo(recipient)
  })

  test(`${lang}: the notice takes the code, says a wrong one in words, and sends a new email`, async ({ page }) => {
    const account = newAccount(`code-${lang}`)
    await signUpInBrowser(page, t, account)
    const notice = page.getByTestId('confirm-email-notice')
    const first = await confirmationMailTo(account.email)

    await notice.getByRole('button', { name: t.resend }).click()
    await expect(notice.getByTestId('confirm-email-resent')).toContainText(t.resent)
    await expect.poll(async () => (await confirmationMailTo(account.email)).token).not.toBe(first.token)
    const latest = await confirmationMailTo(account.email)

    // The first email's code no longer works.
    const wrong = first.code === latest.code ? String((Number(first.code) + 1) % 1e6).padStart(6, '0') : first.code
    await notice.getByRole('textbox', { name: t.codeLabel }).fill(wrong)
    await notice.getByRole('button', { name: t.codeSubmit, exact: true }).click()
    await expect(notice.getByTestId('confirm-email-error')).toHaveText(t.invalid)

    await notice.getByRole('textbox', { name: t.codeLabel }).fill(latest.code)
    await notice.getByRole('button', { name: t.codeSubmit, exact: true }).click()
    await expect(page.getByTestId('confirm-email-notice')).toHaveCount(0)
  })
}

test('a confirmed account sees no notice', async ({ page, request }) => {
  await storeLogin(page, await registerViaApi(request, newAccount('confirmed')))
  await page.goto('/')
  await expect(page.getByRole('banner')).toBeVisible()
  await expect(page.getByTestId('confirm-email-notice')).toHaveCount(0)
})
