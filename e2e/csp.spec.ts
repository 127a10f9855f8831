import { randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import type { Browser, Page } from '@playwright/test'
import { type LoginResult, loginViaApi, registerViaApi, storeLogin } from './fixtures/auth.js'
import { appRoutes, openRoute, routeUrl, seedRoutes } from './fixtures/routes.js'
import { expect as baseExpect, test } from './fixtures/test.js'
import { addFiles } from './fixtures/transfers.js'
import { tempDir, writeRandomFile } from './fixtures/upload-files.js'

// Security review M-5: the app runs under its Content-Security-Policy without tripping it. Any
// refusal (a blocked script, style, connection, worker or frame) fails the walk, with the
// browser's own message.

const expect = baseExpect.configure({ timeout: 15_000 })

/** Every CSP violation the page meets: Chromium's console errors and the DOM's violation events. */
function watchCsp(page: Page): string[] {
  const violations: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      violations.push(`${page.url()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => {
    if (/Content Security Policy|unsafe-eval/i.test(error.message)) violations.push(`${page.url()}: ${error.message}`)
  })
  void page.exposeFunction('__ferryCspViolation', (text: string) => violations.push(`${page.url()}: ${text}`))
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __ferryCspViolation?: (text: string) => void }).__ferryCspViolation
      report?.(`${event.effectiveDirective} refused ${event.blockedURI || '(inline)'} at ${event.sourceFile}`)
    })
  })
  return violations
}

async function documentCsp(page: Page, url: string): Promise<string> {
  const response = await page.goto(url)
  return (await response?.headerValue('content-security-policy')) ?? ''
}

test.describe('the app under its Content-Security-Policy', () => {
  test.describe.configure({ timeout: 240_000 })

  test('every page of the app, signed out and as the admin, meets no CSP refusal', async ({
    page,
    request,
    workerAdmin,
  }) => {
    const violations = watchCsp(page)
    const admin = workerAdmin.login
    const seed = await seedRoutes(request, admin)
    const csp = await documentCsp(page, '/')
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("script-src 'self'")
    for (const route of appRoutes) {
      await openRoute(page, routeUrl(route, seed), route.access === 'public' ? null : admin)
      expect(violations, `${route.pattern} (${route.owner})`).toEqual([])
    }
  })

  test('in Spanish: the main pages meet no CSP refusal', async ({ page, request, workerAdmin }) => {
    const violations = watchCsp(page)
    const admin = workerAdmin.login
    const seed = await seedRoutes(request, admin)
    for (const url of ['/?lng=es', `/upload/${seed.requestId}?lng=es`, `${seed.sharePath}&lng=es`]) {
      await openRoute(page, url, null)
      expect(violations, url).toEqual([])
    }
    await openRoute(page, '/admin?lng=es', admin)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect(violations).toEqual([])
  })

  test('uploading and sending a file, then downloading it from the share page, meets no CSP refusal', async ({
    page,
    browser,
    request,
    workerAdmin,
  }) => {
    const violations = watchCsp(page)
    const dir = await tempDir()
    try {
      const file = await writeRandomFile(dir, 'csp-check.bin', 256 * 1024)
      await storeLogin(page, await loginViaApi(request, workerAdmin.email, workerAdmin.password))
      await page.goto('/')
      await addFiles(page, [file.path])
      await page.getByTestId('recipient-input').fill(`csp-${randomUUID().slice(0, 8)}@e2e.ferry.test `)
      await page.getByTestId('send-button').click()
      await expect(page.getByTestId('transfer-success')).toBeVisible({ timeout: 60_000 })
      const shareUrl = new URL(await page.getByTestId('share-link').inputValue())
      expect(violations).toEqual([])

      const visitor = await (await browser.newContext({ acceptDownloads: true })).newPage()
      const visitorViolations = watchCsp(visitor)
      await visitor.goto(shareUrl.pathname + shareUrl.search)
      const row = visitor.locator('[data-testid="share-file"][data-file-name="csp-check.bin"]')
      const download = visitor.waitForEvent('download')
      await row.getByRole('link', { name: 'Download csp-check.bin' }).click()
      expect((await download).suggestedFilename()).toBe('csp-check.bin')
      expect(visitorViolations).toEqual([])
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  test('a room: the host creates it and a second user joins over the room socket, with no CSP refusal', async ({
    browser,
    request,
  }) => {
    const host = await signedIn(browser, await registerViaApi(request))
    const guest = await signedIn(browser, await registerViaApi(request))
    await host.page.goto('/?tab=direct')
    await host.page.getByRole('button', { name: 'Create Transfer Room' }).click()
    await host.page.getByRole('dialog').getByRole('button', { name: 'Create Room' }).click()
    await expect(host.page).toHaveURL(/\/room\/[0-9a-f-]{36}$/)
    const roomId = host.page.url().split('/room/')[1] ?? ''
    await guest.page.goto(`/rooms/${roomId}`)
    await guest.page.getByRole('button', { name: 'Join Room' }).click()
    await expect(guest.page.getByTestId('participant')).toHaveCount(2)
    await expect(host.page.getByTestId('participant')).toHaveCount(2)
    expect([...host.violations, ...guest.violations]).toEqual([])
  })
})

async function signedIn(browser: Browser, login: LoginResult) {
  const page = await (await browser.newContext({ baseURL: test.info().project.use.baseURL })).newPage()
  const violations = watchCsp(page)
  await storeLogin(page, login)
  return { page, violations }
}
