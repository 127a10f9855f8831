import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { loginViaApi, registerViaApi, storeLogin } from './fixtures/auth.js'
import { expect as baseExpect, test } from './fixtures/test.js'

// Pages load lazily, with their translations: on a busy machine the first paint can take a while.
const expect = baseExpect.configure({ timeout: 15_000 })

const header = (page: Page) => page.getByRole('banner')

async function exportedCss(page: Page, buttonName: string): Promise<{ name: string; text: string }> {
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: buttonName }).click()
  const download = await downloading
  const saved = await download.path()
  return { name: download.suggestedFilename(), text: await readFile(saved, 'utf8') }
}

test.describe('Tools (admin)', () => {
  // Clocks move on 30 March here: the count must not lose an hour, and so a day.
  test.use({ timezoneId: 'Europe/Madrid' })

  test('the Date Calculator shows the whole days between two dates, 0 while one is missing', async ({
    page,
    request,
    workerAdmin,
  }) => {
    await storeLogin(page, await loginViaApi(request, workerAdmin.email, workerAdmin.password))
    await page.goto('/tools')
    await expect(page.getByRole('heading', { level: 1, name: 'Tools' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Date Calculator' })).toBeVisible()
    const days = page.getByTestId('days-between')
    await expect(days).toHaveText('0')
    await page.getByLabel('Start date').fill('2025-03-01')
    await expect(days).toHaveText('0')
    await page.getByLabel('End date').fill('2025-03-31') // across Europe's clock change
    await expect(days).toHaveText('30')
    await expect(page.getByText('Days between:')).toBeVisible()
    await page.getByLabel('Start date').fill('2025-04-10')
    await expect(days).toHaveText('-10')
    await page.getByLabel('End date').fill('')
    await expect(days).toHaveText('0')
  })

  test('in Spanish', async ({ page, request, workerAdmin }) => {
    await storeLogin(page, await loginViaApi(request, workerAdmin.email, workerAdmin.password))
    await page.goto('/tools?lng=es')
    await expect(page.getByRole('heading', { level: 1, name: 'Herramientas' })).toBeVisible()
    await page.getByLabel('Fecha de inicio').fill('2024-02-28')
    await page.getByLabel('Fecha de fin').fill('2024-03-01')
    await expect(page.getByText('Días entre fechas:')).toBeVisible()
    await expect(page.getByTestId('days-between')).toHaveText('2')
  })

  test('a signed-in non-admin is told the page is for administrators, and a visitor is sent to login', async ({
    page,
    request,
  }) => {
    await page.goto('/tools')
    await expect(page).toHaveURL(/\/login\?next=%2Ftools$/)
    await storeLogin(page, await registerViaApi(request))
    // The developer pages are the admin's (issue 17 item 7).
    for (const path of ['/mantine-guide', '/tools', '/styleguide', '/subscribe']) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: 'Administrators only' })).toBeVisible({
        timeout: 15_000,
      })
      await expect(page.getByTestId('admin-only')).toContainText('ask the person who runs this Ferry server')
      await expect(page).toHaveURL(new RegExp(`${path}$`))
    }
    await page.getByRole('link', { name: 'Go to Homepage' }).click()
    await expect(page).toHaveURL(/\/$/)
  })
})

