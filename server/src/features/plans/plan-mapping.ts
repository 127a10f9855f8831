import type {
  AdminPlan,
  AdminPlanUpdateRequest,
  Plan,
  PlanLimitsResponse,
  SubscriptionLevel,
} from '@ferry/contracts/api/plans'
import { planFeatures } from '@ferry/contracts/api/plans'
import { centsToEuros } from '@ferry/contracts/domain/money'
import { limitsFor } from '@ferry/contracts/domain/plan-limits'
import type { PlanRow, PlanRowPatch } from './plans.repository.js'

/** A stored plan in the API's shape (spec/accounts.md §3 Plan): euros instead of cents. */
export function toPlan(row: PlanRow): Plan {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    tier: row.tier,
    is_selectable: row.isSelectable,
    price_monthly: centsToEuros(row.priceMonthlyCents),
    price_yearly: centsToEuros(row.priceYearlyCents),
    single_transfer_price: centsToEuros(row.singleTransferPriceCents),
    payout_amount: centsToEuros(row.payoutAmountCents),
    allows_payouts: row.allowsPayouts,
    max_transfer_size_gb: row.maxTransferSizeGb,
    max_transfer_expiry_hours: row.maxTransferExpiryHours,
    max_monthly_data_gb: row.maxMonthlyDataGb,
    max_room_users: row.maxRoomUsers,
    max_recipients: row.maxRecipients,
    max_daily_transfers: row.maxDailyTransfers,
    supports_video_audio: row.supportsVideoAudio,
    // One source: the preview flag lives in its column; the API shows it in both places.
    max_document_features: { preview: row.documentPreview, ...row.maxDocumentFeatures },
    extra_features: row.extraFeatures,
    is_trial_available: row.isTrialAvailable,
    trial_days: row.trialDays,
    ads_enabled: row.adsEnabled,
    requires_otp: row.requiresOtp,
    unlimited_data: row.unlimitedData,
    central_billing: row.centralBilling,
    analytics_panel: row.analyticsPanel,
    custom_domain: row.customDomain,
    custom_css: row.customCss,
    custom_background: row.customBackground,
    password_protection: row.passwordProtection,
    sftp_download: row.sftpDownload,
    recovery_allowed: row.recoveryAllowed,
    selling_allowed: row.sellingAllowed,
    document_preview: row.documentPreview,
    document_comments: row.documentComments,
    analytics_access: row.analyticsAccess,
    notes: row.notes,
    is_active: row.isActive,
    sort_order: row.sortOrder,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}

export function toAdminPlan(row: PlanRow): AdminPlan {
  return {
    ...toPlan(row),
    price_monthly_cents: row.priceMonthlyCents,
    price_yearly_cents: row.priceYearlyCents,
    single_transfer_price_cents: row.singleTransferPriceCents,
    payout_amount_cents: row.payoutAmountCents,
  }
}

/** A subscription level record (spec/accounts.md §3). */
export function toSubscriptionLevel(plan: Plan): SubscriptionLevel {
  return {
    id: plan.id,
    name: plan.name,
    role: plan.role,
    tier: plan.tier,
    is_selectable: plan.is_selectable,
    price_monthly: plan.price_monthly,
    price_yearly: plan.price_yearly,
    single_transfer_price: plan.single_transfer_price,
    payout_amount: plan.payout_amount,
    allows_payouts: plan.allows_payouts,
    max_transfer_size_gb: plan.max_transfer_size_gb,
    max_transfer_expiry_hours: plan.max_transfer_expiry_hours,
    max_monthly_data_gb: plan.max_monthly_data_gb,
    max_room_users: plan.max_room_users,
    max_recipients: plan.max_recipients,
    max_daily_transfers: plan.max_daily_transfers,
    is_trial_available: plan.is_trial_available,
    trial_days: plan.trial_days,
    features: planFeatures(plan),
  }
}

/** GET /api/plans/{id}/limits. */
export function toPlanLimitsResponse(plan: Plan): PlanLimitsResponse {
  const limits = limitsFor(plan)
  return {
    plan_id: plan.id,
    max_transfer_size: limits.maxTransferBytes,
    max_transfer_size_gb: plan.max_transfer_size_gb,
    max_transfer_expiry_hours: limits.maxExpiryHours,
    max_monthly_data: limits.maxMonthlyBytes,
    max_monthly_data_gb: plan.max_monthly_data_gb,
    max_room_users: limits.maxRoomUsers,
    max_recipients: limits.maxRecipients,
    max_daily_transfers: limits.maxDailyTransfers,
  }
}

/** Euros to integer cents (9.99 → 999). */
const eurosToCents = (euros: number | null): number | null => (euros === null ? null : Math.round(euros * 100))

const moneyFields = {
  price_monthly: 'priceMonthlyCents',
  price_yearly: 'priceYearlyCents',
  single_transfer_price: 'singleTransferPriceCents',
  payout_amount: 'payoutAmountCents',
} as const

const snakeToCamel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())

/** An admin's change in the API's shape (euros, snake_case) as a row patch (cents, camelCase). */
export function toPlanRowPatch(patch: AdminPlanUpdateRequest): PlanRowPatch {
  const row: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue
    if (key === 'max_document_features') {
      // Its preview is the document_preview column (one source); the rest is stored as JSON.
      const { preview, ...stored } = value as NonNullable<AdminPlanUpdateRequest['max_document_features']>
      row.maxDocumentFeatures = stored
      row.documentPreview ??= preview
    } else if (key in moneyFields)
      row[moneyFields[key as keyof typeof moneyFields]] = eurosToCents(value as number | null)
    else row[snakeToCamel(key)] = value
  }
  // When both are sent, document_preview (the column itself) is the one that counts.
  if (patch.document_preview !== undefined) row.documentPreview = patch.document_preview
  return row as PlanRowPatch
}
