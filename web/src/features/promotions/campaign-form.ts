import type { AdminPromotion, PromotionLanguage } from '@ferry/contracts/api/promotions'

/** What the campaign form holds: dates as the `datetime-local` inputs write them (local time). */
export interface CampaignFormValues {
  link_url: string
  alt: string
  language: PromotionLanguage
  starts: string
  ends: string
  active: boolean
}

const pad = (n: number) => String(n).padStart(2, '0')

/** A date as a `datetime-local` input shows it, in the browser's time zone: 2026-12-04T21:30. */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}

/** A `datetime-local` value as an ISO instant, or null when it is empty or not a date. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}

/** The form's first values: the campaign's, or a new one live from now for 30 days, in any language. */
export function initialValues(campaign: AdminPromotion | null | undefined, now = new Date()): CampaignFormValues {
  if (campaign) {
    return {
      link_url: campaign.link_url,
      alt: campaign.alt,
      language: campaign.language,
      starts: toLocalInput(new Date(campaign.starts_at)),
      ends: toLocalInput(new Date(campaign.ends_at)),
      active: campaign.active,
    }
  }
  return {
    link_url: '',
    alt: '',
    language: 'any',
    starts: toLocalInput(now),
    ends: toLocalInput(new Date(now.getTime() + 30 * 86_400_000)),
    active: true,
  }
}

/** A picked file as base64 (a data: URL, which the server accepts as it is). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error)
    reader.readAsDataURL(file)
  })
}
