import type { Subscription, TestCheckoutSession } from '@ferry/contracts/api/billing'
import type { MyPlanLimitsResponse } from '@ferry/contracts/api/plans'
import type { Referral } from '@ferry/contracts/api/referrals'
import { describe, expect, it } from 'vitest'
import { forEachStack } from '../../testing/test-app.js'
import { authStacks, createTestClock } from '../auth/testing/auth-test-kit.js'
import { postTransfer, signUp, uploadFiles } from '../transfers/testing/transfers-test-kit.js'
import { createSubscriptionSweeper } from './billing.jobs.js'
import { checkoutsPerHour } from './checkout.service.js'
import {
  billingState,
  buyWithTestCheckout,
  checkoutBody,
  createReferral,
  currentPlan,
  days,
  get,
  getItems,
  post,
  relogin,
  roleOf,
  startCheckout,
} from './testing/billing-test-kit.js'

const clock = createTestClock()

await forEachStack((getApp) => {
  describe('test checkout (no Stripe configured)', () => {
    it('Pro yearly with a referral code: 30-day trial, PREMIUM, Pro limits, 5 recipients, PENDING payout', async () => {
      const app = getApp()
      const inviter = await signUp(app, 'PREMIUM', 'Ines Inviter')
      const code = (await createReferral(app, inviter.token, inviter.id)).invite_code
      const buyer = await signUp(app, 'FREE', 'Gus Guest')
      expect((await currentPlan(app, buyer.token)).body).toMatchObject({
        plan: { id: 'guest' },
        is_trial: false,
        trial_days_remaining: 0,
        subscription: null,
      })

      const started = await startCheckout(app, buyer.token, checkoutBody(buyer.id, { referral_code: ` ${code} ` }))
      expect(started.status, JSON.stringify(started.body)).toBe(200)
      expect(started.body.url).toBe(`/checkout/test/${started.body.session_id}`)
      const view = await get<TestCheckoutSession>(app, `/api/checkout/test/${started.body.session_id}`, buyer.token)
      expect(view.status).toBe(200)
      expect(view.body).toMatchObject({
        kind: 'subscription',
        status: 'open',
        test_mode: true,
        plan_id: 'pro',
        plan_name: 'Pro',
        amount: 99,
        currency: 'eur',
        interval: 'yearly',
        trial_days: 30,
        referral_code: code,
      })
      expect((await billingState(app, buyer.id)).role).toBe('FREE')

      const done = await post(app, `/api/checkout/test/${started.body.session_id}/complete`, undefined, buyer.token)
      expect(done.status).toBe(200)
      expect(done.body.redirect_url).toBe(`${app.url}/upgrade/success?session_id=${started.body.session_id}`)

      const now = clock.now().getTime()
      const mine = await currentPlan(app, buyer.token)
      expect(mine.body).toMatchObject({ plan: { id: 'pro' }, is_trial: true, trial_days_remaining: 30 })
      const sub = mine.body.subscription!
      expect(sub).toMatchObject({
        status: 'TRIALING',
        plan_id: 'pro',
        interval: 'yearly',
        amount: 99,
        provider: 'test',
        referral_code_used: code,
        end_date: null,
      })
      expect(new Date(sub.trial_end!).getTime() - now).toBeGreaterThan(days(30) - 60_000)
      expect(sub.next_billing_date).toBe(sub.trial_end)
      const state = await billingState(app, buyer.id)
      expect(state.role).toBe('PREMIUM')
      expect(state.payments).toHaveLength(0) // nothing charged before the trial ends

      const limits = await get<MyPlanLimitsResponse>(app, '/api/plans/limits', buyer.token)
      expect(limits.body).toMatchObject({
        user_plan: 'PREMIUM',
        subscription_level: 'pro',
        current_limits: { max_recipients: 5, max_transfer_size: 2199023255552 },
      })
      const files = await uploadFiles(app, buyer, [{ name: 'a.txt', body: Buffer.from('hello') }])
      const five = ['a', 'b', 'c', 'd', 'e'].map((n) => `${n}@example.com`)
      const sent = await postTransfer(app, buyer.token, { files, recipient_emails: five })
      expect(sent.status, JSON.stringify(sent.body)).toBe(201)
      const more = await uploadFiles(app, buyer, [{ name: 'b.txt', body: Buffer.from('hello') }])
      const six = await postTransfer(app, buyer.token, { files: more, recipient_emails: [...five, 'f@example.com'] })
      expect(six.status).toBe(400)

      const referrals = await getItems<Referral>(app, `/api/referrals/user/${inviter.id}`, inviter.token)
      expect(referrals.body).toEqual([
        expect.objectContaining({
          invite_code: code,
          invited_user_id: buyer.id,
          payout_status: 'PENDING',
          payout_amount: 35,
        }),
      ])
      const due = new Date(sub.trial_end!)
      due.setUTCFullYear(due.getUTCFullYear() + 1)
      expect(referrals.body[0]!.payout_due_date).toBe(due.toISOString())
      expect(referrals.body[0]!.conversion_date).not.toBeNull()

      // Completing again is a no-op that still says where to go.
      const again = await post(app, `/api/checkout/test/${started.body.session_id}/complete`, undefined, buyer.token)
      expect(again).toEqual(done)
      expect((await billingState(app, buyer.id)).subscriptions).toHaveLength(1)
      // The current plan cannot be bought again.
      const same = await startCheckout(app, buyer.token, checkoutBody(buyer.id))
      expect(same).toMatchObject({ status: 409, body: { code: 'checkout_current_plan' } })
    })

    it('refuses bad checkouts with a clear 4xx and stores nothing', async () => {
      const app = getApp()
      const inviter = await signUp(app, 'PREMIUM')
      const code = (await createReferral(app, inviter.token, inviter.id)).invite_code
      const user = await signUp(app, 'FREE')
      const other = await signUp(app, 'FREE')
      const used = await signUp(app, 'FREE')
      expect(
        (await post(app, '/api/referrals/redeem', { referral_code: code, user_id: used.id }, used.token)).status,
      ).toBe(200)
      const ownCode = (await createReferral(app, inviter.token, inviter.id)).invite_code

      const anonymous = await post(app, '/api/checkout/session', checkoutBody(user.id))
      expect(anonymous).toMatchObject({
        status: 401,
        body: { code: 'checkout_login_required', detail: 'You need to be logged in to upgrade your plan' },
      })
      const cases: [Record<string, unknown>, number, string][] = [
        [checkoutBody(other.id), 403, 'checkout_other_user'],
        [checkoutBody(user.id, { plan_id: '' }), 400, 'checkout_plan_required'],
        [checkoutBody(user.id, { plan_id: 'platinum' }), 404, 'checkout_plan_not_found'],
        [checkoutBody(user.id, { plan_id: 'guest' }), 400, 'checkout_plan_not_selectable'],
        [checkoutBody(user.id, { plan_id: 'edu' }), 400, 'checkout_plan_not_selectable'],
        [checkoutBody(user.id, { referral_code: 'NOSUCHCODE' }), 404, 'referral_code_invalid'],
        [checkoutBody(user.id, { referral_code: code }), 409, 'referral_code_used'],
        [checkoutBody(user.id, { success_url: 'https://evil.example/x' }), 400, 'checkout_return_url_invalid'],
        [checkoutBody(user.id, { cancel_url: '//evil.example/x' }), 400, 'checkout_return_url_invalid'],
        [{ ...checkoutBody(user.id), interval: 'weekly' }, 400, 'validation_failed'],
        [{ plan_id: 'pro' }, 400, 'validation_failed'],
      ]
      for (const [body, status, errorCode] of cases) {
        const res = await startCheckout(app, user.token, body)
        expect({ body, status: res.status, code: res.body.code }).toEqual({ body, status, code: errorCode })
        expect(res.body.detail).toBeTruthy()
      }
      const own = await startCheckout(
        app,
        inviter.token,
        checkoutBody(inviter.id, { plan_id: 'business', referral_code: ownCode }),
      )
      expect(own).toMatchObject({ status: 400, body: { code: 'referral_code_own' } })
      expect(await billingState(app, user.id)).toMatchObject({
        sessions: 0,
        subscriptions: [],
        payments: [],
        role: 'FREE',
      })
      expect((await billingState(app, inviter.id)).sessions).toBe(0)
    })

    it('lets only the owner see, complete or cancel a test session; a canceled one cannot be paid', async () => {
      const app = getApp()
      const buyer = await signUp(app, 'FREE')
      const stranger = await signUp(app, 'FREE')
      const started = await startCheckout(app, buyer.token, checkoutBody(buyer.id, { interval: 'monthly' }))
      const id = started.body.session_id
      for (const path of [`/api/checkout/test/${id}/complete`, `/api/checkout/test/${id}/cancel`]) {
        expect((await post(app, path, undefined, stranger.token)).status).toBe(404)
        expect((await post(app, path)).status).toBe(401)
      }
      expect((await get(app, `/api/checkout/test/${id}`, stranger.token)).status).toBe(404)
      expect((await get(app, '/api/checkout/test/cs_test_nope', buyer.token)).status).toBe(404)

      const canceled = await post(app, `/api/checkout/test/${id}/cancel`, undefined, buyer.token)
      expect(canceled).toEqual({ status: 200, body: { redirect_url: `${app.url}/upgrade` } })
      const late = await post(app, `/api/checkout/test/${id}/complete`, undefined, buyer.token)
      expect(late).toMatchObject({ status: 409, body: { code: 'checkout_session_closed' } })
      expect(await billingState(app, buyer.id)).toMatchObject({ subscriptions: [], role: 'FREE' })
    })

    it('limits how many checkouts a user opens per hour (429)', async () => {
      const app = getApp()
      const buyer = await signUp(app, 'FREE')
      const statuses = []
      for (let i = 0; i <= checkoutsPerHour; i++) {
        statuses.push((await startCheckout(app, buyer.token, checkoutBody(buyer.id))).status)
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(checkoutsPerHour)
      expect(statuses.at(-1)).toBe(429)
      expect((await billingState(app, buyer.id)).sessions).toBe(checkoutsPerHour)
    })

    it('two completions at once make one subscription and one payment', async () => {
      const app = getApp()
      const buyer = await signUp(app, 'FREE')
      await buyWithTestCheckout(app, buyer.token, checkoutBody(buyer.id, { interval: 'monthly' }))
      const started = await startCheckout(app, buyer.token, checkoutBody(buyer.id, { plan_id: 'business' }))
      const complete = () => post(app, `/api/checkout/test/${started.body.session_id}/complete`, undefined, buyer.token)
      const results = await Promise.all([complete(), complete(), complete()])
      expect(results.map((r) => r.status)).toEqual([200, 200, 200])
      const state = await billingState(app, buyer.id)
      expect(state.subscriptions.map((s) => `${s.planId}:${s.status}`).sort()).toEqual(['business:ACTIVE', 'pro:ENDED'])
      expect(state.payments.map((p) => p.amountCents)).toEqual([15000])
    })

    it('gives one trial per user, however many checkouts were opened before it started (security review L-3)', async () => {
      const app = getApp()
      const buyer = await signUp(app, 'FREE')
      const first = await startCheckout(app, buyer.token, checkoutBody(buyer.id, { interval: 'monthly' }))
      const second = await startCheckout(app, buyer.token, checkoutBody(buyer.id, { interval: 'monthly' }))
      for (const started of [first, second]) {
        const view = await get<TestCheckoutSession>(app, `/api/checkout/test/${started.body.session_id}`, buyer.token)
        expect(view.body.trial_days).toBe(5) // both opened before any trial began
      }
      const complete = (id: string) => post(app, `/api/checkout/test/${id}/complete`, undefined, buyer.token)
      expect((await complete(first.body.session_id)).status).toBe(200)
      expect((await currentPlan(app, buyer.token)).body.subscription).toMatchObject({ status: 'TRIALING' })
      expect((await complete(second.body.session_id)).status).toBe(200)
      const sub = (await currentPlan(app, buyer.token)).body.subscription!
      expect(sub).toMatchObject({ status: 'ACTIVE', trial_start: null, trial_end: null })
      expect((await currentPlan(app, buyer.token)).body).toMatchObject({ is_trial: false })
      // Without a trial, the first month is charged at once.
      expect((await billingState(app, buyer.id)).payments.map((p) => p.amountCents)).toEqual([999])
    })

    it("monthly with the plan's 5-day trial: charged at the trial end, renewed, canceled to period end, then Guest", async () => {
      const app = getApp()
      const sweeper = createSubscriptionSweeper(app.deps)
      const buyer = await signUp(app, 'FREE')
      const { sessionId } = await buyWithTestCheckout(app, buyer.token, checkoutBody(buyer.id, { interval: 'monthly' }))
      let sub = (await currentPlan(app, buyer.token)).body.subscription!
      expect(sub).toMatchObject({ status: 'TRIALING', amount: 9.99, interval: 'monthly' })
      expect(new Date(sub.trial_end!).getTime() - new Date(sub.trial_start!).getTime()).toBe(days(5))
      expect(sessionId).toMatch(/^cs_test_/)

      await sweeper.sweep()
      expect((await billingState(app, buyer.id)).payments).toHaveLength(0)
      clock.advance(days(5) + 1000)
      await sweeper.sweep()
      let state = await billingState(app, buyer.id)
      expect(state.payments.map((p) => p.amountCents)).toEqual([999])
      sub = (await currentPlan(app, buyer.token)).body.subscription!
      expect(sub.status).toBe('ACTIVE')
      const trialEnd = new Date(sub.trial_end!)
      const nextMonth = new Date(trialEnd)
      nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1)
      expect(sub.next_billing_date).toBe(nextMonth.toISOString())
      expect((await currentPlan(app, buyer.token)).body).toMatchObject({ is_trial: false, trial_days_remaining: 0 })
      await sweeper.sweep() // nothing more is due
      expect((await billingState(app, buyer.id)).payments).toHaveLength(1)

      const canceled = await post<Subscription>(app, '/api/billing/subscription/cancel', undefined, buyer.token)
      expect(canceled.status).toBe(200)
      expect(canceled.body).toMatchObject({
        status: 'CANCELED',
        end_date: nextMonth.toISOString(),
        next_billing_date: null,
      })
      expect(await post(app, '/api/billing/subscription/cancel', undefined, buyer.token)).toMatchObject({
        status: 409,
        body: { code: 'subscription_already_canceled' },
      })
      expect((await currentPlan(app, buyer.token)).body.plan.id).toBe('pro') // until the end date
      clock.advance(days(32))
      await sweeper.sweep()
      buyer.token = await relogin(app, buyer.email)
      state = await billingState(app, buyer.id)
      expect(state.payments).toHaveLength(1) // a canceled subscription is not charged again
      expect(state.role).toBe('FREE')
      expect(state.subscriptions[0]).toMatchObject({ status: 'ENDED' })
      expect((await currentPlan(app, buyer.token)).body).toMatchObject({ plan: { id: 'guest' }, subscription: null })
      const limits = await get<MyPlanLimitsResponse>(app, '/api/plans/limits', buyer.token)
      expect(limits.body).toMatchObject({ subscription_level: 'guest', current_limits: { max_recipients: 1 } })
      expect(await post(app, '/api/billing/subscription/cancel', undefined, buyer.token)).toMatchObject({
        status: 404,
        body: { code: 'subscription_not_found' },
      })
      // A second subscription gets no second trial.
      const again = await startCheckout(app, buyer.token, checkoutBody(buyer.id, { interval: 'monthly' }))
      const view = await get<TestCheckoutSession>(app, `/api/checkout/test/${again.body.session_id}`, buyer.token)
      expect(view.body.trial_days).toBe(0)
    })

    it('upgrading replaces the live subscription; an ADMIN keeps the ADMIN role', async () => {
      const app = getApp()
      const admin = await signUp(app, 'ADMIN')
      expect((await currentPlan(app, admin.token)).body.plan.id).toBe('pro')
      await buyWithTestCheckout(app, admin.token, checkoutBody(admin.id, { plan_id: 'business', interval: 'monthly' }))
      expect(await roleOf(app, admin.id)).toBe('ADMIN')
      expect((await currentPlan(app, admin.token)).body.plan.id).toBe('business')
      await buyWithTestCheckout(
        app,
        admin.token,
        checkoutBody(admin.id, { plan_id: 'enterprise', interval: 'monthly' }),
      )
      const subs = (await billingState(app, admin.id)).subscriptions
      expect(subs.map((s) => `${s.planId}:${s.status}`).sort()).toEqual(['business:ENDED', 'enterprise:ACTIVE'])
      expect((await currentPlan(app, admin.token)).body.plan.id).toBe('enterprise')
    })
  })
}, authStacks({ clock }))
