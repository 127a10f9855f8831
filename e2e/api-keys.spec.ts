import { newAccount, registerViaApi, storeLogin } from './fixtures/auth.js'
import { expect, test } from './fixtures/test.js'

// Issue 20 item 2: the profile page's API keys, in English and Spanish: create one with a name and
// scopes, see it once (copied, with a warning), find it listed by its prefix, revoke it.

const texts = {
  en: {
    profile: 'Your Profile',
    section: 'API keys',
    name: 'Name',
    requestsRead: 'See my request links and what was received',
    create: 'Create key',
    shownTitle: 'Your new key: Nightly backup',
    warning: 'It will not be shown again',
    copy: 'Copy',
    copied: 'Copied',
    done: 'I have copied it',
    never: 'Never',
    revoke: 'Revoke',
    revokeTitle: 'Revoke this key?',
    revokeConfirm: 'Revoke key',
    cancel: 'Cancel',
    empty: 'You have no API keys.',
  },
  es: {
    profile: 'Tu perfil',
    section: 'Claves de API',
    name: 'Nombre',
    requestsRead: 'Ver mis enlaces de solicitud y lo recibido',
    create: 'Crear clave',
    shownTitle: 'Tu nueva clave: Nightly backup',
    warning: 'No se volverá a mostrar',
    copy: 'Copiar',
    copied: 'Copiada',
    done: 'Ya la he copiado',
    never: 'Nunca',
    revoke: 'Revocar',
    revokeTitle: '¿Revocar esta clave?',
    revokeConfirm: 'Revocar clave',
    cancel: 'Cancelar',
    empty: 'No tienes claves de API.',
  },
} as const

for (const [language, t] of Object.entries(texts)) {
  test(`${language}: an API key is created, shown once with a copy button, listed by prefix and revoked`, async ({
    page,
    context,
    request,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const login = await registerViaApi(request, newAccount(`keys-${language}`))
    await storeLogin(page, login)
    await page.goto(`/profile?lng=${language}`)
    // The profile page and its translations load lazily; a busy machine takes a while.
    await expect(page.getByRole('heading', { name: t.profile })).toBeVisible({ timeout: 15_000 })
    const section = page.getByTestId('api-keys')
    await expect(section.getByRole('heading', { name: t.section })).toBeVisible()
    await expect(section.getByText(t.empty)).toBeVisible()

    await section.getByLabel(t.name).fill('Nightly backup')
    await section.getByRole('checkbox', { name: t.requestsRead }).check()
    await section.getByRole('button', { name: t.create }).click()

    const shown = page.getByRole('dialog', { name: t.shownTitle })
    await expect(shown).toBeVisible()
    await expect(shown.getByTestId('api-key-warning')).toContainText(t.warning)
    const key = await shown.getByTestId('api-key-value').inputValue()
    expect(key).toMatch(/^ferry_[A-Za-z0-9_-]{43}$/)
    await shown.getByRole('button', { name: t.copy, exact: true }).click()
    await expect(shown.getByRole('button', { name: t.copied, exact: true })).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key)

    // The key works as a bearer within its scopes.
    const used = await request.get('/api/file-requests', { headers: { authorization: `Bearer ${key}` } })
    expect(used.status()).toBe(200)

    await shown.getByRole('button', { name: t.done }).click()
    await expect(shown).toBeHidden()
    // Shown once: the list has its prefix only, and a reload never brings the key back.
    const row = section.getByTestId('api-key-row')
    await expect(row).toHaveCount(1)
    await expect(row.getByTestId('api-key-prefix')).toHaveText(`${key.slice(0, 10)}…`)
    await expect(row.getByTestId('api-key-scope')).toHaveText(['transfers:read', 'transfers:write', 'requests:read'])
    await page.reload()
    await expect(section.getByTestId('api-key-row')).toHaveCount(1)
    expect(await page.content()).not.toContain(key)

    // Revoking asks first; cancelling keeps the key.
    await section.getByTestId('api-key-row').getByRole('button', { name: t.revoke }).click()
    const confirm = page.getByRole('dialog', { name: t.revokeTitle })
    await expect(confirm).toBeVisible()
    await confirm.getByRole('button', { name: t.cancel }).click()
    await expect(confirm).toBeHidden()
    expect((await request.get('/api/transfers', { headers: { authorization: `Bearer ${key}` } })).status()).toBe(200)

    await section.getByTestId('api-key-row').getByRole('button', { name: t.revoke }).click()
    await page.getByRole('dialog', { name: t.revokeTitle }).getByRole('button', { name: t.revokeConfirm }).click()
    await expect(section.getByText(t.empty)).toBeVisible()
    expect((await request.get('/api/transfers', { headers: { authorization: `Bearer ${key}` } })).status()).toBe(401)
  })
}
