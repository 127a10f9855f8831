import type { Page } from '@playwright/test'
import { loginViaApi, newAccount, registerViaApi, storeLogin } from './fixtures/auth.js'
import { expect as baseExpect, test } from './fixtures/test.js'

// Pages load lazily, with their translations: on a busy machine the first paint can take a while.
const expect = baseExpect.configure({ timeout: 15_000 })

const header = (page: Page) => page.getByRole('banner')
const GiB = 1024 ** 3

/** Issue 17 items 4, 5 and 7 as a visitor, a user and an admin see them, in English and Spanish. */
const languages = [
  {
    lng: 'en',
    limitLine: (size: string) => `Up to ${size} free`,
    footer: [
      ['Terms', '/terms', 'Terms of Service'],
      ['Privacy', '/privacy', 'Privacy Policy'],
      ['Help', '/help', 'Help'],
      ['Contact', '/contact', 'Contact'],
    ],
    footerLabel: 'Legal and help',
    menus: { uses: 'Uses', resources: 'Resources', admin: 'Admin' },
    devEntries: ['Style Playground', 'Date Calculator', 'Plan Signup Table'],
    adminEntries: [
      ['Admin Dashboard', '/admin'],
      ['Style Playground', '/styleguide'],
      ['Date Calculator', '/tools'],
      ['Plan Signup Table', '/subscribe'],
    ],
    userEntries: ['My Transfers', 'Analytics', 'File Protection', 'Profile', 'Sell Files'],
    oversize: 'big.bin is 2 KiB: your plan sends up to 1 KiB per transfer, so it was not added.',
    upgradeLarger: 'Upgrade to send larger files',
    addFiles: 'Add files',
    adminOnly: 'Administrators only',
    home: 'Go to Homepage',
  },
  {
    lng: 'es',
    limitLine: (size: string) => `Hasta ${size} gratis`,
    footer: [
      ['Términos', '/terms', 'Condiciones del servicio'],
      ['Privacidad', '/privacy', 'Política de privacidad'],
      ['Ayuda', '/help', 'Ayuda'],
      ['Contacto', '/contact', 'Contacto'],
    ],
    footerLabel: 'Información legal y ayuda',
    menus: { uses: 'Usos', resources: 'Recursos', admin: 'Administración' },
    devEntries: ['Zona de estilos', 'Calculadora de fechas', 'Tabla de alta en planes'],
    adminEntries: [
      ['Panel de administración', '/admin'],
      ['Zona de estilos', '/styleguide'],
      ['Calculadora de fechas', '/tools'],
      ['Tabla de alta en planes', '/subscribe'],
    ],
    userEntries: ['Mis transferencias', 'Estadísticas', 'Protección de archivos', 'Perfil', 'Vender archivos'],
    oversize: 'big.bin ocupa 2 KiB: tu plan envía hasta 1 KiB por transferencia, así que no se ha añadido.',
    upgradeLarger: 'Mejora tu plan para enviar archivos más grandes',
    addFiles: 'Añadir archivos',
    adminOnly: 'Solo para administradores',
    home: 'Ir a la página de inicio',
  },
] as const

/** The names in one header menu, opened with the keyboard (hover delays race clicks on a busy machine). */
async function menuEntries(page: Page, menu: string): Promise<string[]> {
  await header(page).getByRole('button', { name: menu, exact: true }).focus()
  await page.keyboard.press('Enter')
  const items = page.getByRole('menuitem')
  await expect(items.first()).toBeVisible()
  const names = (await items.allTextContents()).map((text) => text.trim())
  await page.keyboard.press('Escape')
  await expect(items).toHaveCount(0)
  return names
}

/** GET /api/plans/guest/limits answered with this per-transfer limit: the page must follow it. */
async function guestLimitOf(page: Page, bytes: number) {
  await page.route('**/api/plans/guest/limits', async (route) => {
    const response = await route.fetch()
    const body = await response.json()
    body.max_transfer_size = bytes
    body.max_transfer_size_gb = bytes / GiB
    await route.fulfill({ response, json: body })
  })
}

