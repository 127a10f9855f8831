import type { CurrentLimits, MyPlanLimitsResponse, PlanLimitsResponse, PlanRole } from '@ferry/contracts/api/plans'

/** The limits the transfer form applies: bytes per transfer (null = unlimited), recipients, and whose plan. */
export interface FormPlanLimits {
  maxTransferBytes: number | null
  maxRecipients: number
  /** The longest expiry a transfer may ask for, in hours; null: the unlimited plans' bound. */
  maxExpiryHours: number | null
  /** FREE (Guest, and every visitor) or PREMIUM: picks the wording of the upgrade prompt (spec/transfers.md §5). */
  planRole: PlanRole
  /** The plan id, or null when these are the browser's fallbacks. */
  planId: string | null
}

/** Who is asking, as far as the fallbacks care. */
export type LimitsAudience = 'visitor' | 'free' | 'paid'

const MiB = 1024 ** 2
const GiB = 1024 ** 3

/**
 * spec/transfers.md §9: the form's limits when plan data could not be fetched in 3 attempts: 2 GB for a
 * visitor, 100 MB for a signed-in user, 20 GB for Pro or Admin; 1 recipient on Guest, 5 on a
 * paid plan (product.md §2). Nowhere else are limits hard-coded (product.md §1).
 */
export const fallbackLimits: Record<LimitsAudience, FormPlanLimits> = {
  visitor: { maxTransferBytes: 2 * GiB, maxRecipients: 1, maxExpiryHours: 24, planRole: 'FREE', planId: null },
  free: { maxTransferBytes: 100 * MiB, maxRecipients: 1, maxExpiryHours: 24, planRole: 'FREE', planId: null },
  paid: { maxTransferBytes: 20 * GiB, maxRecipients: 5, maxExpiryHours: 24, planRole: 'PREMIUM', planId: null },
}

/** PREMIUM and ADMIN count as paid (spec/transfers.md §6); anything else signed in is FREE. */
export function audienceOf(isAuthenticated: boolean, role: string | null | undefined): LimitsAudience {
  if (!isAuthenticated) return 'visitor'
  const upper = role?.toUpperCase()
  return upper === 'PREMIUM' || upper === 'ADMIN' ? 'paid' : 'free'
}

function fromCurrent(limits: CurrentLimits, planRole: PlanRole): FormPlanLimits {
  return {
    maxTransferBytes: limits.max_transfer_size,
    maxRecipients: limits.max_recipients,
    maxExpiryHours: limits.max_transfer_expiry_hours,
    planRole,
    planId: limits.plan_id,
  }
}

/** GET /api/plans/limits (spec/transfers.md §3 Plan limits response) → the form's limits. */
export function limitsFromMine(response: MyPlanLimitsResponse): FormPlanLimits {
  return fromCurrent(response.current_limits, response.user_plan)
}

/** GET /api/plans/guest/limits, what a visitor gets (product.md §1) → the form's limits. */
export function limitsFromPlan(response: PlanLimitsResponse, planRole: PlanRole = 'FREE'): FormPlanLimits {
  return {
    maxTransferBytes: response.max_transfer_size,
    maxRecipients: response.max_recipients,
    maxExpiryHours: response.max_transfer_expiry_hours,
    planRole,
    planId: response.plan_id,
  }
}

/** spec/transfers.md §4, §9: the plan fetch is tried 3 times in all. */
export const planFetchAttempts = 3

/** Which 'Plan Configuration' message applies after `failures` failed attempts (none while all is well). */
export type PlanLimitsNotice = { kind: 'retrying'; attempt: number } | { kind: 'gaveUp'; attempts: number } | null

export function planLimitsNotice(failures: number, gaveUp: boolean): PlanLimitsNotice {
  if (gaveUp) return { kind: 'gaveUp', attempts: planFetchAttempts }
  if (failures > 0) return { kind: 'retrying', attempt: Math.min(failures, planFetchAttempts - 1) }
  return null
}
