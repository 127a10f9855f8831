import type { UserCurrentPlanResponse } from '@ferry/contracts/api/billing'
import type { CurrentOrganizationResponse, Organization } from '@ferry/contracts/api/organizations'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { subscriptions } from '../../db/schema/index.js'
import { forEachStack } from '../../testing/test-app.js'
import { authStacks, createTestClock } from '../auth/testing/auth-test-kit.js'
import { buyWithTestCheckout, checkoutBody, get, post } from '../billing/testing/billing-test-kit.js'
import { signUp } from '../transfers/testing/transfers-test-kit.js'
import { createTestOrganization, settleSeats } from './testing/organizations-test-kit.js'

const clock = createTestClock()

await forEachStack((getApp) => {
  describe('organizations: create and read', () => {
    it('needs a session, then a plan with central_billing (a Pro user gets 403 plan_feature_missing)', async () => {
      const app = getApp()
      expect((await post(app, '/api/organizations', { name: 'Acme' })).status).toBe(401)
      expect((await get(app, '/api/organizations/current')).status).toBe(401)
      const pro = await signUp(app, 'PREMIUM')
      const refused = await post(app, '/api/organizations', { name: 'Acme' }, pro.token)
      expect(refused).toMatchObject({ status: 403, body: { code: 'plan_feature_missing' } })
      expect((await get<CurrentOrganizationResponse>(app, '/api/organizations/current', pro.token)).body).toEqual({
        organization: null,
      })
    })

    it('makes an organization on Business: the owner holds one seat, and a second one is refused', async () => {
      const app = getApp()
      const org = await createTestOrganization(app, { plan: 'business' })
      const current = await get<CurrentOrganizationResponse>(app, '/api/organizations/current', org.owner.token)
      expect(current.body.organization).toMatchObject({
        id: org.id,
        name: 'Acme',
        plan: { id: 'business', name: 'Business' },
        my_role: 'owner',
        seats: 1,
        billing_email: org.owner.email,
      })
      const byId = await get<Organization>(app, `/api/organizations/${org.id}`, org.owner.token)
      expect(byId.body).toEqual(current.body.organization)
      const again = await post(app, '/api/organizations', { name: 'Acme 2' }, org.owner.token)
      expect(again).toMatchObject({ status: 409, body: { code: 'already_in_organization' } })
      const blank = await post(app, '/api/organizations', { name: '  ' }, org.owner.token)
      expect(blank.status).toBe(400)
    })

    it('answers 404 for an organization the caller does not belong to', async () => {
      const app = getApp()
      const org = await createTestOrganization(app)
      const stranger = await signUp(app, 'FREE')
      expect((await get(app, `/api/organizations/${org.id}`, stranger.token)).status).toBe(404)
      expect((await get(app, `/api/organizations/${crypto.randomUUID()}`, org.owner.token)).status).toBe(404)
      expect((await get(app, '/api/organizations/not-a-uuid', org.owner.token)).status).toBe(400)
    })

    it("gives members the organization's plan and flags, and bills them as seats of the owner's subscription", async () => {
      const app = getApp()
      const org = await createTestOrganization(app, { plan: 'enterprise', roles: ['member', 'billing'] })
      const member = org.members[0]!
      const plan = await get<UserCurrentPlanResponse>(app, '/api/user/subscription-level', member.token)
      expect(plan.body.plan).toMatchObject({ id: 'enterprise', central_billing: true, custom_domain: true })
      const seen = await get<Organization>(app, `/api/organizations/${org.id}`, member.token)
      expect(seen.body).toMatchObject({ my_role: 'member', seats: 3, plan: { id: 'enterprise' } })

      await settleSeats(app)
      const [owned] = await app.deps.database.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, org.owner.id))
      const enterprise = await app.services.plans.findStored('enterprise')
      expect(owned).toMatchObject({ quantity: 3, amountCents: enterprise!.priceMonthlyCents! * 3 })
    })

    it("bills the members as seats of the owner's new subscription when the owner changes plan at the test checkout", async () => {
      const app = getApp()
      const org = await createTestOrganization(app, { plan: 'business', roles: ['member'] })
      await settleSeats(app)
      const liveOf = async () => {
        const [row] = await app.deps.database.db
          .select()
          .from(subscriptions)
          .where(and(eq(subscriptions.userId, org.owner.id), eq(subscriptions.status, 'ACTIVE')))
        return row
      }
      expect((await liveOf())?.quantity).toBe(2)

      await buyWithTestCheckout(
        app,
        org.owner.token,
        checkoutBody(org.owner.id, { plan_id: 'enterprise', interval: 'yearly' }),
      )
      await settleSeats(app)
      const enterprise = await app.services.plans.findStored('enterprise')
      expect(await liveOf()).toMatchObject({
        planId: 'enterprise',
        quantity: 2,
        amountCents: enterprise!.priceYearlyCents! * 2,
      })
      const seen = await get<Organization>(app, `/api/organizations/${org.id}`, org.members[0]!.token)
      expect(seen.body).toMatchObject({ seats: 2, plan: { id: 'enterprise' } })
    })
  })
}, authStacks({ clock }))
