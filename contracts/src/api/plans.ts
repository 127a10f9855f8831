import { z } from 'zod'
import { plainText } from '../domain/text.js'

export const planRoleSchema = z.enum(['FREE', 'PREMIUM'])
export type PlanRole = z.infer<typeof planRoleSchema>
export const planTierSchema = z.enum(['individual', 'organization'])
export type PlanTier = z.infer<typeof planTierSchema>

/** The seeded plan ids; admins could add more, so `id` itself is any string. */
export const planIds = { guest: 'guest', pro: 'pro', business: 'business', enterprise: 'enterprise' } as const

/** The feature flags of a plan (spec/accounts.md §3 Plan, Flags). */
export const planFlagsSchema = z.object({
  ads_enabled: z.boolean(),
  requires_otp: z.boolean(),
  unlimited_data: z.boolean(),
  central_billing: z.boolean(),
  analytics_panel: z.boolean(),
  custom_domain: z.boolean(),
  custom_css: z.boolean(),
  custom_background: z.boolean(),
  password_protection: z.boolean(),
  sftp_download: z.boolean(),
  recovery_allowed: z.boolean(),
  selling_allowed: z.boolean(),
  document_preview: z.boolean(),
  document_comments: z.boolean(),
  analytics_access: z.boolean(),
})
export type PlanFlags = z.infer<typeof planFlagsSchema>
export const planFlagNames = planFlagsSchema.keyof().options

const money = z.number().nonnegative().nullable().describe('Euros, e.g. 9.99; null when not sold that way')

/** Prices in euros (the server stores integer cents). */
export const planPricesSchema = z.object({
  price_monthly: money,
  price_yearly: money,
  single_transfer_price: money,
  payout_amount: money,
  allows_payouts: z.boolean(),
})

/** A plan's limits as stored; null is unlimited (product.md §1). GB are 1024^3 bytes. */
export const planLimitFieldsSchema = z.object({
  max_transfer_size_gb: z.number().positive().nullable(),
  max_transfer_expiry_hours: z.int().positive().nullable(),
  max_monthly_data_gb: z.number().positive().nullable(),
  max_room_users: z.int().positive(),
  max_recipients: z.int().positive(),
  max_daily_transfers: z.int().nonnegative().nullable(),
})

export const planTrialSchema = z.object({ is_trial_available: z.boolean(), trial_days: z.int().nonnegative() })

export const documentFeaturesSchema = z.object({
  preview: z.boolean(),
  comments: z.boolean(),
  clean_data_room: z.boolean(),
})

/** A plan (spec/accounts.md §3 Plan). */
export const planSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: planRoleSchema,
  tier: planTierSchema,
  /** Whether checkout sells it: false for Guest, Edu and NGO ('Contact Us'). */
  is_selectable: z.boolean(),
  ...planPricesSchema.shape,
  ...planLimitFieldsSchema.shape,
  supports_video_audio: z.boolean(),
  max_document_features: documentFeaturesSchema,
  extra_features: z.record(z.string(), z.unknown()),
  ...planTrialSchema.shape,
  ...planFlagsSchema.shape,
  notes: z.string().nullable(),
  is_active: z.boolean(),
  sort_order: z.int(),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
})
export type Plan = z.infer<typeof planSchema>

/** GET /api/admin/plans: the full rows, with the stored cents beside the euro figures. */
export const adminPlanSchema = planSchema.extend({
  price_monthly_cents: z.int().nullable(),
  price_yearly_cents: z.int().nullable(),
  single_transfer_price_cents: z.int().nullable(),
  payout_amount_cents: z.int().nullable(),
})
export type AdminPlan = z.infer<typeof adminPlanSchema>

export const planIdParams = z.object({ id: plainText(z.string().min(1).max(64), 'The plan id') })

export const plansListQuery = z.object({
  active_only: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
})

