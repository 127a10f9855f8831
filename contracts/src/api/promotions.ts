import { z } from 'zod'
import { plainText } from '../domain/text.js'

// First-party promotions (issue 22 item 5, DECISIONS §12 `ads_enabled`): campaigns admins manage,
// the slot the home and share pages show, and the counts per campaign per day. Routes in
// routes/promotions.ts.

/** Which visitors a campaign is for: the page's language, or both. */
export const promotionLanguages = ['en', 'es', 'any'] as const
export type PromotionLanguage = (typeof promotionLanguages)[number]

/** The largest image an admin may upload, before re-encoding (decoded bytes). */
export const promotionImageMaxBytes = 5 * 1024 * 1024

/** How many past days of counts the admin list carries per campaign (today included). */
export const promotionStatsDays = 30

const isoDateTime = z.iso.datetime({ offset: true })

/** A link a promotion may send people to: an absolute http(s) URL, nothing else (no javascript:, data:…). */
export const promotionLinkField = plainText(
  z
    .string()
    .trim()
    .min(1, 'The link is required.')
    .max(2000, 'The link can be at most 2000 characters.')
    .refine((value) => {
      try {
        const url = new URL(value)
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
      } catch {
        return false
      }
    }, 'The link must be an http:// or https:// address.'),
  'The link',
)

const altField = plainText(
  z.string().trim().min(1, 'The alt text is required.').max(300, 'The alt text can be at most 300 characters.'),
  'The alt text',
  { shown: true },
)

/** The image as base64 (a data: URL prefix is accepted), checked and re-encoded by the server. */
const imageField = z
  .string()
  .max(Math.ceil((promotionImageMaxBytes * 4) / 3) + 200, 'The image can be at most 5 MB.')
  .transform((value) => value.replace(/^data:[^,]{0,100},/, ''))
  .pipe(z.base64('The image must be base64-encoded.').min(1, 'The image is required.'))

const campaignFields = {
  link_url: promotionLinkField,
  alt: altField,
  language: z.enum(promotionLanguages, { error: 'Language must be one of en, es or any.' }),
  starts_at: isoDateTime,
  ends_at: isoDateTime,
  active: z.boolean(),
}

const endsAfterStart = (value: { starts_at: string; ends_at: string }) =>
  Date.parse(value.ends_at) > Date.parse(value.starts_at)
const endsAfterStartError = { message: 'The end must be after the start.', path: ['ends_at'] }

/** POST /api/admin/promotions: a new campaign, image included. */
export const promotionCreateRequest = z
  .object({ ...campaignFields, image: imageField })
  .refine(endsAfterStart, endsAfterStartError)
export type PromotionCreateRequest = z.input<typeof promotionCreateRequest>

/** PUT /api/admin/promotions/{id}: every field again; `image` only to replace it. */
export const promotionUpdateRequest = z
  .object({ ...campaignFields, image: imageField.optional() })
  .refine(endsAfterStart, endsAfterStartError)
export type PromotionUpdateRequest = z.input<typeof promotionUpdateRequest>

export const promotionIdParams = z.object({ id: z.uuid('Not a campaign id.') })

/** One day's counts of a campaign (UTC day). */
export const promotionDaySchema = z.object({
  day: z.iso.date(),
  impressions: z.int().nonnegative(),
  clicks: z.int().nonnegative(),
})
export type PromotionDay = z.infer<typeof promotionDaySchema>

/** A campaign as admins see it, with its counts of the last `promotionStatsDays` days (days without any left out). */
export const adminPromotionSchema = z.object({
  id: z.uuid(),
  link_url: z.string(),
  alt: z.string(),
  language: z.enum(promotionLanguages),
  starts_at: isoDateTime,
  ends_at: isoDateTime,
  active: z.boolean(),
  image_url: z.string(),
  image_width: z.int().positive(),
  image_height: z.int().positive(),
  created_at: isoDateTime,
  updated_at: isoDateTime,
  days: z.array(promotionDaySchema),
  total_impressions: z.int().nonnegative(),
  total_clicks: z.int().nonnegative(),
})
export type AdminPromotion = z.infer<typeof adminPromotionSchema>

export const adminPromotionListResponse = z.object({ items: z.array(adminPromotionSchema) })
export type AdminPromotionList = z.infer<typeof adminPromotionListResponse>

/**
 * GET /api/promotions/slot: `lang` is the page's language; `share` the share page's id, whose
 * sender's plan decides (DECISIONS §12) instead of the caller's.
 */
export const promotionSlotQuery = z.object({
  lang: z.enum(['en', 'es']).default('en'),
  share: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+$/, 'Not a share id.')
    .optional(),
})
export type PromotionSlotQuery = z.input<typeof promotionSlotQuery>

/**
 * The promotion to show: an admin's campaign (`kind: campaign`, counted) or, without one, Ferry's
 * own upgrade offer (`kind: house`). Every URL is on Ferry's own origin; `link_url` of a campaign
 * is the counting redirect, never the advertiser's address itself.
 */
export const promotionSlotResponse = z.object({
  id: z.string(),
  kind: z.enum(['campaign', 'house']),
  /** What the slot is labelled with, in the requested language ("Ad", "Anuncio"). */
  label: z.string(),
  image_url: z.string(),
  image_width: z.int().positive(),
  image_height: z.int().positive(),
  link_url: z.string(),
  alt: z.string(),
  /** Where "Remove ads with Pro" leads: the plans page. */
  remove_ads_url: z.string(),
})
export type PromotionSlot = z.infer<typeof promotionSlotResponse>
