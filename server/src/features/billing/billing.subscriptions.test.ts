import type { Subscription } from '@ferry/contracts/api/billing'
import { describe, expect, it } from 'vitest'
import { forEachStack } from '../../testing/test-app.js'
import { authStacks, createTestClock } from '../auth/testing/auth-test-kit.js'
import { signUp } from '../transfers/testing/transfers-test-kit.js'
import { billingState, currentPlan, get, post, roleOf } from './testing/billing-test-kit.js'

const clock = createTestClock()

await forEachStack((getApp) => {
  describe('POST /api/billing/subscriptions', () => {
    it('admins give any plan to any user; others get 403 for others and 402 for paid plans', async () => {
      const app = getApp()
      const admin = await signUp(app, 'ADMIN')
      const user = await signUp(app, 'FREE')
      const other = await signUp(app, 'FREE')
      const paid = await post(app, '/api/billing/subscriptions', { user_id: user.id, plan_id: 'pro' }, user.token)
      expect(paid).toMatchObject({ status: 402, body: { code: 'subscription_paid_plan' } })
      const forOther = await post(
        app,
        '/api/billing/subscriptions',
        { user_id: other.id, plan_id: 'guest' },
        user.token,
      )
      expect(forOther).toMatchObject({ status: 403, body: { code: 'subscription_other_user' } })
      const contact = await post(app, '/api/billing/subscriptions', { user_id: user.id, plan_id: 'edu' }, user.token)
      expect(contact).toMatchObject({ status: 403, body: { code: 'checkout_plan_not_selectable' } })
      expect(await billingState(app, user.id)).toMatchObject({ subscriptions: [], role: 'FREE' })

      const given = await post<Subscription>(
        app,
        '/api/billing/subscriptions',
        { user_id: user.id, plan_id: 'business' },
        admin.token,
      )
      expect(given.status).toBe(201)
      expect(given.body).toMatchObject({
        plan_id: 'business',
        status: 'ACTIVE',
        provider: 'complimentary',
        amount: null,
      })
      expect(await roleOf(app, user.id)).toBe('PREMIUM')
      expect((await currentPlan(app, user.token)).body.plan.id).toBe('business')

      const edu = await post(app, '/api/billing/subscriptions', { user_id: user.id, plan_id: 'edu' }, admin.token)
      expect(edu.status).toBe(201)
      expect(await roleOf(app, user.id)).toBe('FREE')
      expect((await currentPlan(app, user.token)).body.plan.id).toBe('edu')
      const unknown = await post(app, '/api/billing/subscriptions', { user_id: user.id, plan_id: 'nope' }, admin.token)
      expect(unknown.status).toBe(404)
      const noUser = await post(
        app,
        '/api/billing/subscriptions',
        { user_id: crypto.randomUUID(), plan_id: 'pro' },
        admin.token,
      )
      expect(noUser.status).toBe(404)
      const badId = await post(app, '/api/billing/subscriptions', { user_id: 'x', plan_id: 'pro' }, admin.token)
      expect(badId.status).toBe(400)
      expect((await post(app, '/api/billing/subscriptions', { user_id: user.id, plan_id: 'pro' })).status).toBe(401)
    })
  })

  describe('GET /api/user/subscription-level', () => {
    it('answers the caller only', async () => {
      const app = getApp()
      expect((await get(app, '/api/user/subscription-level')).status).toBe(401)
    })
  })
  describe('OpenAPI', () => {
    it('documents the billing routes, with the complimentary-subscription decision', async () => {
      const doc = (await (await getApp().api('/api/docs/json')).json()) as {
        paths: Record<string, Record<string, { description?: string }>>
      }
      for (const path of ['/api/checkout/session', '/api/billing/webhook', '/api/referrals/redeem']) {
        expect(Object.keys(doc.paths)).toContain(path)
      }
      expect(doc.paths['/api/billing/subscriptions']!.post!.description).toContain('paid plans are bought through')
    })
  })
}, authStacks({ clock }))
