import { expect, test } from '@playwright/test'
import { englishCatalogue } from './fixtures/locale-catalogue.js'
import { appRoutes, openRoute, routeUrl, seedRoutes } from './fixtures/routes.js'

const catalogue = englishCatalogue()

const inSpanish = (url: string) => `${url}${url.includes('?') ? '&' : '?'}lng=es`

for (const route of appRoutes) {
  test(`es: ${route.pattern} (${route.access}) has every key translated and no English left`, async ({
    page,
    request,
  }) => {
    const { seed, admin } = await seedRoutes(request)
    // The i18n debug hook: English no longer fills in, and missing keys are recorded.
    await page.addInitScript(() => localStorage.setItem('ferryI18nDebug', '1'))
    await openRoute(page, inSpanish(routeUrl(route, seed)), route.access === 'public' ? null : admin)
    await expect(page.locator('html')).toHaveAttribute('lang', 'es')

    const missing = await page.evaluate(
      () => (window as unknown as { ferryMissingKeys?: string[] }).ferryMissingKeys ?? ['(the debug hook did not run)'],
    )
    const text = (await page.locator('body').innerText()).replace(/\s+/g, ' ')
    const english = [...catalogue].filter(([fragment]) => text.includes(fragment)).map(([f, key]) => `${key}: "${f}"`)
    expect(
      { missingKeys: [...new Set(missing)], englishLeft: english },
      `${route.pattern} in Spanish [owner: ${route.owner}]`,
    ).toEqual({ missingKeys: [], englishLeft: [] })
  })
}
