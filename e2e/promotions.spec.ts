import { randomUUID } from 'node:crypto'
import type { Browser, Page } from '@playwright/test'
import { type LoginResult, newAccount, registerViaApi, storeLogin } from './fixtures/auth.js'
import { photoPng } from './fixtures/preview-files.js'
import { expect as baseExpect, e2eBaseUrl, test } from './fixtures/test.js'
import { seedTransfer } from './fixtures/transfers.js'

// Issue 22 item 5: first-party promotions, in English and in Spanish. An admin creates a campaign
// with an image; a free user sees it beside the upload panel labelled "Ad" and clicks it (the
// server counts the click and redirects to the stored link); a Pro user gets no slot at all; a
// visitor on the share page of a free sender's transfer sees it too, and the page asks nothing of
// any host but Ferry's own.

const expect = baseExpect.configure({ timeout: 15_000 })

const words = {
  en: {
    tab: 'Promotions',
    newCampaign: 'New campaign',
    link: 'Link',
    alt: 'Alt text',
    language: 'English',
    create: 'Create campaign',
    label: 'Ad',
    removeAds: 'Remove ads with Pro',
    region: 'Advertisement',
  },
  es: {
    tab: 'Promociones',
    newCampaign: 'Nueva campaña',
    link: 'Enlace',
    alt: 'Texto alternativo',
    language: 'Español',
    create: 'Crear campaña',
    label: 'Anuncio',
    removeAds: 'Quita los anuncios con Pro',
    region: 'Publicidad',
  },
} as const

const auth = (login: LoginResult) => ({
  Authorization: `Bearer ${login.access_token}`,
  'X-Requested-With': 'XMLHttpRequest',
})

interface CampaignFigures {
  id: string
  alt: string
  days: { day: string; impressions: number; clicks: number }[]
}

/** A page in a context of its own (its own cookies), signed in as `login` when given. */
async function pageFor(browser: Browser, clientAddress: string, login?: LoginResult): Promise<Page> {
  const context = await browser.newContext({
    baseURL: e2eBaseUrl(),
    extraHTTPHeaders: { 'X-Forwarded-For': clientAddress },
  })
  const page = await context.newPage()
  if (login) await storeLogin(page, login)
  return page
}

