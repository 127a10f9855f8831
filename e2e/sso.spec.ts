/// <reference path="../server/src/features/auth/sso/testing/oidc-provider.d.ts" />
import { randomUUID } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import {
  startOidcTestProvider,
  type TestOidcProvider,
} from '../server/src/features/auth/sso/testing/oidc-test-provider.js'
import { type LoginResult, registerViaApi, storeLogin } from './fixtures/auth.js'
import { setTxt } from './fixtures/dns.js'
import { e2eBaseUrl, expect, test } from './fixtures/test.js'

// Issue 23 item 3, single sign-on with an organization's own OpenID provider (a real oidc-provider
// on 127.0.0.1): its admin fills the settings page and sees the TXT record to create; a member of
// its email domain signs in through "Continue with single sign-on" and the provider's login form,
// and lands signed in with the role their group maps to. English and Spanish.

const texts = {
  en: {
    issuer: 'Issuer URL',
    clientId: 'Client ID',
    clientSecret: 'Client secret',
    emailDomain: 'Email domain',
    addRow: 'Add a group',
    group: 'Group',
    role: 'Role',
    save: 'Save',
    saved: 'Single sign-on settings saved.',
    pending: 'Not verified',
    verify: 'Verify',
    verified: 'Verified',
    unverified: 'Verify the email domain with its DNS TXT record first.',
    continueSso: 'Continue with single sign-on',
    email: 'Email',
    password: 'Password',
    logIn: 'Login',
    requiredNotice:
      "Your organization signs in this address with single sign-on, not with a password. Continue with your organization's identity provider.",
    workEmail: 'Work email',
    continue: 'Continue',
    notServed: "Single sign-on is not set up for this address's domain.",
    admin: 'Admin',
    groupRefused: 'Your account is not in a group allowed to use Ferry. Ask your administrator.',
  },
  es: {
    issuer: 'URL del emisor',
    clientId: 'ID de cliente',
    clientSecret: 'Secreto de cliente',
    emailDomain: 'Dominio de correo',
    addRow: 'Añadir un grupo',
    group: 'Grupo',
    role: 'Rol',
    save: 'Guardar',
    saved: 'Ajustes de inicio de sesión único guardados.',
    pending: 'Sin verificar',
    verify: 'Verificar',
    verified: 'Verificado',
    unverified: 'Verifica primero el dominio de correo con su registro DNS TXT.',
    continueSso: 'Continuar con inicio de sesión único',
    email: 'Correo electrónico',
    password: 'Contraseña',
    logIn: 'Iniciar sesión',
    requiredNotice:
      'Tu organización inicia sesión de esta dirección con inicio de sesión único, no con contraseña. Continúa con el proveedor de identidad de tu organización.',
    workEmail: 'Correo del trabajo',
    continue: 'Continuar',
    notServed: 'El inicio de sesión único no está configurado para el dominio de esta dirección.',
    admin: 'Administrador',
    groupRefused: 'Tu cuenta no está en un grupo con acceso a Ferry. Pregunta a tu administrador.',
  },
} as const

const apiHeaders = (token: string) => ({ 'X-Requested-With': 'XMLHttpRequest', Authorization: `Bearer ${token}` })
const clientSecret = `secret-${randomUUID()}`

test.describe.configure({ mode: 'serial' })

let provider: TestOidcProvider
test.beforeAll(async () => {
  provider = await startOidcTestProvider({
    clients: [{ clientId: 'ferry-e2e', clientSecret, redirectUris: [`${e2eBaseUrl()}/auth/sso/callback`] }],
  })
})
test.afterAll(async () => {
  await provider?.close()
})

/** An owner with an Enterprise organization of their own. */
async function organizationOwner(request: APIRequestContext, workerAdmin: { login: LoginResult }, name: string) {
  const owner = await registerViaApi(request)
  const granted = await request.post('/api/billing/subscriptions', {
    headers: apiHeaders(workerAdmin.login.access_token),
    data: { user_id: owner.user.id, plan_id: 'enterprise' },
  })
  expect(granted.ok(), await granted.text()).toBe(true)
  const created = await request.post('/api/organizations', {
    headers: apiHeaders(owner.access_token),
    data: { name },
  })
  expect(created.status(), await created.text()).toBe(201)
  return { owner, organizationId: ((await created.json()) as { id: string }).id }
}

