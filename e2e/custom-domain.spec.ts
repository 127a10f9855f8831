import { randomUUID } from 'node:crypto'
import { type LoginResult, registerViaApi, storeLogin } from './fixtures/auth.js'
import { setTxt } from './fixtures/dns.js'
import { expect, test } from './fixtures/test.js'

// Issue 22 item 2: an Enterprise organization's owner adds a custom domain on the settings page, in
// English and Spanish, sees the TXT record to create, and sees the host turn verified once the
// run's DNS server (e2e/fixtures/dns.ts, DNS_RESOLVER of playwright.config.ts) has the record.

const texts = {
  en: {
    title: 'Custom domains',
    host: 'Host name',
    add: 'Add domain',
    check: 'Check now',
    pending: 'Pending',
    verified: 'Verified',
  },
  es: {
    title: 'Dominios propios',
    host: 'Nombre de host',
    add: 'Añadir dominio',
    check: 'Comprobar ahora',
    pending: 'Pendiente',
    verified: 'Verificado',
  },
} as const

const apiHeaders = (token: string) => ({ 'X-Requested-With': 'XMLHttpRequest', Authorization: `Bearer ${token}` })

test.describe.configure({ mode: 'serial' })

for (const [language, t] of Object.entries(texts)) {
  test(`${language}: an Enterprise owner adds a custom domain, sees its TXT record, and sees it verified`, async ({
    page,
    request,
    workerAdmin,
  }) => {
    test.setTimeout(90_000)
    const owner: LoginResult = await registerViaApi(request)
    const granted = await request.post('/api/billing/subscriptions', {
      headers: apiHeaders(workerAdmin.login.access_token),
      data: { user_id: owner.user.id, plan_id: 'enterprise' },
    })
    expect(granted.ok(), await granted.text()).toBe(true)
    const created = await request.post('/api/organizations', {
      headers: apiHeaders(owner.access_token),
      data: { name: `Acme ${language}` },
    })
    expect(created.status(), await created.text()).toBe(201)

    await storeLogin(page, owner)
    await page.goto(`/organization/domains?lng=${language}`)
    const section = page.getByTestId('custom-domains')
    await expect(section.getByRole('heading', { name: t.title })).toBeVisible({ timeout: 15_000 })

    const host = `files-${randomUUID().slice(0, 8)}.${language}.example.test`
    await section.getByLabel(t.host).fill(host.toUpperCase())
    await section.getByRole('button', { name: t.add }).click()
    const row = section.getByTestId('custom-domain')
    await expect(row).toHaveAttribute('data-host', host)
    await expect(row.getByTestId('custom-domain-status')).toHaveText(t.pending)
    await expect(row.getByTestId('custom-domain-txt-name')).toHaveText(`_ferry-challenge.${host}`)
    const value = await row.getByTestId('custom-domain-txt-value').textContent()
    expect(value).toMatch(/^ferry-verify=[\w-]{32}$/)

    // Not there yet: still pending after a check.
    await row.getByRole('button', { name: t.check }).click()
    await expect(row.getByTestId('custom-domain-checked')).not.toBeEmpty()
    await expect(row.getByTestId('custom-domain-status')).toHaveText(t.pending)

    // The record appears in DNS; "check now" finds it.
    await setTxt(`_ferry-challenge.${host}`, value ?? '')
    await row.getByRole('button', { name: t.check }).click()
    await expect(row.getByTestId('custom-domain-status')).toHaveText(t.verified)
    await expect(row.getByTestId('custom-domain-serving')).toContainText(host)
    await expect(row.getByTestId('custom-domain-txt-name')).toHaveCount(0)
  })
}
