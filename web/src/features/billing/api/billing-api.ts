import type {
  CheckoutSessionRequest,
  CheckoutSessionResponse,
  ConfirmRecoveryResponse,
  CreateSubscriptionRequest,
  Subscription,
  TestCheckoutResultResponse,
  TestCheckoutSession,
  UserCurrentPlanResponse,
} from '@ferry/contracts/api/billing'
import type { RedeemReferralRequest, RedeemReferralResponse } from '@ferry/contracts/api/referrals'
import { billingApi as routes } from '@ferry/contracts/routes/billing'
import { referralsApi } from '@ferry/contracts/routes/referrals'
import { type ApiClient, apiClient } from '../../../lib/api-client.js'

/** The billing calls of spec/accounts.md §7 and product.md §6. */
export interface BillingApi {
  myPlan(signal?: AbortSignal): Promise<UserCurrentPlanResponse>
  createCheckout(request: CheckoutSessionRequest): Promise<CheckoutSessionResponse>
  /** The upgrade flow's optional step (spec/accounts.md §4); referral codes belong to the referrals API. */
  redeemReferral(request: RedeemReferralRequest): Promise<RedeemReferralResponse>
  testCheckout(sessionId: string, signal?: AbortSignal): Promise<TestCheckoutSession>
  completeTestCheckout(sessionId: string): Promise<TestCheckoutResultResponse>
  cancelTestCheckout(sessionId: string): Promise<TestCheckoutResultResponse>
  createSubscription(request: CreateSubscriptionRequest): Promise<Subscription>
  cancelSubscription(): Promise<Subscription>
  /** Takes back a cancellation while the plan still runs. */
  resumeSubscription(): Promise<Subscription>
  recoveryCheckout(transferId: string): Promise<CheckoutSessionResponse>
  confirmRecovery(transferId: string, sessionId: string): Promise<ConfirmRecoveryResponse>
}

export function createBillingApi(client: ApiClient = apiClient): BillingApi {
  return {
    myPlan: (signal) => client.call(routes.mySubscriptionLevel, {}, { signal }),
    createCheckout: (request) => client.call(routes.checkoutSession, { body: request }),
    redeemReferral: (request) => client.call(referralsApi.redeem, { body: request }),
    testCheckout: (sessionId, signal) => client.call(routes.testCheckout, { params: { sessionId } }, { signal }),
    completeTestCheckout: (sessionId) => client.call(routes.testCheckoutComplete, { params: { sessionId } }),
    cancelTestCheckout: (sessionId) => client.call(routes.testCheckoutCancel, { params: { sessionId } }),
    createSubscription: (request) => client.call(routes.createSubscription, { body: request }),
    cancelSubscription: () => client.call(routes.cancelSubscription),
    resumeSubscription: () => client.call(routes.resumeSubscription),
    recoveryCheckout: (transferId) => client.call(routes.recoveryCheckout, { params: { id: transferId }, body: {} }),
    confirmRecovery: (transferId, sessionId) =>
      client.call(routes.confirmRecovery, { params: { id: transferId }, body: { session_id: sessionId } }),
  }
}

export const billingApi = createBillingApi()
