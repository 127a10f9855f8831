import type { APIRequestContext, Page } from '@playwright/test'
import { type LoginResult, newAccount, registerViaApi, type TestAccount } from './fixtures/auth.js'
import { buyPlanViaTestCheckout } from './fixtures/billing.js'
import { expect, test } from './fixtures/test.js'

// Issue 17 item 6 (newcomer walk 6.9): the visitor of a referral link is told who invites them and
// the 30-day offer; an unknown or used code is named politely and sign-up still works.

const apiHeaders = (token: string) => ({ 'X-Requested-With': 'XMLHttpRequest', Authorization: `Bearer ${token}` })

/** An inviter on a payout plan (Pro, through the test checkout) and one fresh code of theirs. */
async function inviterWithCode(
  request: APIRequestContext,
  name: string,
): Promise<{ login: LoginResult; code: string }> {
  const login = await registerViaApi(request, { ...newAccount('inviter'), name })
  await buyPlanViaTestCheckout(request, login, 'pro')
  const created = await request.post('/api/referrals', {
    headers: apiHeaders(login.access_token),
    data: { inviter_user_id: login.user.id },
  })
  expect(created.status(), await created.text()).toBe(201)
  return { login, code: ((await created.json()) as { invite_code: string }).invite_code }
}

/** Fills and submits the sign-up dialog (labels in `lang`). */
async function signUp(page: Page, account: TestAccount, lang: 'en' | 'es') {
  const dialog = page.getByRole('dialog')
  const labels =
    lang === 'en'
      ? { name: 'Name', email: 'Email', password: 'Password', submit: 'Sign Up' }
      : { name: 'Nombre', email: 'Correo electrónico', password: 'Contraseña', submit: 'Registrarse' }
  await dialog.getByRole('textbox', { name: labels.name, exact: true }).fill(account.name)
  await dialog.getByRole('textbox', { name: labels.email }).fill(account.email)
  await dialog.getByRole('textbox', { name: labels.password, exact: true }).fill(account.password)
  await dialog.getByRole('button', { name: labels.submit }).click()
}

test('an invited visitor sees who invites them and the 30-day offer, signs up, and the code is theirs', async ({
  page,
  browser,
  request,
}) => {
  const { login: inviter, code } = await inviterWithCode(request, 'Bob Inviter')
  await page.goto(`/register?ref=${encodeURIComponent(code)}`)
  const dialog = page.getByRole('dialog', { name: 'Create your Ferry account' })
  const notice = dialog.getByTestId('referral-invitation')
  await expect(notice).toHaveText(
    'Bob Inviter invited you to FerrySign up, and your first paid plan starts with a 30-day free trial.',
    { timeout: 15_000 },
  )
  // Only the inviter's name: never their email.
  await expect(notice).not.toContainText(inviter.user.email)

  const account = newAccount('invited')
  await signUp(page, account, 'en')
  await expect(page.getByText(`Referral code ${code} applied`)).toBeVisible({ timeout: 15_000 })
  // Straight to the home page, its loader standing in while its code loads (walk 1.5).
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 })

  // The code served: the next visitor of the same link is told so, and can still sign up.
  const next = await browser.newContext()
  const other = await next.newPage()
  await other.goto(`/register?ref=${encodeURIComponent(code)}`)
  await expect(other.getByTestId('referral-invitation')).toHaveText(
    'This invitation has already been used: a code works for one person only. You can still sign up.',
    { timeout: 15_000 },
  )
  await signUp(other, newAccount('late'), 'en')
  await expect(other).toHaveURL(/\/$/, { timeout: 15_000 })
  // No redeem was tried for a code known to be used: no warning.
  await expect(other.getByText('Referral code', { exact: true })).toHaveCount(0)
  await next.close()
})

test('en español: la invitación dice quién invita y la prueba; un código desconocido se dice con cortesía', async ({
  page,
  browser,
  request,
}) => {
  const { code } = await inviterWithCode(request, 'Lucía Pérez')
  await page.goto(`/register?ref=${encodeURIComponent(code)}&lng=es`)
  const dialog = page.getByRole('dialog', { name: 'Crea tu cuenta de Ferry' })
  await expect(dialog.getByTestId('referral-invitation')).toHaveText(
    'Lucía Pérez te ha invitado a FerryRegístrate y tu primer plan de pago empezará con 30 días de prueba gratis.',
    { timeout: 15_000 },
  )

  // Another visitor with a code that does not exist: told so, and signs up all the same.
  const next = await browser.newContext()
  const other = await next.newPage()
  await other.goto('/register?ref=NOSUCHCODE&lng=es')
  await expect(other.getByTestId('referral-invitation')).toHaveText(
    'Este código de invitación no es válido, así que no incluye prueba gratis. Puedes registrarte igualmente.',
    { timeout: 15_000 },
  )
  await signUp(other, newAccount('unknown-code'), 'es')
  await expect(other).toHaveURL(/\/$/, { timeout: 15_000 })
  // The refused code is not kept for the upgrade dialog.
  expect(await other.evaluate(() => localStorage.getItem('ferry_referral_code'))).toBeNull()
  await next.close()

  const account = newAccount('invitada')
  await signUp(page, account, 'es')
  await expect(page.getByText(`Código de referido ${code} aplicado`)).toBeVisible({ timeout: 15_000 })
})
