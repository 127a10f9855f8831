import type { Subscription } from '@ferry/contracts/api/billing'
import type { Referral } from '@ferry/contracts/api/referrals'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStripeServer, stripeTestEnv, type TestStripeServer } from '../../testing/stripe-server.js'
import { buildTestApp, type TestApp } from '../../testing/test-app.js'
import { createTestClock } from '../auth/testing/auth-test-kit.js'
import { postTransfer, setExpiry, signUp, uploadFiles } from '../transfers/testing/transfers-test-kit.js'
import {
  billingState,
  checkoutBody,
  createReferral,
  currentPlan,
  days,
  get,
  getItems,
  post,
  startCheckout,
} from './testing/billing-test-kit.js'

const clock = createTestClock()
let stripe: TestStripeServer
let app: TestApp

beforeAll(async () => {
  stripe = await startStripeServer()
  app = await buildTestApp({
    clock,
    env: stripeTestEnv(stripe),
  })
})

afterAll(async () => {
  await app?.close()
  await stripe?.close()
})

let eventCounter = 0
/** Delivers a signed event to the webhook, as Stripe would. */
async function deliver(
  type: string,
  object: unknown,
  options: { id?: string; signature?: string; signedSecondsAgo?: number } = {},
) {
  const id = options.id ?? `evt_test_${++eventCounter}`
  const signedAt = Math.floor(clock.now().getTime() / 1000) - (options.signedSecondsAgo ?? 0)
  const signed = stripe.signedEvent({ id, type, data: { object } }, signedAt)
  const res = await app.api('/api/billing/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': options.signature ?? signed.signature },
    body: signed.body,
  })
  return { id, status: res.status, body: (await res.json()) as Record<string, unknown> }
}

const lastCall = (path: string) => [...stripe.calls].reverse().find((c) => c.path === path)

