import type { Page } from '@playwright/test'
import { expect as baseExpect, test } from './fixtures/test.js'

// Pages load lazily, with their translations: on a busy machine the first paint can take a while.
const expect = baseExpect.configure({ timeout: 15_000 })

const day = 24 * 60 * 60 * 1000

const seededUser = (role: string) => ({
  id: '00000000-0000-4000-8000-000000000001',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  role,
  picture: null,
  // As the server answers now; without it the app would store the interface language with the made-up token.
  language: 'en',
})

/**
 * Puts a stored login's profile in localStorage before the app starts, as a real sign-in leaves it
 * (the token itself would be in the httpOnly cookie; there is none here), so the server's check of
 * the session at start is answered here as valid.
 */
async function storeSession(page: Page, role: string, ageMs = 0) {
  const answer = { valid: true, user: seededUser(role.toUpperCase()) }
  await page.route('**/auth/verify', (route) => route.fulfill({ json: answer }))
  // The real API would answer a signed-in call without a session with 401, which ends it (spec/transfers.md §4).
  for (const signedInCall of [
    '**/api/plans/limits',
    '**/api/sender-confirmation',
    '**/api/organizations/current/branding',
    '**/api/account/two-factor-requirement',
  ])
    await page.route(signedInCall, (route) => route.fulfill({ status: 503, json: { detail: 'Not here' } }))
  await page.addInitScript(
    ({ user, savedAt }) => {
      if (sessionStorage.getItem('seeded')) return
      sessionStorage.setItem('seeded', '1')
      localStorage.setItem('auth_user', JSON.stringify({ user, savedAt }))
    },
    { user: seededUser(role), savedAt: Date.now() - ageMs },
  )
}

const header = (page: Page) => page.getByRole('banner')

