import type { Organization } from '@ferry/contracts/api/organizations'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { queuedJobs, subscriptions } from '../../db/schema/index.js'
import { startStripeServer, stripeTestEnv, type TestStripeServer } from '../../testing/stripe-server.js'
import { buildTestApp, type TestApp } from '../../testing/test-app.js'
import { createTestClock } from '../auth/testing/auth-test-kit.js'
import { checkoutBody, post, startCheckout } from '../billing/testing/billing-test-kit.js'
import { signUp } from '../transfers/testing/transfers-test-kit.js'
import { seatsKind } from './seats.js'
import { inviteByEmail, settleSeats } from './testing/organizations-test-kit.js'

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

/** Pays a checkout of `plan` at the Stripe stand-in and delivers its webhook; the Stripe subscription id. */
async function buyWithStripe(token: string, userId: string, plan: 'business' | 'enterprise', eventId: string) {
  const started = await startCheckout(app, token, checkoutBody(userId, { plan_id: plan, interval: 'monthly' }))
  expect(started.status, JSON.stringify(started.body)).toBe(200)
  const session = stripe.pay(started.body.session_id)
  const signed = stripe.signedEvent(
    { id: eventId, type: 'checkout.session.completed', data: { object: session } },
    Math.floor(clock.now().getTime() / 1000),
  )
  const delivered = await app.api('/api/billing/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signed.signature },
    body: signed.body,
  })
  expect(delivered.status).toBe(200)
  if (!session.subscription) throw new Error('The paid session has no subscription')
  return session.subscription
}

describe('organization seats with Stripe (local stand-in for the Stripe API)', () => {
  it("sets the Stripe subscription item's quantity with proration when members join and leave, retrying through an outage", async () => {
    const owner = await signUp(app, 'FREE', 'Olga Owner')
    const subscriptionId = await buyWithStripe(owner.token, owner.id, 'business', 'evt_org_seats')

    const org = await post<Organization>(app, '/api/organizations', { name: 'Acme' }, owner.token)
    expect(org.status, JSON.stringify(org.body)).toBe(201)
    const member = await signUp(app, 'FREE', 'Mia Member')
    const token = await inviteByEmail(app, org.body.id, owner.token, member.email)
    expect((await post(app, '/api/organizations/invitations/accept', { token }, member.token)).status).toBe(200)

    // Stripe is down: the seat is not lost, the job waits for its retry.
    stripe.failNext(4)
    await settleSeats(app)
    const [waiting] = await app.deps.database.db.select().from(queuedJobs).where(eq(queuedJobs.kind, seatsKind))
    expect(waiting).toMatchObject({ state: 'queued', attempts: 1 })
    expect(stripe.quantities.get(subscriptionId)).toBeUndefined()

    clock.advance(60 * 60_000)
    await settleSeats(app)
    expect(stripe.quantities.get(subscriptionId)).toBe(2)
    const update = [...stripe.calls]
      .reverse()
      .find((c) => c.method === 'POST' && c.path === `/v1/subscriptions/${subscriptionId}`)
    expect(update?.params).toMatchObject({
      'items[0][id]': `si_${subscriptionId}`,
      'items[0][quantity]': '2',
      proration_behavior: 'create_prorations',
    })
    const [row] = await app.deps.database.db.select().from(subscriptions).where(eq(subscriptions.userId, owner.id))
    const business = await app.services.plans.findStored('business')
    expect(row).toMatchObject({ quantity: 2, amountCents: business!.priceMonthlyCents! * 2, provider: 'stripe' })

    const left = await app.api(`/api/organizations/${org.body.id}/members/${member.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${member.token}` },
    })
    expect(left.status).toBe(204)
    await settleSeats(app)
    expect(stripe.quantities.get(subscriptionId)).toBe(1)
  })

  it("sets the seats of the owner's new subscription when the owner buys another plan", async () => {
    const owner = await signUp(app, 'FREE', 'Otto Owner')
    const first = await buyWithStripe(owner.token, owner.id, 'business', 'evt_org_first_plan')
    const org = await post<Organization>(app, '/api/organizations', { name: 'Upgrading' }, owner.token)
    expect(org.status, JSON.stringify(org.body)).toBe(201)
    for (const name of ['Mia Member', 'Max Member']) {
      const member = await signUp(app, 'FREE', name)
      const token = await inviteByEmail(app, org.body.id, owner.token, member.email)
      expect((await post(app, '/api/organizations/invitations/accept', { token }, member.token)).status).toBe(200)
    }
    await settleSeats(app)
    expect(stripe.quantities.get(first)).toBe(3)

    // The new Stripe subscription starts at one seat; the webhook's fulfilment queues the seats job.
    const second = await buyWithStripe(owner.token, owner.id, 'enterprise', 'evt_org_second_plan')
    expect(second).not.toBe(first)
    await settleSeats(app)
    expect(stripe.quantities.get(second)).toBe(3)
    const shown = await app.api(`/api/organizations/${org.body.id}`, {
      headers: { authorization: `Bearer ${owner.token}` },
    })
    expect(((await shown.json()) as Organization).plan.id).toBe('enterprise')
    const [row] = await app.deps.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, second))
    const enterprise = await app.services.plans.findStored('enterprise')
    expect(row).toMatchObject({ quantity: 3, amountCents: enterprise!.priceMonthlyCents! * 3, status: 'ACTIVE' })
  })
})