test.describe('Mantine Style Playground', () => {
  test('ticks components, applies the CSS to the preview only, and exports the ticked lines', async ({
    page,
    request,
    workerAdmin,
  }) => {
    // The admin menu's entry leads here (the header-menu test follows every entry); opened
    // directly, no hover menu can open over the page while it is used.
    await storeLogin(page, await loginViaApi(request, workerAdmin.email, workerAdmin.password))
    await page.goto('/styleguide')
    await expect(page.getByRole('heading', { level: 1, name: 'Mantine Style Playground' })).toBeVisible()

    // Up to four variants each.
    const buttons = page.getByTestId('playground-Button').getByRole('button')
    await expect(buttons).toHaveCount(4)
    for (const name of ['Badge', 'Alert', 'TextInput', 'Switch', 'Card', 'Progress'])
      expect(
        await page.getByTestId(`playground-${name}`).locator('.mantine-SimpleGrid-root > div').count(),
      ).toBeLessThanOrEqual(4)

    // The default rule: buttons with 8px corners; the hint is in English.
    const editor = page.getByLabel('CSS for the preview')
    await expect(editor).toHaveValue('.mantine-Button-root { border-radius: 8px; }\n')
    await expect(page.getByText(/^Write one rule per line/)).toBeVisible()

    const css = [
      '.mantine-Button-root { border-radius: 20px; }',
      '.mantine-Badge-root { text-transform: none; }',
      '.mantine-Card-root { padding: 4px; }',
      '.mantine-ButtonGroup-root { gap: 2px; }',
    ].join('\n')
    await editor.fill(css)
    await expect(buttons.first()).toHaveCSS('border-radius', '20px')
    // Scoped: the header's buttons keep the theme's radius.
    await expect(header(page).getByRole('button', { name: 'Uses', exact: true })).toHaveCSS('border-radius', '8px')

    await expect(page.getByRole('button', { name: 'Export ticked CSS' })).toBeDisabled()
    await page.getByRole('checkbox', { name: 'Used: Button' }).check()
    await page.getByRole('checkbox', { name: 'Used: Card' }).check()
    await expect(page.getByText('2 components ticked')).toBeVisible()
    const exported = await exportedCss(page, 'Export ticked CSS')
    expect(exported.name).toBe('custom-mantine.css')
    expect(exported.text).toBe('.mantine-Button-root { border-radius: 20px; }\n.mantine-Card-root { padding: 4px; }\n')

    // Ticks and CSS survive a reload.
    await page.reload()
    await expect(page.getByRole('checkbox', { name: 'Used: Card' })).toBeChecked()
    await expect(page.getByLabel('CSS for the preview')).toHaveValue(css)
  })

  test('in Spanish, and at /mantine-guide for the admin', async ({ page, request, workerAdmin }) => {
    await storeLogin(page, await loginViaApi(request, workerAdmin.email, workerAdmin.password))
    await page.goto('/mantine-guide?lng=es')
    await expect(page.getByRole('heading', { level: 1, name: 'Zona de pruebas de estilos de Mantine' })).toBeVisible()
    await page.getByRole('checkbox', { name: 'En uso: Badge' }).check()
    await expect(page.getByText('1 componente marcado')).toBeVisible()
    // A rule that keeps the badges readable: the page's check (axe) reads the preview as it is styled.
    await page
      .getByLabel('CSS de la vista previa')
      .fill('.mantine-Badge-root { letter-spacing: 1px; }\nbody { margin: 0; }')
    const exported = await exportedCss(page, 'Exportar CSS marcado')
    expect(exported).toEqual({ name: 'custom-mantine.css', text: '.mantine-Badge-root { letter-spacing: 1px; }\n' })
  })
})

test('every header menu entry, as the admin sees them, opens a real page', async ({ page, request, workerAdmin }) => {
  test.slow() // a dozen pages
  await storeLogin(page, await loginViaApi(request, workerAdmin.email, workerAdmin.password))
  await page.goto('/')
  const hrefs = new Set<string>()
  for (const menu of ['Uses', 'Plans', 'Admin', 'Resources']) {
    await header(page).getByRole('button', { name: menu, exact: true }).click()
    const items = page.getByRole('menuitem')
    await expect(items.first()).toBeVisible()
    for (const href of await items.evaluateAll((links) => links.map((link) => link.getAttribute('href'))))
      if (href) hrefs.add(href)
    await page.keyboard.press('Escape')
    await expect(items).toHaveCount(0)
  }
  // spec/transfers.md §2 menus, help and contact; the developer pages in the Admin menu.
  for (const href of ['/transfers', '/tools/file-protection', '/profile', '/tools/sell-files', '/upgrade'])
    expect(hrefs).toContain(href)
  for (const href of ['/invite', '/admin', '/tools', '/subscribe', '/resources/nonprofit', '/styleguide'])
    expect(hrefs).toContain(href)
  for (const href of hrefs) {
    await page.goto(href)
    await expect(page.getByRole('main').getByRole('heading').first(), href).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Page not found' }), href).toHaveCount(0)
  }
})