for (const lng of ['en', 'es'] as const) {
  const text = words[lng]

  test(`promotions: an admin's campaign shows to free users and on a free sender's share page, never to Pro (${lng})`, async ({
    page,
    browser,
    request,
    workerAdmin,
    clientAddress,
  }) => {
    test.setTimeout(120_000)
    const id = randomUUID().slice(0, 8)
    const alt = `Spring sale ${lng} ${id}`
    const target = `https://shop.example.com/${lng}/${id}?ref=ferry`

    // The admin creates the campaign in the console, for this language only.
    await storeLogin(page, workerAdmin.login)
    await page.goto(`/admin?tab=promotions&lng=${lng}`)
    await expect(page.getByRole('tab', { name: text.tab })).toHaveAttribute('aria-selected', 'true')
    await page.getByRole('button', { name: text.newCampaign }).click()
    const dialog = page.getByRole('dialog')
    const chooser = page.waitForEvent('filechooser')
    await dialog.getByTestId('campaign-image').click()
    await (await chooser).setFiles({ name: 'banner.png', mimeType: 'image/png', buffer: await photoPng(1200, 600) })
    await dialog.getByRole('textbox', { name: text.link }).fill(target)
    await dialog.getByRole('textbox', { name: text.alt }).fill(alt)
    await dialog.getByText(text.language, { exact: true }).click()
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/admin/promotions') && r.request().method() === 'POST',
    )
    await dialog.getByRole('button', { name: text.create }).click()
    expect((await created).status()).toBe(201)
    await expect(dialog).toBeHidden()
    const card = page.getByTestId('campaign-card').filter({ hasText: alt })
    await expect(card.getByRole('img', { name: alt })).toBeVisible()

    // A free user on the home page: the campaign beside the upload panel, labelled as an ad.
    const free = await registerViaApi(request, newAccount('promo-free'))
    const freePage = await pageFor(browser, clientAddress, free)
    await freePage.goto(`/?lng=${lng}`)
    const slot = freePage.getByRole('complementary', { name: text.region })
    // The slot never holds the page up, so it may come last on a busy machine.
    await expect(slot.getByTestId('promotion-label')).toHaveText(text.label, { timeout: 30_000 })
    await expect(slot.getByRole('img', { name: alt })).toBeVisible()
    await expect(slot.getByRole('link', { name: text.removeAds })).toHaveAttribute('href', '/upgrade')
    // The image comes from Ferry's own origin, re-encoded as WebP.
    const src = await slot.getByRole('img', { name: alt }).getAttribute('src')
    expect(src).toMatch(/^\/api\/promotions\/[0-9a-f-]{36}\/image\?v=/)
    // The click opens a new tab through Ferry's counting redirect, which points at the stored link
    // (the shop itself is not reached: this machine has no network).
    const redirect = freePage.context().waitForEvent('response', (r) => new URL(r.url()).pathname.endsWith('/click'))
    const popup = freePage.waitForEvent('popup')
    await slot.getByRole('link', { name: alt }).click()
    const redirected = await redirect
    expect(redirected.status()).toBe(302)
    expect(redirected.headers().location).toBe(target)
    await (await popup).close()
    const figures = async () => {
      const res = await request.get('/api/admin/promotions', { headers: auth(workerAdmin.login) })
      const { items } = (await res.json()) as { items: CampaignFigures[] }
      return items.find((c) => c.alt === alt)?.days.at(-1)
    }
    await expect.poll(figures).toMatchObject({ impressions: 1, clicks: 1 })
    await freePage.context().close()

    // The admin sees the day's figures on the campaign.
    await page.reload()
    await expect(card.getByTestId('day-clicks')).toHaveText('1')
    await expect(card.getByTestId('day-impressions')).toHaveText('1')

    // A Pro user: the server answers 204 and the page has no slot at all.
    const pro = await registerViaApi(request, newAccount('promo-pro'))
    const promoted = await request.put(`/api/admin/users/${pro.user.id}`, {
      headers: auth(workerAdmin.login),
      data: { name: pro.user.name, email: pro.user.email, role: 'PREMIUM' },
    })
    expect(promoted.status(), await promoted.text()).toBe(200)
    const proPage = await pageFor(browser, clientAddress, { ...pro, user: { ...pro.user, role: 'PREMIUM' } })
    const answered = proPage.waitForResponse((r) => new URL(r.url()).pathname === '/api/promotions/slot')
    await proPage.goto(`/?lng=${lng}`)
    expect((await answered).status()).toBe(204)
    await expect(proPage.getByRole('button', { name: lng === 'en' ? 'Add files' : 'Añadir archivos' })).toBeVisible()
    await expect(proPage.getByTestId('promotion-slot')).toHaveCount(0)
    await proPage.context().close()

    // A visitor on the share page of the free user's transfer sees it, and nothing comes from elsewhere.
    const sent = await seedTransfer(request, free.access_token, {
      title: `Promo share ${id}`,
      recipients: ['someone@e2e.ferry.test'],
      files: [{ name: 'notes.txt', body: 'hello' }],
    })
    const visitor = await pageFor(browser, clientAddress)
    const hosts = new Set<string>()
    visitor.on('request', (r) => {
      if (/^https?:/.test(r.url())) hosts.add(new URL(r.url()).host)
    })
    await visitor.goto(`/share/${sent.unique_id}?lng=${lng}`)
    await expect(visitor.getByText(`Promo share ${id}`)).toBeVisible()
    const shareSlot = visitor.getByRole('complementary', { name: text.region })
    await expect(shareSlot.getByTestId('promotion-label')).toHaveText(text.label, { timeout: 30_000 })
    await expect(shareSlot.getByRole('img', { name: alt })).toBeVisible()
    await expect.poll(figures).toMatchObject({ impressions: 2, clicks: 1 })
    expect([...hosts]).toEqual([new URL(e2eBaseUrl()).host])
    await visitor.context().close()

    // Removed again, so the other language's test and later specs meet only their own campaigns.
    await card.getByTestId('delete-campaign').click()
    await page.getByTestId('confirm-delete-campaign').click()
    await expect(card).toHaveCount(0)
  })
}
