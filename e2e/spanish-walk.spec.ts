import { englishCatalogue } from './fixtures/locale-catalogue.js'
import { appRoutes, openRoute, routeUrl, seedRoutes } from './fixtures/routes.js'
import { expect, test } from './fixtures/test.js'

const catalogue = englishCatalogue()

const inSpanish = (url: string) => `${url}${url.includes('?') ? '&' : '?'}lng=es`

for (const route of appRoutes) {
  test(`es: ${route.pattern} (${route.access}) has every key translated and no English left`, async ({
    page,
    request,
    workerAdmin,
  }) => {
    test.slow() // seeds records on first use, and pages load lazily
    const admin = workerAdmin.login
    const seed = await seedRoutes(request, admin)
    // The i18n debug hook: English no longer fills in, and missing keys are recorded.
    await page.addInitScript(() => localStorage.setItem('ferryI18nDebug', '1'))
    await openRoute(page, inSpanish(routeUrl(route, seed)), route.access === 'public' ? null : admin)
    await expect(page.locator('html')).toHaveAttribute('lang', 'es')

    const missing = await page.evaluate(
      () => (window as unknown as { ferryMissingKeys?: string[] }).ferryMissingKeys ?? ['(the debug hook did not run)'],
    )
    // What the page shows, its title, and what assistive technology reads out.
    const text = await page.evaluate(() =>
      [
        document.title,
        document.body.innerText,
        ...Array.from(document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')).flatMap((element) =>
          ['aria-label', 'placeholder', 'title', 'alt'].map((name) => element.getAttribute(name) ?? ''),
        ),
      ]
        .join('\n')
        .replace(/\s+/g, ' '),
    )
    const english = [...catalogue].filter(([fragment]) => text.includes(fragment)).map(([f, key]) => `${key}: "${f}"`)
    expect(
      { missingKeys: [...new Set(missing)], englishLeft: english },
      `${route.pattern} in Spanish [owner: ${route.owner}]`,
    ).toEqual({ missingKeys: [], englishLeft: [] })
  })
}

test('the walk would notice: a missing Spanish key is recorded and English text is found', async ({ page }) => {
  await page.route(/\/locales\/es\/pages\.json/, async (route) => {
    const texts = (await (await route.fetch()).json()) as { help: { title?: string } }
    delete texts.help.title
    await route.fulfill({ json: texts })
  })
  await page.addInitScript(() => localStorage.setItem('ferryI18nDebug', '1'))
  await page.goto('/help?lng=es')
  await expect(page.getByRole('button', { name: '¿Cómo envío archivos?' })).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { ferryMissingKeys: string[] }).ferryMissingKeys)).toContain(
    'es:pages:help.title',
  )

  await page.goto('/help?lng=en')
  await expect(page.getByRole('button', { name: 'How do I send files?' })).toBeVisible()
  const text = (await page.locator('body').innerText()).replace(/\s+/g, ' ')
  expect([...catalogue].filter(([fragment]) => text.includes(fragment)).map(([, key]) => key)).toContain(
    'pages.help.intro',
  )
})