test.describe('Information pages', () => {
  test('every Resources and Uses entry opens a real page', async ({ page }) => {
    const entries = [
      ['Resources', 'Nonprofits', /\/resources\/nonprofit$/, 'Ferry for nonprofits and education'],
      ['Resources', 'Teams', /\/resources\/teams$/, 'Ferry for teams'],
      ['Resources', 'Enterprise', /\/resources\/enterprise$/, 'Ferry for enterprise'],
      ['Resources', 'Help', /\/help$/, 'Help'],
      ['Resources', 'Contact', /\/contact$/, 'Contact'],
      ['Uses', 'File Protection', /\/tools\/file-protection$/, 'File protection'],
      ['Uses', 'Sell Files', /\/tools\/sell-files$/, 'Earn with your files'],
    ] as const
    await page.goto('/')
    // By keyboard: the pointer's hover delays would race the clicks on a busy machine.
    for (const [menu, item, url, title] of entries) {
      await header(page).getByRole('button', { name: menu }).focus()
      await page.keyboard.press('Enter')
      await page.getByRole('menuitem', { name: item, exact: true }).focus()
      await page.keyboard.press('Enter')
      await expect(page).toHaveURL(url)
      await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible()
      await expect(page.getByRole('menuitem')).toHaveCount(0)
    }
  })

  test('help answers open one by one; /plans leads to the plans', async ({ page }) => {
    await page.goto('/help')
    await expect(page.getByText(/^On the home page, open Send files/)).toBeVisible()
    await page.getByRole('button', { name: 'Do I need an account?' }).click()
    await expect(page.getByText(/^Not to download or to upload to a request link/)).toBeVisible()
    await page.getByRole('link', { name: 'Contact' }).last().click()
    await expect(page).toHaveURL(/\/contact$/)
    await page.goto('/plans')
    await expect(page).toHaveURL(/\/upgrade$/)
  })

  test('contact shows the operator address when CONTACT_EMAIL is set, and says so when not', async ({ page }) => {
    await page.goto('/contact')
    await expect(page.getByText('No contact address published')).toBeVisible()
    await expect(page.getByText('Running this server? Set CONTACT_EMAIL to show your address here.')).toBeVisible()

    await page.route('**/api/system/config', (route) =>
      route.fulfill({ json: { client_zip_max_size_mb: 2048, source: 'config', contact_email: 'help@ferry.example' } }),
    )
    await page.reload()
    await expect(page.getByTestId('contact-email')).toHaveAttribute('href', 'mailto:help@ferry.example')
  })

  test('in Spanish', async ({ page }) => {
    await page.goto('/help?lng=es')
    await expect(page.getByRole('heading', { level: 1, name: 'Ayuda' })).toBeVisible()
    await expect(page.getByRole('button', { name: '¿Cómo envío archivos?' })).toBeVisible()
    // By keyboard, as above: a pointer left over the header would keep the menu half faded when
    // the page's accessibility check reads it.
    await header(page).getByRole('button', { name: 'Recursos' }).focus()
    await page.keyboard.press('Enter')
    await page.getByRole('menuitem', { name: 'Equipos', exact: true }).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { level: 1, name: 'Ferry para equipos' })).toBeVisible()
    await expect(page.getByRole('menuitem')).toHaveCount(0)
    await page.goto('/contact?lng=es')
    await expect(page.getByText('No hay dirección de contacto publicada')).toBeVisible()
  })
})
