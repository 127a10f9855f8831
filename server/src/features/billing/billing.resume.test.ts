import type { Subscription } from '@ferry/contracts/api/billing'
import { describe, expect, it } from 'vitest'
import { forEachStack } from '../../testing/test-app.js'
import { authStacks, createTestClock } from '../auth/testing/auth-test-kit.js'
import { signUp } from '../transfers/testing/transfers-test-kit.js'
import { createSubscriptionSweeper } from './billing.jobs.js'
import { billingState, buyWithTestCheckout, checkoutBody, currentPlan, days, post } from './testing/billing-test-kit.js'

const clock = createTestClock()
const resume = (app: Parameters<typeof post>[0], token?: string) =>
  post<Subscription>(app, '/api/billing/subscription/resume', undefined, token)
const cancel = (app: Parameters<typeof post>[0], token: string) =>
  post<Subscription>(app, '/api/billing/subscription/cancel', undefined, token)

await forEachStack((getApp) => {
  describe('POST /api/billing/subscription/resume (issue 17 item 6)', () => {
    it('takes back a cancellation during the trial: the trial goes on and the first charge is due at its end', async () => {
      const app = getApp()
      const buyer = await signUp(app, 'FREE')
      await buyWithTestCheckout(app, buyer.token, checkoutBody(buyer.id))
      const trialEnd = (await currentPlan(app, buyer.token)).body.subscription!.trial_end

      const canceled = await cancel(app, buyer.token)
      expect(canceled.body).toMatchObject({ status: 'CANCELED', end_date: trialEnd, next_billing_date: null })
      const resumed = await resume(app, buyer.token)
      expect(resumed.status, JSON.stringify(resumed.body)).toBe(200)
      expect(resumed.body).toMatchObject({ status: 'TRIALING', end_date: null, next_billing_date: trialEnd })
      expect((await currentPlan(app, buyer.token)).body).toMatchObject({ plan: { id: 'pro' }, is_trial: true })

      // Nothing to resume any more: 409, and the state is unchanged.
      expect(await resume(app, buyer.token)).toMatchObject({ status: 409, body: { code: 'subscription_not_canceled' } })

      // The schedule no longer ends it: at the trial's end it is charged and becomes ACTIVE.
      clock.advance(days(6))
      try {
        await createSubscriptionSweeper(app.deps).sweep()
        const state = await billingState(app, buyer.id)
        expect(state.role).toBe('PREMIUM')
        expect(state.subscriptions.map((s) => s.status)).toEqual(['ACTIVE'])
        expect(state.payments).toHaveLength(1)
      } finally {
        clock.reset()
      }
    })

    it('answers 401 signed out, 404 without a subscription, 409 once the cancelled plan ended', async () => {
      const app = getApp()
      expect((await resume(app)).status).toBe(401)
      const free = await signUp(app, 'FREE')
      expect(await resume(app, free.token)).toMatchObject({ status: 404, body: { code: 'subscription_not_found' } })

      const buyer = await signUp(app, 'FREE')
      await buyWithTestCheckout(app, buyer.token, checkoutBody(buyer.id))
      await cancel(app, buyer.token)
      clock.advance(days(6))
      try {
        // Past its end but before the schedule ran: still refused, never revived.
        expect(await resume(app, buyer.token)).toMatchObject({
          status: 409,
          body: { code: 'subscription_resume_ended' },
        })
        await createSubscriptionSweeper(app.deps).sweep()
        expect(await resume(app, buyer.token)).toMatchObject({ status: 404 })
        expect((await billingState(app, buyer.id)).role).toBe('FREE')
      } finally {
        clock.reset()
      }
    })
  })
}, authStacks({ clock }))
