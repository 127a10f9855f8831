import type { PromotionSlot } from '@ferry/contracts/api/promotions'

export type SlotLanguage = 'en' | 'es'

/** Where "Remove ads with Pro" and Ferry's own offer lead: the plans page (/plans redirects there too). */
export const plansPagePath = '/upgrade'

const words: Record<SlotLanguage, { label: string; alt: string }> = {
  en: { label: 'Ad', alt: 'Ferry Pro: 2 TB per transfer, links for up to 30 days, and no ads. See the plans.' },
  es: {
    label: 'Anuncio',
    alt: 'Ferry Pro: 2 TB por transferencia, enlaces de hasta 30 días y sin anuncios. Ver los planes.',
  },
}

/**
 * Ferry's own upgrade offer, shown in the slot when no campaign is live: a first-party house
 * promotion, still labelled as one. Its image is a static file of the web app (web/public), so it
 * too comes from Ferry's own origin; it is not counted (it is not a campaign).
 */
export function houseOffer(lang: SlotLanguage): PromotionSlot {
  return {
    id: 'house',
    kind: 'house',
    label: words[lang].label,
    image_url: `/promotions/ferry-pro-${lang}.svg`,
    image_width: 480,
    image_height: 270,
    link_url: plansPagePath,
    alt: words[lang].alt,
    remove_ads_url: plansPagePath,
  }
}
