import {
  billingPaths,
  type CheckoutSessionRequest,
  type CheckoutSessionResponse,
  type ConfirmRecoveryResponse,
  type CreateSubscriptionRequest,
  checkoutSessionResponse,
  confirmRecoveryResponse,
  type Subscription,
  subscriptionSchema,
  type TestCheckoutResultResponse,
  type TestCheckoutSession,
  testCheckoutResultResponse,
  testCheckoutSessionSchema,
  type UserCurrentPlanResponse,
  userCurrentPlanResponse,
} from '@ferry/contracts/api/billing'
import {
  type RedeemReferralRequest,
  type RedeemReferralResponse,
  redeemReferralResponse,
  referralsPaths,
} from '@ferry/contracts/api/referrals'
import { type ApiClient, apiClient } from '../../../lib/api-client.js'

const withParam = (path: string, name: string, value: string) => path.replace(`:${name}`, encodeURIComponent(value))

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
  recoveryCheckout(transferId: string): Promise<CheckoutSessionResponse>
  confirmRecovery(transferId: string, sessionId: string): Promise<ConfirmRecoveryResponse>
}

export function createBillingApi(client: ApiClient = apiClient): BillingApi {
  return {
    myPlan: (signal) => client.get(billingPaths.mySubscriptionLevel, { schema: userCurrentPlanResponse, signal }),
    createCheckout: (request) =>
      client.post(billingPaths.checkoutSession, request, { schema: checkoutSessionResponse }),
    redeemReferral: (request) => client.post(referralsPaths.redeem, request, { schema: redeemReferralResponse }),
    testCheckout: (sessionId, signal) =>
      client.get(withParam(billingPaths.testCheckout, 'sessionId', sessionId), {
        schema: testCheckoutSessionSchema,
        signal,
      }),
    completeTestCheckout: (sessionId) =>
      client.post(withParam(billingPaths.testCheckoutComplete, 'sessionId', sessionId), undefined, {
        schema: testCheckoutResultResponse,
      }),
    cancelTestCheckout: (sessionId) =>
      client.post(withParam(billingPaths.testCheckoutCancel, 'sessionId', sessionId), undefined, {
        schema: testCheckoutResultResponse,
      }),
    createSubscription: (request) => client.post(billingPaths.subscriptions, request, { schema: subscriptionSchema }),
    cancelSubscription: () => client.post(billingPaths.cancelSubscription, undefined, { schema: subscriptionSchema }),
    recoveryCheckout: (transferId) =>
      client.post(withParam(billingPaths.recoveryCheckout, 'id', transferId), {}, { schema: checkoutSessionResponse }),
    confirmRecovery: (transferId, sessionId) =>
      client.post(
        withParam(billingPaths.confirmRecovery, 'id', transferId),
        { session_id: sessionId },
        { schema: confirmRecoveryResponse },
      ),
  }
}

export const billingApi = createBillingApi()
