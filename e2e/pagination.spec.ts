import type { Page } from '@playwright/test'
import { loginViaApi, newAccount, registerViaApi, storeLogin } from './fixtures/auth.js'
import { expect, test } from './fixtures/test.js'
import { seedTransfer } from './fixtures/transfers.js'

/**
 * Lists load page after page (security review L-10). The app asks for 50 a page; these tests make
 * the server's pages 2 long (the request's `limit` rewritten) so a few seeded items span pages.
 */
async function smallPages(page: Page, path: string, limit = 2) {
  await page.route(
    (url) => url.pathname === path,
    (route) => {
      const url = new URL(route.request().url())
      url.searchParams.set('limit', String(limit))
      return route.continue({ url: url.toString() })
    },
  )
}

const rowTitles = (page: Page) => page.getByTestId('transfer-row').getByTestId('cell-title')

async function seedThree(request: Parameters<typeof registerViaApi>[0], token: string, tag: string) {
  for (const n of [1, 2, 3]) {
    await seedTransfer(request, token, {
      title: `${tag} ${n}`,
      recipients: ['pages@e2e.ferry.test'],
      files: [{ name: `${n}.txt`, body: `${n}`.repeat(100) }],
    })
  }
}

for (const lang of [
  { code: 'en', heading: 'My Transfers', shown: (a: number, b: number) => `Showing ${a} of ${b}`, more: 'Load more' },
  {
    code: 'es',
    heading: 'Mis transferencias',
    shown: (a: number, b: number) => `Mostrando ${a} de ${b}`,
    more: 'Cargar más',
  },
]) {
  test(`My Transfers loads more than a page, with the total (${lang.code})`, async ({ page, request }) => {
    const login = await registerViaApi(request, newAccount(`pages-${lang.code}`))
    await seedThree(request, login.access_token, 'Paged')
    await storeLogin(page, login)
    await smallPages(page, '/api/transfers')

    await page.goto(`/transfers?lng=${lang.code}`)
    await expect(page.getByRole('heading', { name: lang.heading })).toBeVisible({ timeout: 15_000 })
    await expect(rowTitles(page)).toHaveText(['Paged 3', 'Paged 2'])
    await expect(page.getByTestId('transfers-load-more-count')).toHaveText(lang.shown(2, 3))
    await page.getByRole('button', { name: lang.more }).click()
    await expect(rowTitles(page)).toHaveText(['Paged 3', 'Paged 2', 'Paged 1'])
    await expect(page.getByTestId('transfers-load-more-count')).toHaveText(lang.shown(3, 3))
    await expect(page.getByRole('button', { name: lang.more })).toHaveCount(0)
  })
}

test('the admin transfers tab loads every page of everyone’s transfers', async ({ page, request, workerAdmin }) => {
  const login = await registerViaApi(request, newAccount('pages-admin'))
  const tag = `Adm${Date.now().toString(36)}`
  await seedThree(request, login.access_token, tag)
  await storeLogin(page, await loginViaApi(request, workerAdmin.email, workerAdmin.password))
  await smallPages(page, '/api/admin/transfers')

  await page.goto('/admin?tab=transfers')
  const count = page.getByTestId('transfers-load-more-count')
  await expect(count).toHaveText(/^Showing 2 of \d+$/, { timeout: 15_000 })
  const total = Number((await count.textContent())?.split(' of ')[1])
  expect(total).toBeGreaterThanOrEqual(3)
  await expect(rowTitles(page)).toHaveCount(2)
  await page.getByRole('button', { name: 'Load more' }).click()
  await expect(count).toHaveText(`Showing ${Math.min(4, total)} of ${total}`)
  await expect(rowTitles(page)).toHaveCount(Math.min(4, total))
  // Other tests may send meanwhile: the three seeded ones are among the newest, in order.
  const titles = await rowTitles(page).allTextContents()
  expect(titles.filter((title) => title.startsWith(tag))).toEqual(
    [`${tag} 3`, `${tag} 2`, `${tag} 1`].slice(0, titles.filter((title) => title.startsWith(tag)).length),
  )
  expect(titles).toContain(`${tag} 2`)
})