/** An organization whose provider serves a fresh, verified email domain (set up through the API). */
async function ssoOrganization(
  request: APIRequestContext,
  workerAdmin: { login: LoginResult },
  name: string,
  required = false,
) {
  const { owner, organizationId } = await organizationOwner(request, workerAdmin, name)
  const domain = `sso-${randomUUID().slice(0, 8)}.example.test`
  const settings = {
    issuer: provider.issuer,
    client_id: 'ferry-e2e',
    client_secret: clientSecret,
    email_domain: domain,
    role_mapping: [
      { group: 'ferry-admins', role: 'admin' },
      { group: 'ferry-staff', role: 'member' },
    ],
  }
  const headers = apiHeaders(owner.access_token)
  const put = await request.put(`/api/organizations/${organizationId}/sso`, { headers, data: settings })
  expect(put.status(), await put.text()).toBe(200)
  await setTxt(`_ferry-sso.${domain}`, ((await put.json()) as { txt_value: string }).txt_value)
  const verified = await request.post(`/api/organizations/${organizationId}/sso/verify-domain`, { headers })
  expect(verified.status(), await verified.text()).toBe(200)
  if (required) {
    const again = await request.put(`/api/organizations/${organizationId}/sso`, {
      headers,
      data: { ...settings, sso_required: true },
    })
    expect(again.status(), await again.text()).toBe(200)
  }
  return { organizationId, domain }
}

/** The provider's own login page (oidc-provider's development form: any password). */
async function signInAtProvider(page: Page, login: string) {
  await page.waitForURL((url) => url.origin === provider.issuer)
  await page.locator('input[name="login"]').fill(login)
  await page.locator('input[name="password"]').fill('any')
  await page.locator('button[type="submit"]').click()
}