for (const t of languages) {
  test.describe(`in ${t.lng}`, () => {
    test('the free limit line reads the plan data', async ({ page, request }) => {
      // What the plan says now…
      const stored = await (await request.get('/api/plans/guest/limits')).json()
      await page.goto(`/?lng=${t.lng}`)
      await expect(page.getByTestId('upload-limit-line')).toContainText(
        t.limitLine(`${stored.max_transfer_size / GiB} GiB`),
      )
      // …and whatever it says: nothing is hard-coded.
      await guestLimitOf(page, 3 * GiB)
      await page.reload()
      await expect(page.getByTestId('upload-limit-line')).toContainText(t.limitLine('3 GiB'))
    })

    test('the footer leads to the terms, privacy policy, help and contact pages', async ({ page }) => {
      await page.goto(`/?lng=${t.lng}`)
      const footer = page.getByRole('navigation', { name: t.footerLabel })
      for (const [link, path, heading] of t.footer) {
        await footer.getByRole('link', { name: link, exact: true }).click()
        await expect(page).toHaveURL(path)
        await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible()
      }
    })

    test('a file over the plan limit is refused as it is added, with the limit and an upgrade', async ({ page }) => {
      await guestLimitOf(page, 1024)
      await page.goto(`/?lng=${t.lng}`)
      await expect(page.getByTestId('upload-limit-line')).toContainText(t.limitLine('1 KiB'))
      const chooser = page.waitForEvent('filechooser')
      await page.getByRole('button', { name: t.addFiles, exact: true }).click()
      await (await chooser).setFiles([
        { name: 'small.txt', mimeType: 'text/plain', buffer: Buffer.alloc(100) },
        { name: 'big.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(2048) },
      ])
      const notice = page.getByTestId('oversize-notice')
      await expect(notice).toContainText(t.oversize)
      await expect(notice.getByRole('link', { name: t.upgradeLarger })).toHaveAttribute('href', '/upgrade')
      // Only the file that fits is listed.
      await expect(page.getByTestId('upload-file-row')).toHaveCount(1)
      await expect(page.getByTestId('upload-file-row')).toContainText('small.txt')
    })

    test('a user sees no developer pages in the menus', async ({ page, request }) => {
      await storeLogin(page, await registerViaApi(request, newAccount(`nav-${t.lng}`)))
      await page.goto(`/?lng=${t.lng}`)
      await expect(header(page).getByRole('button', { name: t.menus.admin, exact: true })).toHaveCount(0)
      expect(await menuEntries(page, t.menus.uses)).toEqual(t.userEntries)
      for (const menu of [t.menus.uses, t.menus.resources]) {
        const names = await menuEntries(page, menu)
        for (const developerPage of t.devEntries) expect(names).not.toContain(developerPage)
      }
      // Typed by hand, a developer page says it is the administrators' and offers the way home (walk 9.5).
      for (const path of ['/styleguide', '/admin']) {
        await page.goto(`${path}?lng=${t.lng}`)
        await expect(page.getByRole('heading', { level: 1, name: t.adminOnly })).toBeVisible({ timeout: 15_000 })
        await expect(page).toHaveURL(new RegExp(`${path}(\\?|$)`))
      }
      await page.getByRole('link', { name: t.home }).click()
      await expect(page).toHaveURL(/\/$/)
    })

    test('the admin finds the developer pages in the one Admin menu', async ({ page, request, workerAdmin }) => {
      await storeLogin(page, await loginViaApi(request, workerAdmin.email, workerAdmin.password))
      await page.goto(`/?lng=${t.lng}`)
      await header(page).getByRole('button', { name: t.menus.admin, exact: true }).focus()
      await page.keyboard.press('Enter')
      for (const [name, href] of t.adminEntries) {
        await expect(page.getByRole('menuitem', { name, exact: true })).toHaveAttribute('href', href)
      }
      await expect(page.getByRole('menuitem')).toHaveCount(t.adminEntries.length)
      await page.keyboard.press('Escape')
    })
  })
}
