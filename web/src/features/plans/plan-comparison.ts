import { type Plan, planIds } from '@ferry/contracts/api/plans'
import { recoveryExtensionHours } from '@ferry/contracts/api/transfers'

/** One side of the upgrade modal's comparison (spec/transfers.md §9): how long transfers last and the recovery grace. */
export interface PlanTerms {
  /** The plan's id (null for the fallbacks) and stored name: the page shows it in the reader's language. */
  id: string | null
  name: string
  /** Longest expiry in hours; null is unlimited. */
  maxExpiryHours: number | null
  /** Hours after expiry in which a transfer can be recovered; 0 when the plan has no recovery. */
  recoveryGraceHours: number
  /** Recipients per transfer (the free plan's recipient field offers Pro's). */
  maxRecipients: number
}

/** Guest against Pro, for the upgrade modal. */
export interface PlanComparison {
  free: PlanTerms
  pro: PlanTerms
}

/** spec/accounts.md §9's comparison, used only when the plans cannot be fetched: 7 days against up to 30, none against 7. */
export const fallbackComparison: PlanComparison = {
  free: { id: planIds.guest, name: 'Free', maxExpiryHours: 7 * 24, recoveryGraceHours: 0, maxRecipients: 1 },
  pro: {
    id: planIds.pro,
    name: 'Pro',
    maxExpiryHours: 30 * 24,
    recoveryGraceHours: recoveryExtensionHours,
    maxRecipients: 5,
  },
}

function termsOf(plan: Plan): PlanTerms {
  return {
    id: plan.id,
    name: plan.name,
    maxExpiryHours: plan.max_transfer_expiry_hours,
    recoveryGraceHours: plan.recovery_allowed ? recoveryExtensionHours : 0,
    maxRecipients: plan.max_recipients,
  }
}

/** The comparison computed from the plans as stored (product.md §1); each side falls back on its own. */
export function comparisonFromPlans(plans: readonly Plan[]): PlanComparison {
  const guest = plans.find((plan) => plan.id === planIds.guest)
  const pro = plans.find((plan) => plan.id === planIds.pro)
  return {
    free: guest ? termsOf(guest) : fallbackComparison.free,
    pro: pro ? termsOf(pro) : fallbackComparison.pro,
  }
}