for (const [language, t] of Object.entries(texts)) {
  test(`${language}: the organization's admin sets single sign-on up, sees the TXT record and verifies the domain`, async ({
    page,
    request,
    workerAdmin,
  }) => {
    test.setTimeout(90_000)
    const { owner } = await organizationOwner(request, workerAdmin, `SSO settings ${language}`)
    const domain = `sso-${randomUUID().slice(0, 8)}.${language}.example.test`

    await storeLogin(page, owner)
    await page.goto(`/organization?lng=${language}`)
    await page.getByTestId('organization-sso-link').click()
    await expect(page).toHaveURL(/\/organization\/sso$/)
    const form = page.getByTestId('sso-settings')
    await form.getByLabel(t.issuer).fill(provider.issuer)
    await form.getByLabel(t.clientId).fill('ferry-e2e')
    await form.getByLabel(t.clientSecret).fill(clientSecret)
    await form.getByRole('textbox', { name: t.emailDomain }).fill(domain)
    await form.getByRole('button', { name: t.addRow }).click()
    await form.getByTestId('sso-mapping-group-0').fill('ferry-admins')
    await form.getByTestId('sso-mapping-role-0').selectOption('admin')
    // "SSO required" waits for the verified domain.
    await expect(form.getByTestId('sso-required')).toBeDisabled()
    await form.getByRole('button', { name: t.save }).click()
    await expect(form.getByTestId('sso-saved')).toHaveText(t.saved)

    const domainCard = page.getByTestId('sso-domain')
    await expect(domainCard.getByTestId('sso-domain-status')).toHaveText(t.pending)
    await expect(domainCard.getByTestId('sso-redirect-uri')).toHaveText(`${e2eBaseUrl()}/auth/sso/callback`)
    await expect(domainCard.getByTestId('sso-txt-name')).toHaveText(`_ferry-sso.${domain}`)
    const value = (await domainCard.getByTestId('sso-txt-value').textContent()) ?? ''
    expect(value).toMatch(/^ferry-sso=/)

    // Not in DNS yet: the server's refusal, translated.
    await domainCard.getByRole('button', { name: t.verify }).click()
    await expect(domainCard.getByRole('alert')).toContainText(t.unverified)

    await setTxt(`_ferry-sso.${domain}`, value)
    await domainCard.getByRole('button', { name: t.verify }).click()
    await expect(domainCard.getByTestId('sso-domain-status')).toHaveText(t.verified)
    await expect(domainCard.getByTestId('sso-txt-name')).toHaveCount(0)
    // The secret is write-only: the saved form does not hold it, and "SSO required" can now be set.
    await expect(form.getByLabel(t.clientSecret)).toHaveValue('')
    await expect(form.getByTestId('sso-required')).toBeEnabled()
    await expect(form.getByTestId('sso-mapping-group-0')).toHaveValue('ferry-admins')
  })

  test(`${language}: a member of the domain signs in with single sign-on and gets the role of their group`, async ({
    page,
    request,
    workerAdmin,
  }) => {
    test.setTimeout(90_000)
    const { organizationId, domain } = await ssoOrganization(request, workerAdmin, `SSO sign-in ${language}`)

    const login = `ana-${language}`
    provider.accounts.set(login, { email: `ana@${domain}`, name: `Ana ${language}`, groups: ['ferry-admins'] })
    provider.accounts.set(`${login}-out`, { email: `bo@${domain}`, groups: ['other'] })

    // An address whose domain no provider serves is told so, and stays here.
    await page.goto(`/login?lng=${language}`)
    await page.getByRole('button', { name: t.continueSso }).click()
    await page.getByLabel(t.workEmail).fill(`someone@not-${domain}`)
    await page.getByRole('button', { name: t.continue, exact: true }).click()
    await expect(page.getByRole('alert')).toContainText(t.notServed)

    // Someone in no mapped group: the provider signs them in, Ferry refuses, the page says why.
    await page.getByLabel(t.workEmail).fill(`bo@${domain}`)
    await page.getByRole('button', { name: t.continue, exact: true }).click()
    await signInAtProvider(page, `${login}-out`)
    await page.waitForURL(/\/signin\?sso_error=sso_group_not_allowed/)
    await expect(page.getByTestId('sso-error')).toHaveText(t.groupRefused)

    // The provider keeps its session for the next login: a fresh browser context stands for Ana.
    await page.context().clearCookies()
    await page.goto(`/login?lng=${language}`)
    await page.getByRole('button', { name: t.continueSso }).click()
    await page.getByLabel(t.workEmail).fill(`ana@${domain}`)
    await page.getByRole('button', { name: t.continue, exact: true }).click()
    await signInAtProvider(page, login)
    await page.waitForURL((url) => url.origin === e2eBaseUrl() && url.pathname === '/')

    // Signed in as Ana, an admin of the organization (the group's role).
    await page.goto(`/organization?lng=${language}`)
    await expect(page.getByTestId('organization-sso-link')).toBeVisible({ timeout: 15_000 })
    const current = await page.request.get('/api/organizations/current', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
    })
    const body = (await current.json()) as { organization: { id: string; my_role: string } | null }
    expect(body.organization?.id).toBe(organizationId)
    expect(body.organization?.my_role).toBe('admin')
  })

  test(`${language}: a password sign-in for a domain that requires single sign-on is sent to it`, async ({
    page,
    request,
    workerAdmin,
  }) => {
    test.setTimeout(90_000)
    const { domain } = await ssoOrganization(request, workerAdmin, `SSO required ${language}`, true)
    const login = `carl-${language}`
    provider.accounts.set(login, { email: `carl@${domain}`, groups: ['ferry-staff'] })

    await page.goto(`/login?lng=${language}`)
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('textbox', { name: t.email }).fill(`carl@${domain}`)
    await dialog.getByRole('textbox', { name: t.password, exact: true }).fill('any-password-123')
    await dialog.getByRole('button', { name: t.logIn, exact: true }).click()
    await expect(page.getByTestId('sso-required-notice')).toHaveText(t.requiredNotice)
    await expect(page.getByLabel(t.workEmail)).toHaveValue(`carl@${domain}`)
    await page.getByRole('button', { name: t.continue, exact: true }).click()
    await signInAtProvider(page, login)
    await page.waitForURL((url) => url.origin === e2eBaseUrl() && url.pathname === '/')
    const verify = await page.request.post('/auth/verify', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      data: {},
    })
    expect(((await verify.json()) as { user?: { email: string } }).user?.email).toBe(`carl@${domain}`)
  })
}
