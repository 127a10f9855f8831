import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithApp } from '../../../testing/render.js'
import { PromotionSlot } from './promotion-slot.js'

const campaign = {
  id: '6f1c1d9e-8f3a-4c55-9d53-4f2b8c1e7a10',
  kind: 'campaign',
  label: 'Anuncio',
  image_url: '/api/promotions/6f1c1d9e-8f3a-4c55-9d53-4f2b8c1e7a10/image?v=a.webp',
  image_width: 480,
  image_height: 240,
  link_url: '/api/promotions/6f1c1d9e-8f3a-4c55-9d53-4f2b8c1e7a10/click',
  alt: 'Rebajas de primavera',
  remove_ads_url: '/upgrade',
}

afterEach(() => vi.unstubAllGlobals())

function stubSlot(response: () => Response) {
  const fetch = vi.fn(async (_url: string) => response())
  vi.stubGlobal('fetch', fetch)
  return fetch
}

describe('PromotionSlot', () => {
  it('shows a campaign labelled as an ad, linking through the counting redirect, in Spanish', async () => {
    const fetch = stubSlot(() => Response.json(campaign))
    renderWithApp(<PromotionSlot shareId="abc123" />, { language: 'es' })
    const image = await screen.findByRole('img', { name: 'Rebajas de primavera' })
    expect(image.getAttribute('src')).toBe(campaign.image_url)
    expect(screen.getByTestId('promotion-label').textContent).toBe('Anuncio')
    expect(screen.getByRole('link', { name: 'Quita los anuncios con Pro' }).getAttribute('href')).toBe('/upgrade')
    const link = screen.getByTestId('promotion-link')
    expect(link.getAttribute('href')).toBe(campaign.link_url)
    expect(link.getAttribute('rel')).toContain('noreferrer')
    expect(String(fetch.mock.calls[0]?.[0])).toMatch(/\/api\/promotions\/slot\?lang=es&share=abc123$/)
  })

  it('renders nothing at all when the server answers 204 (a plan without ads)', async () => {
    const fetch = stubSlot(() => new Response(null, { status: 204 }))
    const { container } = renderWithApp(<PromotionSlot />)
    await waitFor(() => expect(fetch).toHaveBeenCalled())
    expect(screen.queryByTestId('promotion-slot')).toBeNull()
    expect(container.querySelector('aside, img, a')).toBeNull()
  })
})
