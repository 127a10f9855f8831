import type { Subscription, TestCheckoutSession } from '@ferry/contracts/api/billing'
import { centsToEuros } from '@ferry/contracts/domain/money'
import type { CheckoutSessionRow, SubscriptionRow } from './billing.repository.js'

const iso = (d: Date | null) => (d ? d.toISOString() : null)

export function toSubscription(row: SubscriptionRow, planName: string): Subscription {
  return {
    id: row.id,
    user_id: row.userId,
    plan_id: row.planId,
    plan_name: planName,
    status: row.status,
    interval: row.interval,
    amount: centsToEuros(row.amountCents),
    provider: row.provider,
    start_date: row.startDate.toISOString(),
    end_date: iso(row.endDate),
    next_billing_date: iso(row.nextBillingDate),
    trial_start: iso(row.trialStart),
    trial_end: iso(row.trialEnd),
    referral_code_used: row.referralCodeUsed,
    created_at: row.createdAt.toISOString(),
  }
}

export function toTestCheckoutSession(
  row: CheckoutSessionRow,
  planName: string,
  transferTitle: string | null = null,
): TestCheckoutSession {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    test_mode: true,
    plan_id: row.planId,
    plan_name: planName,
    amount: row.amountCents / 100,
    currency: 'eur',
    interval: row.interval,
    trial_days: row.trialDays,
    referral_code: row.referralCode,
    transfer_id: row.transferId,
    transfer_title: row.transferId ? (transferTitle ?? '') : null,
    success_url: row.successUrl,
    cancel_url: row.cancelUrl,
    created_at: row.createdAt.toISOString(),
  }
}