test('home shows the three tabs, each with its texts, and keeps the tab in the URL', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('tab', { name: 'Send files' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByText('Drag and drop files here')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Add files' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Add folders' })).toBeVisible()
  await expect(page.getByText('Up to 50 GiB free')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Increase limit' })).toHaveAttribute('href', '/upgrade')

  await page.getByRole('tab', { name: 'Request files' }).click()
  await expect(page).toHaveURL(/\/\?tab=request$/)
  await expect(page.getByText('Authentication Required')).toBeVisible()
  await expect(page.getByText('Please log in to create and manage file request links.')).toBeVisible()
  await expect(page.getByText('Drag and drop files here')).toHaveCount(0)

  await page.getByRole('tab', { name: 'Direct transfer' }).click()
  await expect(page).toHaveURL(/\/\?tab=direct$/)
  // Logged out, creating a room asks to log in first.
  await page.getByRole('button', { name: 'Create Transfer Room' }).click()
  await expect(page.getByRole('dialog', { name: 'Log in to Ferry' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog', { name: 'Log in to Ferry' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Join Video Chat' })).toBeVisible()

  await page.getByRole('tab', { name: 'Send files' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByText('Drag and drop files here')).toBeVisible()

  // A link can open a tab directly.
  await page.goto('/?tab=request')
  await expect(page.getByRole('tab', { name: 'Request files' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByText('Authentication Required')).toBeVisible()
})

test('?lng=es shows the Spanish page and sets <html lang="es">', async ({ page }) => {
  await page.goto('/?lng=es')
  await expect(page.getByRole('tab', { name: 'Enviar archivos' })).toBeVisible()
  await expect(page.getByText('Arrastra y suelta archivos aquí')).toBeVisible()
  await expect(page.getByText('Hasta 50 GiB gratis')).toBeVisible()
  await expect(header(page).getByRole('link', { name: 'Registrarse' })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await page.getByRole('tab', { name: 'Solicitar archivos' }).click()
  await expect(page.getByText('Autenticación requerida')).toBeVisible()
})

/**
 * Moves the page's paused clock on 10 ms at a time until `done()`: a timer the page sets a moment
 * after the test looked still fires at its own time, at most one step late.
 */
async function runClockUntil(page: Page, done: () => boolean) {
  await expect
    .poll(
      async () => {
        if (!done()) await page.clock.runFor(10)
        return done()
      },
      { intervals: [10] },
    )
    .toBe(true)
}

test('translations that fail to load are fetched again, 350 ms later and then twice as long', async ({ page }) => {
  // The page's clock is stopped while the first fetch is held (the app needs its timers to start),
  // then moves only when the test moves it; each fetch is stamped with the page's own time, so
  // the waits between them are measured without being waited out.
  await page.clock.install()
  const attempts: number[] = []
  await page.route(/\/locales\/es\/home\.json/, async (route) => {
    if (attempts.length === 0) await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000)
    attempts.push(await page.evaluate(() => Date.now()))
    if (attempts.length <= 2) return route.fulfill({ status: 503, body: 'busy' })
    return route.fallback()
  })
  await page.goto('/?lng=es')
  await runClockUntil(page, () => attempts.length === 2)
  await runClockUntil(page, () => attempts.length === 3)
  await page.clock.resume()
  await expect(page.getByText('Arrastra y suelta archivos aquí')).toBeVisible()
  const [first = 0, second = 0, third = 0] = attempts
  // Each wait starts once the page has taken in the failure, which may be a step or two of the
  // test's clock after the fetch (stamped when the request was made).
  expect(second - first).toBeGreaterThanOrEqual(350)
  expect(second - first).toBeLessThan(450)
  expect(third - second).toBeGreaterThanOrEqual(700)
  expect(third - second).toBeLessThan(800)
})

test('the language switcher changes the language and the choice survives a reload', async ({ page }) => {
  await page.goto('/')
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
  await header(page)
    .getByRole('button', { name: /^Language/ })
    .click()
  await page.getByRole('menuitem', { name: 'Español' }).click()
  await expect(page.getByText('Arrastra y suelta archivos aquí')).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('es')

  await page.reload()
  await expect(page.getByText('Arrastra y suelta archivos aquí')).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')

  await header(page)
    .getByRole('button', { name: /^Idioma/ })
    .click()
  await page.getByRole('menuitem', { name: 'English' }).click()
  await expect(page.getByText('Drag and drop files here')).toBeVisible()
  await page.reload()
  await expect(page.getByText('Drag and drop files here')).toBeVisible()
})

test('an unknown route shows the 404 page, which leads home', async ({ page }) => {
  const response = await page.goto('/no/such/page')
  expect(response?.status()).toBe(200) // the server answers the app; the app shows its 404
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  await expect(header(page).getByRole('link', { name: 'Ferry home' })).toBeVisible()
  await page.getByRole('link', { name: 'Go to Homepage' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByText('Drag and drop files here')).toBeVisible()

  await page.goto('/no/such/page?lng=es')
  await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible()
})

test('header menus open on hover and list their links; logged out there is no Admin menu', async ({ page }) => {
  await page.goto('/')
  const expected: Record<string, [string, string][]> = {
    Uses: [
      ['My Transfers', '/transfers'],
      ['Analytics', '/analytics'],
      ['File Protection', '/tools/file-protection'],
      ['Profile', '/profile'],
      ['Sell Files', '/tools/sell-files'],
    ],
    Plans: [
      ['Upgrade', '/upgrade'],
      ['Invite Friends', '/invite'],
    ],
    Resources: [
      ['Nonprofits', '/resources/nonprofit'],
      ['Teams', '/resources/teams'],
      ['Enterprise', '/resources/enterprise'],
      ['Help', '/help'],
      ['Contact', '/contact'],
    ],
  }
  for (const [menu, links] of Object.entries(expected)) {
    await header(page).getByRole('button', { name: menu, exact: true }).hover()
    for (const [name, href] of links) {
      await expect(page.getByRole('menuitem', { name, exact: true })).toHaveAttribute('href', href)
    }
    // Leaving the button starts the 400 ms close delay: still open at first, then closed.
    await page.mouse.move(5, 400)
    await expect(page.getByRole('menuitem', { name: links[0]?.[0] ?? '', exact: true })).toBeVisible()
    await expect(page.getByRole('menuitem')).toHaveCount(0)
  }
  await expect(header(page).getByRole('button', { name: 'Admin', exact: true })).toHaveCount(0)
  // Developer pages are not offered to users (issue 17 item 7).
  for (const menu of ['Uses', 'Resources']) {
    await header(page).getByRole('button', { name: menu, exact: true }).hover()
    await expect(page.getByRole('menuitem').first()).toBeVisible()
    for (const name of ['Tools', 'Style Playground', 'Mantine Guide'])
      await expect(page.getByRole('menuitem', { name, exact: true })).toHaveCount(0)
    await page.mouse.move(5, 400)
    await expect(page.getByRole('menuitem')).toHaveCount(0)
  }
  await expect(header(page).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register')

  // Login opens the login modal on the page the visitor is on.
  await header(page).getByRole('button', { name: 'Login' }).click()
  await expect(page.getByRole('dialog', { name: 'Log in to Ferry' })).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
})

test('a stored admin session under 24 hours old shows the Admin and user menus', async ({ page }) => {
  await storeSession(page, 'admin')
  await page.goto('/')
  await header(page).getByRole('button', { name: 'Admin', exact: true }).hover()
  for (const [name, href] of [
    ['Admin Dashboard', '/admin'],
    ['Style Playground', '/styleguide'],
    ['Date Calculator', '/tools'],
    ['Plan Signup Table', '/subscribe'],
  ]) {
    await expect(page.getByRole('menuitem', { name, exact: true })).toHaveAttribute('href', href ?? '')
  }
  await expect(header(page).getByRole('button', { name: 'Login' })).toHaveCount(0)

  await header(page).getByRole('button', { name: 'Account menu' }).click()
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile')
  await page.getByRole('menuitem', { name: 'Logout' }).click()
  await expect(header(page).getByRole('button', { name: 'Login' })).toBeVisible()
  await expect(header(page).getByRole('button', { name: 'Admin', exact: true })).toHaveCount(0)
  expect(await page.evaluate(() => [localStorage.getItem('auth_token'), localStorage.getItem('auth_user')])).toEqual([
    null,
    null,
  ])
})

test('a signed-in user sees the Create Link form instead of the login notice', async ({ page }) => {
  await storeSession(page, 'FREE')
  await page.goto('/?tab=request')
  await expect(page.getByLabel('Link expires in (days)')).toHaveValue('7')
  await expect(page.getByText('Authentication Required')).toHaveCount(0)
  await expect(header(page).getByRole('button', { name: 'Admin', exact: true })).toHaveCount(0)
})

test('a stored session 24 hours old is not restored', async ({ page }) => {
  await storeSession(page, 'ADMIN', day)
  await page.goto('/')
  await expect(header(page).getByRole('button', { name: 'Login' })).toBeVisible()
  await expect(header(page).getByRole('button', { name: 'Admin', exact: true })).toHaveCount(0)
  expect(await page.evaluate(() => localStorage.getItem('auth_user'))).toBeNull()
})

test('a token an older version left in localStorage is removed at start', async ({ page }) => {
  await storeSession(page, 'FREE')
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('legacy')) localStorage.setItem('auth_token', 'e2e-legacy-token-0123456789')
    sessionStorage.setItem('legacy', '1')
  })
  await page.goto('/')
  await expect(header(page).getByRole('button', { name: 'Account menu' })).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull()
})

test('a page whose code fails to load shows the crash screen, and Try Again recovers', async ({ page }) => {
  await page.route(/\/assets\/login-page-[\w-]+\.js$/, (route) => route.abort())
  await page.goto('/login')
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible()
  await page.unroute(/\/assets\/login-page-[\w-]+\.js$/)
  await page.getByRole('button', { name: 'Try Again' }).click()
  await expect(page.getByText('Please log in to continue')).toBeVisible()
})

test('on a phone the menus move into a drawer', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/')
  await expect(header(page).getByRole('button', { name: 'Uses', exact: true })).toBeHidden()
  await header(page).getByRole('button', { name: 'Open navigation' }).click()
  const drawer = page.getByRole('dialog')
  await expect(drawer.getByRole('link', { name: 'My Transfers' })).toHaveAttribute('href', '/transfers')
  await expect(drawer.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register')
  await drawer.getByRole('link', { name: 'Upgrade' }).click()
  await expect(page).toHaveURL(/\/upgrade$/)
  await expect(page.getByRole('dialog')).toHaveCount(0)
})
