import { describeViolations, seriousViolations } from './fixtures/axe.js'
import { appRoutes, openRoute, routeUrl, seedRoutes } from './fixtures/routes.js'
import { expect, test } from './fixtures/test.js'

for (const route of appRoutes) {
  test(`axe: ${route.pattern} (${route.access}) has no serious or critical violations`, async ({
    page,
    request,
    workerAdmin,
  }) => {
    test.slow() // seeds records on first use, and pages load lazily
    const admin = workerAdmin.login
    const seed = await seedRoutes(request, admin)
    await openRoute(page, routeUrl(route, seed), route.access === 'public' ? null : admin)
    const violations = await seriousViolations(page)
    expect(violations, `${route.pattern} [owner: ${route.owner}]\n${describeViolations(violations)}`).toEqual([])
  })
}

test('axe: the open header menu and the auth modal have no serious or critical violations', async ({ page }) => {
  await page.goto('/')
  await page.getByRole('banner').getByRole('button', { name: 'Resources' }).click()
  await expect(page.getByRole('menuitem', { name: 'Teams' })).toBeVisible()
  expect(await seriousViolations(page).then(describeViolations)).toBe('')
  await page.keyboard.press('Escape')
  await page.getByRole('banner').getByRole('button', { name: 'Login' }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  expect(await seriousViolations(page).then(describeViolations)).toBe('')
})

test('axe: the narrow-screen navigation drawer passes, and opens and closes with the keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 })
  await page.goto('/')
  const burger = page.getByRole('button', { name: 'Open navigation' })
  await burger.focus()
  await page.keyboard.press('Enter')
  const drawer = page.getByRole('dialog', { name: 'Main navigation' })
  await expect(drawer.getByRole('link', { name: 'Teams' })).toBeVisible()
  expect(await seriousViolations(page).then(describeViolations)).toBe('')
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()
})
