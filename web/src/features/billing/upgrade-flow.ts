import {
  type CheckoutSessionRequest,
  type CheckoutSessionResponse,
  checkoutSessionIdPlaceholder,
} from '@ferry/contracts/api/billing'
import type { RedeemReferralRequest } from '@ferry/contracts/api/referrals'
import type { BillingInterval } from './plan-display.js'

export interface UpgradeChoice {
  userId: string
  planId: string
  interval: BillingInterval
  /** As typed in the modal; trimmed here. */
  referralCode: string
}

export interface UpgradeFlowDeps {
  redeem(request: RedeemReferralRequest): Promise<unknown>
  createCheckout(request: CheckoutSessionRequest): Promise<CheckoutSessionResponse>
  /** A code that cannot be redeemed is refused in the dialog; nothing else happens (issue 17 item 6). */
  refuse(error: unknown): void
  /** Leaves for the checkout page. */
  go(url: string): void
  /** This site's origin, for the return addresses. */
  origin: string
  successPath: string
  cancelPath: string
}

/**
 * The upgrade flow of spec/accounts.md §4: the referral code is trimmed and redeemed only when non-empty; a
 * code that cannot be redeemed is refused (the dialog says why and stays open, so the user fixes or
 * clears it, never silently losing the trial); then the checkout session is created and the
 * browser leaves for its url. Checkout errors throw.
 */
export async function runUpgradeFlow(choice: UpgradeChoice, deps: UpgradeFlowDeps): Promise<void> {
  const code = choice.referralCode.trim()
  if (code) {
    try {
      await deps.redeem({ referral_code: code, user_id: choice.userId })
    } catch (error) {
      deps.refuse(error)
      return
    }
  }
  const session = await deps.createCheckout({
    user_id: choice.userId,
    plan_id: choice.planId,
    interval: choice.interval,
    ...(code ? { referral_code: code } : {}),
    success_url: `${deps.origin}${deps.successPath}?session_id=${checkoutSessionIdPlaceholder}`,
    cancel_url: `${deps.origin}${deps.cancelPath}`,
  })
  deps.go(session.url)
}
