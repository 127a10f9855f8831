import { z } from 'zod'

/**
 * An organization's branding (issue 22 items 3 and 4, plan flags `custom_css` and
 * `custom_background`): a stylesheet and up to ten wallpapers, shown to the recipients of its
 * members' transfers and requests. Everything is served by Ferry itself under `/brand/…`.
 */

/** The largest stylesheet, in bytes of UTF-8. */
export const maxBrandCssBytes = 50 * 1024
/** The most backgrounds one organization keeps. */
export const maxBackgrounds = 10
/** The largest image accepted for a background. */
export const maxBackgroundBytes = 20 * 1024 * 1024
export const backgroundAltMaxLength = 300
/** The widths each background is made at (never wider than the image itself). */
export const backgroundWidths = [1280, 1920, 2560] as const
/** What an uploaded background may be; each is made into AVIF and WebP. */
export const backgroundInputTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const

const isoDate = z.iso.datetime({ offset: true })

export const organizationIdParams = z.object({ id: z.uuid() })
export const backgroundParams = z.object({ id: z.uuid(), background_id: z.uuid() })

/** GET /api/organizations/{id}/css: the stylesheet as it was written, and where it is served. */
export const brandCssResponse = z.object({
  css: z.string().nullable(),
  /** `/brand/{organization}/{hash}.css`, or null without a stylesheet. */
  css_url: z.string().nullable(),
  updated_at: isoDate.nullable(),
})
export type BrandCssResponse = z.infer<typeof brandCssResponse>

/** PUT /api/organizations/{id}/css's 422: what was refused and where (1-based line and column). */
/**
 * Why a stylesheet was refused, as a stable code the web translates; `subject` is what it names
 * (`@import`, a property, a function, the url, or the size limit in KB), null for `escaped_url`.
 */
export const cssRefusalReasons = [
  'too_large',
  'at_rule',
  'property',
  'function',
  'escaped_url',
  'url_not_own_asset',
  'unparsed_function',
] as const
export type CssRefusalReason = (typeof cssRefusalReasons)[number]

export const cssRefusedResponse = z.object({
  /** The refusal in English, with its position (for API users and logs). */
  detail: z.string(),
  code: z.literal('css_refused'),
  line: z.int().positive(),
  column: z.int().positive(),
  reason: z.enum(cssRefusalReasons),
  subject: z.string().nullable(),
})
export type CssRefused = z.infer<typeof cssRefusedResponse>

/** One background as its `<picture>` needs it. */
export const backgroundPicture = z.object({
  /** `url 1280w, url 1920w, …` */
  avif_srcset: z.string(),
  webp_srcset: z.string(),
  /** The widest WebP, for the `<img>` fallback. */
  src: z.string(),
  alt: z.string(),
})
export type BackgroundPicture = z.infer<typeof backgroundPicture>

export const backgroundSchema = backgroundPicture.extend({
  id: z.uuid(),
  widths: z.array(z.int().positive()),
  created_at: isoDate,
})
export type Background = z.infer<typeof backgroundSchema>

export const backgroundListResponse = z.object({ backgrounds: z.array(backgroundSchema) })

const altText = z
  .string()
  .trim()
  .min(1, 'Please describe the image (alt text).')
  .max(backgroundAltMaxLength, `The alt text must be at most ${backgroundAltMaxLength} characters.`)

/** POST /api/organizations/{id}/backgrounds?alt=…: the image is the body, its type the Content-Type. */
export const backgroundUploadQuery = z.object({ alt: altText })
export const backgroundUpdateRequest = z.object({ alt: altText })

/**
 * What a branded page shows: the sender's organization's stylesheet and background, each only
 * while its plan has the flag; null when there is nothing to apply.
 */
export const brandingSchema = z
  .object({
    css_url: z.string().nullable(),
    background: backgroundPicture.nullable(),
  })
  .nullable()
export type Branding = z.infer<typeof brandingSchema>

/**
 * GET /api/organizations/current/branding: the signed-in user's organization as branding sees it
 * (null id outside one), whether they may change it, which branding its plan has, and the
 * background behind their upload panel.
 */
export const homeBrandingResponse = z.object({
  organization_id: z.uuid().nullable(),
  can_manage: z.boolean(),
  features: z.object({ custom_css: z.boolean(), custom_background: z.boolean() }),
  branding: brandingSchema,
})
export type HomeBranding = z.infer<typeof homeBrandingResponse>

/** Public brand files: `/brand/{organization}/{hash}.css`, `/brand/{organization}/backgrounds/{id}/{width}.{format}`. */
export const brandCssFileParams = z.object({ organization: z.uuid(), file: z.string().regex(/^[0-9a-f]{16}\.css$/) })
export const brandImageParams = z.object({
  organization: z.uuid(),
  background: z.uuid(),
  file: z.string().regex(/^\d{3,4}\.(avif|webp)$/),
})
