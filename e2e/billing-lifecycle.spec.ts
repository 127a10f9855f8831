import path from 'node:path'
import type { APIRequestContext } from '@playwright/test'
import { type ReadMail, readOutbox } from '../server/src/testing/mail-reader.js'
import { type LoginResult, newAccount, registerViaApi, storeLogin } from './fixtures/auth.js'
import { buyPlanViaTestCheckout } from './fixtures/billing.js'
import { expect, test } from './fixtures/test.js'
import { e2eDataDir } from './fixtures/upload-files.js'

// Issue 17 item 6 (newcomer walk 6.7, 6.8): a cancelled subscription can be resumed from the
// profile, and the subscription, a trial (with the day of its first charge) and a cancellation
// are confirmed by email, in the account's language.

const apiHeaders = (token: string) => ({ 'X-Requested-With': 'XMLHttpRequest', Authorization: `Bearer ${token}` })

/** The newest email to `address` whose subject is `subject`, waiting for it in the outbox. */
async function mailTo(address: string, subject: string): Promise<ReadMail> {
  let found: ReadMail | undefined
  await expect
    .poll(
      async () => {
        found = (await readOutbox(path.join(e2eDataDir(), 'mail')))
          .filter((mail) => mail.to.toLowerCase().includes(address.toLowerCase()) && mail.subject === subject)
          .at(-1)
        return found !== undefined
      },
      { message: `an email "${subject}" to ${address}`, timeout: 15_000 },
    )
    .toBe(true)
  return found as ReadMail
}

/** The caller's subscription as the API gives it. */
async function subscriptionOf(request: APIRequestContext, login: LoginResult) {
  const res = await request.get('/api/user/subscription-level', { headers: apiHeaders(login.access_token) })
  expect(res.status(), await res.text()).toBe(200)
  return ((await res.json()) as { subscription: { trial_end: string | null; next_billing_date: string | null } })
    .subscription
}

const longDate = (iso: string, locale: string) =>
  new Date(iso).toLocaleDateString(locale, { dateStyle: 'long', timeZone: 'UTC' })

test('a trial is confirmed by email with its first charge; cancelling is emailed, and the profile resumes it', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000)
  const account = newAccount('resume')
  const login = await registerViaApi(request, account)
  await buyPlanViaTestCheckout(request, login, 'pro', 'yearly')
  const trialEnd = longDate((await subscriptionOf(request, login)).trial_end!, 'en-US')

  const trial = await mailTo(account.email, 'Your free trial of Ferry Pro has started')
  expect(trial.text).toContain(`Hello ${account.name},`)
  expect(trial.text).toContain(`Your first charge of €99.00 will be on ${trialEnd}, unless you cancel before then.`)
  expect(trial.links.some((link) => new URL(link).pathname === '/profile')).toBe(true)
  expect(trial.html).toContain('Manage your subscription</a>')

  await storeLogin(page, login)
  await page.goto('/profile')
  const status = page.getByTestId('subscription-status')
  await expect(status).toHaveText('Trial', { timeout: 15_000 })
  await expect(page.getByRole('button', { name: 'Resume subscription' })).toHaveCount(0)

  await page.getByRole('button', { name: 'Cancel subscription' }).click()
  const confirm = page.getByRole('dialog', { name: 'Cancel your subscription?' })
  await confirm.getByRole('button', { name: 'Cancel subscription' }).click()
  await expect(page.getByText('Your subscription has been cancelled.')).toBeVisible()
  await expect(status).toHaveText('Cancelled')

  const cancelled = await mailTo(account.email, 'Your Ferry Pro subscription is cancelled')
  expect(cancelled.text).toContain(`You keep Pro until ${trialEnd}; after that your account returns to the Free plan.`)
  expect(cancelled.text).toContain('Changed your mind? You can resume the subscription from your profile until then.')

  // Resume: the trial runs on, and the plan renews as it would have.
  await page.getByRole('button', { name: 'Resume subscription' }).click()
  await expect(page.getByText('Your subscription is resumed: it renews as before.')).toBeVisible()
  await expect(status).toHaveText('Trial')
  await expect(page.getByRole('button', { name: 'Resume subscription' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Cancel subscription' })).toBeVisible()
  // Still there after a reload: the server has it.
  await page.reload()
  await expect(status).toHaveText('Trial', { timeout: 15_000 })
})

test('a subscription without a trial is confirmed by email with its price and next charge', async ({ request }) => {
  const account = newAccount('active')
  const login = await registerViaApi(request, account)
  await buyPlanViaTestCheckout(request, login, 'business', 'monthly')
  const next = longDate((await subscriptionOf(request, login)).next_billing_date!, 'en-US')
  const started = await mailTo(account.email, 'Your Ferry Business subscription is active')
  expect(started.text).toContain('Thank you: your Ferry Business subscription is active from today.')
  expect(started.text).toContain(`You pay €15.00 per month. The next charge is on ${next}.`)
})

test('en español: los correos de la prueba, la cancelación y el alta, y reanudar desde el perfil', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000)
  const account = newAccount('reanudar')
  const login = await registerViaApi(request, account)
  const language = await request.put('/api/users/me/language', {
    headers: apiHeaders(login.access_token),
    data: { language: 'es' },
  })
  expect(language.status(), await language.text()).toBe(200)
  await buyPlanViaTestCheckout(request, login, 'pro', 'yearly')
  const trialEnd = longDate((await subscriptionOf(request, login)).trial_end!, 'es-ES')

  const trial = await mailTo(account.email, 'Tu prueba gratuita de Ferry Pro ha empezado')
  expect(trial.text).toContain(`Hola, ${account.name}:`)
  expect(trial.text).toContain(`El primer cargo, de 99,00\u00a0€, será el ${trialEnd}, salvo que canceles antes.`)

  await storeLogin(page, login)
  await page.goto('/profile?lng=es')
  const status = page.getByTestId('subscription-status')
  await expect(status).toHaveText('En prueba', { timeout: 15_000 })
  await page.getByRole('button', { name: 'Cancelar suscripción' }).click()
  const confirm = page.getByRole('dialog', { name: '¿Cancelar tu suscripción?' })
  await confirm.getByRole('button', { name: 'Cancelar suscripción' }).click()
  await expect(page.getByText('Tu suscripción se ha cancelado.')).toBeVisible()
  await expect(status).toHaveText('Cancelada')

  const cancelled = await mailTo(account.email, 'Tu suscripción a Ferry Pro está cancelada')
  expect(cancelled.text).toContain(`Mantienes Pro hasta el ${trialEnd}; después tu cuenta vuelve al plan Gratis.`)

  await page.getByRole('button', { name: 'Reanudar suscripción' }).click()
  await expect(page.getByText('Tu suscripción se ha reanudado: se renueva como antes.')).toBeVisible()
  await expect(status).toHaveText('En prueba')
  await expect(page.getByRole('button', { name: 'Reanudar suscripción' })).toHaveCount(0)

  // A second account in Spanish buys Business monthly: no trial, the subscription is confirmed.
  const other = newAccount('alta')
  const otherLogin = await registerViaApi(request, other)
  await request.put('/api/users/me/language', {
    headers: apiHeaders(otherLogin.access_token),
    data: { language: 'es' },
  })
  await buyPlanViaTestCheckout(request, otherLogin, 'business', 'monthly')
  const next = longDate((await subscriptionOf(request, otherLogin)).next_billing_date!, 'es-ES')
  const started = await mailTo(other.email, 'Tu suscripción a Ferry Empresas está activa')
  expect(started.text).toContain(`Pagas 15,00\u00a0€ al mes. El próximo cargo será el ${next}.`)
})
