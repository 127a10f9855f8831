import type { Locator, Page } from '@playwright/test'
import { loginViaApi, storeLogin } from './fixtures/auth.js'
import { expect as baseExpect, test } from './fixtures/test.js'

// Pages load lazily, with their translations: on a busy machine the first paint can take a while.
const expect = baseExpect.configure({ timeout: 15_000 })

/** Presses Tab until `target` has the focus, as a keyboard user would reach it. */
async function tabTo(page: Page, target: Locator, maxPresses = 40) {
  for (let i = 0; i < maxPresses; i++) {
    await page.keyboard.press('Tab')
    if (await target.evaluate((element) => element === document.activeElement)) return
  }
  throw new Error(`Tab never reached ${target}`)
}

const header = (page: Page) => page.getByRole('banner')

test('the header menus open, move and close with the keyboard', async ({ page }) => {
  await page.goto('/')
  const resources = header(page).getByRole('button', { name: 'Resources' })
  await tabTo(page, resources)
  await page.keyboard.press('Enter')
  const teams = page.getByRole('menuitem', { name: 'Teams' })
  await expect(teams).toBeVisible()

  await page.keyboard.press('Escape')
  await expect(teams).toBeHidden()
  await expect(resources).toBeFocused()

  await page.keyboard.press('Enter')
  await expect(teams).toBeVisible()
  // The arrow keys move through the items (Nonprofits, Teams…).
  for (let i = 0; i < 3 && !(await teams.evaluate((element) => element === document.activeElement)); i++)
    await page.keyboard.press('ArrowDown')
  await expect(teams).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/resources\/teams$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Ferry for teams' })).toBeVisible()
})

test('the home tabs switch with the arrow keys', async ({ page }) => {
  await page.goto('/')
  const send = page.getByRole('tab', { name: 'Send files' })
  await tabTo(page, send)
  await page.keyboard.press('ArrowRight')
  const request = page.getByRole('tab', { name: 'Request files' })
  await expect(request).toBeFocused()
  await expect(request).toHaveAttribute('aria-selected', 'true')
  await expect(page).toHaveURL(/\?tab=request$/)
  await page.keyboard.press('ArrowRight')
  await expect(page.getByRole('tab', { name: 'Direct transfer' })).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('ArrowLeft')
  await expect(send).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByText('Drag and drop files here')).toBeVisible()
})

test('the auth modal opens, keeps the focus inside, and closes with the keyboard', async ({ page }) => {
  await page.goto('/')
  const login = header(page).getByRole('button', { name: 'Login' })
  await tabTo(page, login)
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  // The focus moves into the dialog and Tab keeps it there.
  for (let i = 0; i < 12; i++) {
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true)
    await page.keyboard.press('Tab')
  }
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(login).toBeFocused()
})

test('the style playground ticks components with the keyboard', async ({ page, request, workerAdmin }) => {
  // A developer page: the admin's (issue 17 item 7).
  await storeLogin(page, await loginViaApi(request, workerAdmin.email, workerAdmin.password))
  await page.goto('/styleguide')
  const tick = page.getByRole('checkbox', { name: 'Used: Badge' })
  await tabTo(page, tick, 80)
  await page.keyboard.press('Space')
  await expect(tick).toBeChecked()
})