/** GET /api/plans/{id}/limits: the plan's limits in bytes and hours; null is unlimited. */
export const planLimitsSchema = z.object({
  plan_id: z.string(),
  max_transfer_size: z.int().nullable().describe('Bytes'),
  max_transfer_size_gb: z.number().nullable(),
  max_transfer_expiry_hours: z.int().nullable(),
  max_monthly_data: z.int().nullable().describe('Bytes'),
  max_monthly_data_gb: z.number().nullable(),
  max_room_users: z.int(),
  max_recipients: z.int(),
  max_daily_transfers: z.int().nullable(),
})
export type PlanLimitsResponse = z.infer<typeof planLimitsSchema>

/** One entry of the Plan limits response (spec/transfers.md §3). */
export const currentLimitsSchema = z.object({
  max_transfer_size: z.int().nullable().describe('Bytes; null is unlimited'),
  max_daily_transfers: z.int().nullable(),
  max_recipients: z.int(),
  /** The longest expiry a transfer may ask for (`expires_in_hours`); null is the unlimited plans' bound. */
  max_transfer_expiry_hours: z.int().nullable(),
  plan_id: z.string(),
})
export type CurrentLimits = z.infer<typeof currentLimitsSchema>

/** GET /api/plans/limits (spec/transfers.md §3 Plan limits response). */
export const myPlanLimitsResponse = z.object({
  /** The role of the user's plan, the key into all_plans. */
  user_plan: planRoleSchema,
  /** The id of the user's plan. */
  subscription_level: z.string(),
  current_limits: currentLimitsSchema,
  all_plans: z.object({ FREE: currentLimitsSchema, PREMIUM: currentLimitsSchema }),
  authenticated: z.boolean(),
})
export type MyPlanLimitsResponse = z.infer<typeof myPlanLimitsResponse>

/** The `features` of a subscription level: the plan's flags plus the feature checks of spec/accounts.md §6. */
export const subscriptionLevelFeaturesSchema = planFlagsSchema.extend({
  supports_video_audio: z.boolean(),
  no_ads: z.boolean(),
  video_audio: z.boolean(),
  analytics: z.boolean(),
})
export type SubscriptionLevelFeatures = z.infer<typeof subscriptionLevelFeaturesSchema>

/** A subscription level record (spec/accounts.md §3): id, name, role, tier, prices, limits, trial and features. */
export const subscriptionLevelSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: planRoleSchema,
  tier: planTierSchema,
  is_selectable: z.boolean(),
  ...planPricesSchema.shape,
  ...planLimitFieldsSchema.shape,
  ...planTrialSchema.shape,
  features: subscriptionLevelFeaturesSchema,
})
export type SubscriptionLevel = z.infer<typeof subscriptionLevelSchema>

/** The feature checks of spec/accounts.md §6, from a plan's flags. */
export function planFeatures(plan: PlanFlags & { supports_video_audio: boolean }): SubscriptionLevelFeatures {
  const flags = Object.fromEntries(planFlagNames.map((name) => [name, plan[name]])) as PlanFlags
  return {
    ...flags,
    supports_video_audio: plan.supports_video_audio,
    no_ads: !plan.ads_enabled,
    video_audio: plan.supports_video_audio,
    analytics: plan.analytics_panel || plan.analytics_access,
  }
}

export const plansListResponse = z.array(planSchema)
export const adminPlansResponse = z.array(adminPlanSchema)
export const subscriptionLevelsResponse = z.array(subscriptionLevelSchema)

/** PUT /api/admin/plans/{id}: the fields to change (money in euros, stored as cents); the id stays. */
export const adminPlanUpdateRequest = planSchema
  .omit({ id: true, created_at: true, updated_at: true })
  .extend({
    name: plainText(z.string().trim().min(1).max(100), 'The plan name', { shown: true }),
    notes: plainText(z.string().max(2000), 'The notes', { multiline: true }).nullable(),
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, 'Nothing to change.')
export type AdminPlanUpdateRequest = z.infer<typeof adminPlanUpdateRequest>
