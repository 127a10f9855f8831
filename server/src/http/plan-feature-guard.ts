import type { PlanFlags } from '@ferry/contracts/api/plans'
import { AppError } from '../errors.js'

/** What the guard needs to know of a user's plan (the plans feature provides it). */
export interface PlanFeatureReader {
  /** The flags of the plan the user is on now (trials and organization plans included). */
  planFlags(userId: string): Promise<PlanFlags>
}

/**
 * The one plan-feature guard (product.md §1 flags): a route that declares `planFeature` and a
 * service acting on a plan both refuse through this, so the answer is always 403
 * `plan_feature_missing`.
 */
export function requirePlanFeature(flags: PlanFlags, feature: keyof PlanFlags): void {
  if (!flags[feature]) throw new AppError('plan_feature_missing', 403)
}
