import type { PlanFlags } from '@ferry/contracts/api/plans'
import { AppError } from '../../errors.js'
import { requirePlanFeature } from '../../http/plan-feature-guard.js'

/** What a transfer needs of branding to take a chosen background (the branding feature provides it). */
export interface BackgroundChoices {
  /** Whether this background is one of the sender's organization's. */
  isOwnBackground(senderId: string, backgroundId: string): Promise<boolean>
}

/**
 * The background a sender chose for a transfer's recipients (issue 22 item 3): null rotates. A
 * choice needs the plan flag custom_background (403 plan_feature_missing) and must be one of the
 * sender's organization's backgrounds (422 background_not_found), never another organization's.
 */
export async function chosenBackground(
  choices: BackgroundChoices | undefined,
  plan: PlanFlags,
  senderId: string | null,
  backgroundId: string | null | undefined,
): Promise<string | null> {
  if (backgroundId == null) return null
  requirePlanFeature(plan, 'custom_background')
  if (!senderId || !choices || !(await choices.isOwnBackground(senderId, backgroundId))) {
    throw new AppError('background_not_found', 422)
  }
  return backgroundId
}
