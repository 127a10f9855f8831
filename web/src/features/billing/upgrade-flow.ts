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
  /** A failed redemption only warns (spec/accounts.md §4). */
  warn(error: unknown): void
  /** Leaves for the checkout page. */
  go(url: string): void
  /** This site's origin, for the return addresses. */
  origin: string
  successPath: string
  cancelPath: string
}

/**
 * The upgrade flow of spec/accounts.md §4: the referral code is trimmed and redeemed only when non-empty; a
 * failed redemption warns and the code is left out of the checkout (the server would refuse it);
 * then the checkout session is created and the browser leaves for its url. Checkout errors throw.
 */
export async function runUpgradeFlow(choice: UpgradeChoice, deps: UpgradeFlowDeps): Promise<void> {
  const code = choice.referralCode.trim()
  let redeemed = false
  if (code) {
    try {
      await deps.redeem({ referral_code: code, user_id: choice.userId })
      redeemed = true
    } catch (error) {
      deps.warn(error)
    }
  }
  const session = await deps.createCheckout({
    user_id: choice.userId,
    plan_id: choice.planId,
    interval: choice.interval,
    ...(redeemed ? { referral_code: code } : {}),
    success_url: `${deps.origin}${deps.successPath}?session_id=${checkoutSessionIdPlaceholder}`,
    cancel_url: `${deps.origin}${deps.cancelPath}`,
  })
  deps.go(session.url)
}