describe('Stripe checkout and webhooks (local stand-in for the Stripe API)', () => {
  it('creates a subscription Checkout Session with price_data and the referral trial', async () => {
    const inviter = await signUp(app, 'PREMIUM')
    const code = (await createReferral(app, inviter.token, inviter.id)).invite_code
    const buyer = await signUp(app, 'FREE')
    const started = await startCheckout(app, buyer.token, checkoutBody(buyer.id, { referral_code: code }))
    expect(started.status, JSON.stringify(started.body)).toBe(200)
    expect(started.body.url).toBe(`https://checkout.stripe.test/c/pay/${started.body.session_id}`)
    const call = lastCall('/v1/checkout/sessions')!
    expect(call.params).toMatchObject({
      mode: 'subscription',
      customer_email: buyer.email,
      client_reference_id: buyer.id,
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '9900',
      'line_items[0][price_data][recurring][interval]': 'year',
      'subscription_data[trial_period_days]': '30',
      success_url: `${app.url}/upgrade/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${app.url}/upgrade`,
    })
    // The test checkout is off while Stripe is configured.
    const test = await get(app, `/api/checkout/test/${started.body.session_id}`, buyer.token)
    expect(test).toMatchObject({ status: 404, body: { code: 'checkout_test_mode_off' } })
    const complete = await post(app, `/api/checkout/test/${started.body.session_id}/complete`, undefined, buyer.token)
    expect(complete.status).toBe(404)
    expect(await billingState(app, buyer.id)).toMatchObject({ subscriptions: [], role: 'FREE' })
  })

  it('answers 503 with the spec wording when Stripe fails, storing nothing', async () => {
    const buyer = await signUp(app, 'FREE')
    stripe.failNext(2)
    const res = await startCheckout(app, buyer.token, checkoutBody(buyer.id))
    expect(res.status).toBe(503)
    expect(res.body.code).toBe('payment_unavailable')
    expect(res.body.detail).toContain('Payment processing is temporarily unavailable')
    expect((await billingState(app, buyer.id)).sessions).toBe(0)
  })

  it('refuses bad or missing signatures (400) and changes nothing', async () => {
    const buyer = await signUp(app, 'FREE')
    const started = await startCheckout(app, buyer.token, checkoutBody(buyer.id))
    const session = stripe.pay(started.body.session_id)
    const forged = await deliver('checkout.session.completed', session, { signature: 't=1,v1=deadbeef' })
    expect(forged).toMatchObject({ status: 400, body: { code: 'webhook_signature_invalid' } })
    const unsigned = await app.api('/api/billing/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'evt_x', type: 'checkout.session.completed', data: { object: session } }),
    })
    expect(unsigned.status).toBe(400)
    // Signed for other bytes than the ones sent.
    const signed = stripe.signedEvent({ id: 'evt_y', type: 'checkout.session.completed', data: { object: session } })
    const tampered = await app.api('/api/billing/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signed.signature },
      body: signed.body.replace('"paid"', '"paid" '),
    })
    expect(tampered.status).toBe(400)
    expect(await billingState(app, buyer.id)).toMatchObject({ subscriptions: [], role: 'FREE' })
  })

  it('refuses a delivery signed 10 minutes ago, and takes one signed a minute ago (security review L-2)', async () => {
    const buyer = await signUp(app, 'FREE')
    const started = await startCheckout(app, buyer.token, checkoutBody(buyer.id))
    const session = stripe.pay(started.body.session_id)
    const stale = await deliver('checkout.session.completed', session, { signedSecondsAgo: 600 })
    expect(stale).toMatchObject({ status: 400, body: { code: 'webhook_signature_invalid' } })
    expect(await billingState(app, buyer.id)).toMatchObject({ subscriptions: [], role: 'FREE' })
    const recent = await deliver('checkout.session.completed', session, { signedSecondsAgo: 60 })
    expect(recent.status).toBe(200)
    expect(await billingState(app, buyer.id)).toMatchObject({ role: 'PREMIUM' })
  })

  it('activates on checkout.session.completed, renews on invoice.paid, ends on customer.subscription.deleted; replays change nothing', async () => {
    const inviter = await signUp(app, 'PREMIUM')
    const code = (await createReferral(app, inviter.token, inviter.id)).invite_code
    const buyer = await signUp(app, 'FREE')
    const started = await startCheckout(app, buyer.token, checkoutBody(buyer.id, { referral_code: code }))
    const session = stripe.pay(started.body.session_id, { paymentStatus: 'no_payment_required' })

    const first = await deliver('checkout.session.completed', session)
    expect(first).toMatchObject({ status: 200, body: { received: true } })
    const sub = (await currentPlan(app, buyer.token)).body.subscription!
    expect(sub).toMatchObject({ status: 'TRIALING', provider: 'stripe', plan_id: 'pro', referral_code_used: code })
    let state = await billingState(app, buyer.id)
    expect(state.role).toBe('PREMIUM')
    expect(state.subscriptions[0]).toMatchObject({ providerSubscriptionId: session.subscription })
    const before = state.subscriptions[0]!.updatedAt

    expect((await deliver('checkout.session.completed', session, { id: first.id })).status).toBe(200)
    expect((await deliver('checkout.session.completed', session)).status).toBe(200) // a new id, same session
    state = await billingState(app, buyer.id)
    expect(state.subscriptions).toHaveLength(1)
    expect(state.subscriptions[0]!.updatedAt).toEqual(before)

    expect((await deliver('customer.created', { id: 'cus_1', object: 'customer' })).status).toBe(200)

    // The trial's €0 invoice is not a payment; the charge at the trial end is.
    const zero = {
      id: 'in_zero',
      object: 'invoice',
      amount_paid: 0,
      parent: { subscription_details: { subscription: session.subscription } },
    }
    expect((await deliver('invoice.paid', zero)).status).toBe(200)
    const periodEnd = Math.floor((clock.now().getTime() + days(395)) / 1000)
    const invoice = {
      id: 'in_first_year',
      object: 'invoice',
      amount_paid: 9900,
      parent: { subscription_details: { subscription: session.subscription } },
      lines: { data: [{ period: { start: periodEnd - 365 * 86400, end: periodEnd } }] },
    }
    const paid = await deliver('invoice.paid', invoice)
    expect(paid.status).toBe(200)
    expect((await deliver('invoice.paid', invoice, { id: paid.id })).status).toBe(200)
    expect((await deliver('invoice.paid', invoice)).status).toBe(200) // the same invoice in a new event
    state = await billingState(app, buyer.id)
    expect(state.payments.map((p) => [p.reference, p.amountCents])).toEqual([['in_first_year', 9900]])
    const renewed = (await currentPlan(app, buyer.token)).body.subscription!
    expect(renewed.status).toBe('ACTIVE')
    expect(renewed.next_billing_date).toBe(new Date(periodEnd * 1000).toISOString())

    const deleted = {
      id: session.subscription,
      object: 'subscription',
      ended_at: Math.floor(clock.now().getTime() / 1000),
    }
    const ended = await deliver('customer.subscription.deleted', deleted)
    expect(ended.status).toBe(200)
    state = await billingState(app, buyer.id)
    expect(state.role).toBe('FREE')
    expect(state.subscriptions[0]).toMatchObject({ status: 'ENDED' })
    expect((await currentPlan(app, buyer.token)).body.plan.id).toBe('guest')
    // The invitee left before their first paid year: the payout is cancelled.
    const referrals = await getItems<Referral>(app, `/api/referrals/user/${inviter.id}`, inviter.token)
    expect(referrals.body[0]).toMatchObject({ payout_status: 'CANCELLED', payout_amount: 35 })
  })

  it('asks Stripe again for an invoice of a subscription it does not know yet (503, not recorded)', async () => {
    const invoice = {
      id: 'in_early',
      object: 'invoice',
      amount_paid: 999,
      parent: { subscription_details: { subscription: 'sub_unknown_yet' } },
    }
    const early = await deliver('invoice.paid', invoice)
    expect(early.status).toBe(503)
    // Stripe's retry of the same event is processed normally later (still unknown here: 503 again).
    expect((await deliver('invoice.paid', invoice, { id: early.id })).status).toBe(503)
  })

  it('a second checkout opened before the first trial gets no trial: Stripe ends it at once (security review L-3)', async () => {
    const buyer = await signUp(app, 'FREE')
    const opened = [
      await startCheckout(app, buyer.token, checkoutBody(buyer.id, { interval: 'monthly' })),
      await startCheckout(app, buyer.token, checkoutBody(buyer.id, { interval: 'monthly' })),
    ]
    const [first, second] = opened.map((started) => stripe.pay(started.body.session_id))
    expect((await deliver('checkout.session.completed', first)).status).toBe(200)
    expect(lastCall(`/v1/subscriptions/${first!.subscription}`)).toBeUndefined()
    expect((await deliver('checkout.session.completed', second)).status).toBe(200)
    expect(lastCall(`/v1/subscriptions/${second!.subscription}`)).toMatchObject({
      method: 'POST',
      params: { trial_end: 'now' },
    })
    const state = await billingState(app, buyer.id)
    expect(state.subscriptions.map((s) => `${s.status}:${s.trialStart ? 'trial' : 'none'}`).sort()).toEqual([
      'ACTIVE:none',
      'ENDED:trial',
    ])
  })

  it('cancels at the period end through Stripe', async () => {
    const buyer = await signUp(app, 'FREE')
    const started = await startCheckout(app, buyer.token, checkoutBody(buyer.id, { interval: 'monthly' }))
    const session = stripe.pay(started.body.session_id)
    expect((await deliver('checkout.session.completed', session)).status).toBe(200)
    const before = (await currentPlan(app, buyer.token)).body.subscription!
    const canceled = await post<Subscription>(app, '/api/billing/subscription/cancel', undefined, buyer.token)
    expect(canceled.status).toBe(200)
    expect(canceled.body.status).toBe('CANCELED')
    const call = lastCall(`/v1/subscriptions/${session.subscription}`)!
    expect(call).toMatchObject({ method: 'POST', params: { cancel_at_period_end: 'true' } })

    // Resumed before the period ends: Stripe renews it again, and so does Ferry (issue 17 item 6).
    const resumed = await post<Subscription>(app, '/api/billing/subscription/resume', undefined, buyer.token)
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200)
    expect(resumed.body).toMatchObject({
      status: before.status,
      end_date: null,
      next_billing_date: before.next_billing_date,
    })
    expect(lastCall(`/v1/subscriptions/${session.subscription}`)).toMatchObject({
      method: 'POST',
      params: { cancel_at_period_end: 'false' },
    })
    expect((await currentPlan(app, buyer.token)).body.subscription?.status).toBe(before.status)
  })

  it('recovery: a one-off payment, confirmed only once Stripe says it is paid', async () => {
    const owner = await signUp(app, 'PREMIUM')
    const files = await uploadFiles(app, owner, [{ name: 'r.txt', body: Buffer.from('recover me') }])
    const created = await postTransfer(app, owner.token, { files, recipient_emails: ['r@example.com'] })
    const transferId = String(created.body.id)
    const expired = new Date(clock.now().getTime() - days(1))
    await setExpiry(app, transferId, expired, new Date(clock.now().getTime() + days(6)))

    const started = await post<{ url: string; session_id: string }>(
      app,
      `/api/transfers/${transferId}/recovery-checkout`,
      {},
      owner.token,
    )
    expect(started.status, JSON.stringify(started.body)).toBe(200)
    expect(lastCall('/v1/checkout/sessions')!.params).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][unit_amount]': '499',
      success_url: `${app.url}/recovery-success?transfer_id=${transferId}&session_id={CHECKOUT_SESSION_ID}`,
    })
    const confirm = () =>
      post(
        app,
        `/api/transfers/${transferId}/confirm-recovery-payment`,
        { session_id: started.body.session_id },
        owner.token,
      )
    expect(await confirm()).toMatchObject({ status: 409, body: { code: 'recovery_payment_incomplete' } })
    stripe.pay(started.body.session_id)
    const ok = await confirm()
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    expect(new Date(String(ok.body.expires_at)).getTime() - clock.now().getTime()).toBeGreaterThan(days(7) - 60_000)
    expect(await confirm()).toEqual(ok)
    expect((await billingState(app, owner.id)).payments.map((p) => p.amountCents)).toEqual([499])
  })
})
