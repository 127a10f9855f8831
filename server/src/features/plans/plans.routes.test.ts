import {
  adminPlansResponse,
  myPlanLimitsResponse,
  planSchema,
  plansListResponse,
  subscriptionLevelsResponse,
} from '@ferry/contracts/api/plans'
import type { Role } from '@ferry/contracts/api/users'
import { describe, expect, it } from 'vitest'
import { forEachStack } from '../../testing/test-app.js'
import { authStacks, bearer, registerAccount } from '../auth/testing/auth-test-kit.js'

const guestBytes = 53687091200
const proBytes = 2199023255552

await forEachStack((getApp) => {
  const api = (pathname: string, init?: RequestInit) => getApp().api(pathname, init)
  const get = (pathname: string, token?: string) => api(pathname, token ? { headers: bearer(token) } : undefined)

  /** A signed-in user of this role; the guard reads the role fresh on every request. */
  async function signedIn(role: Role): Promise<string> {
    const account = await registerAccount(api)
    if (role !== 'FREE') await getApp().services.users.setRole(account.user.email, role)
    return account.access_token
  }

  describe('GET /api/plans', () => {
    it('lists every plan, in order, with euro prices and null for unlimited', async () => {
      const res = await get('/api/plans')
      expect(res.status).toBe(200)
      const plans = plansListResponse.parse(await res.json())
      expect(plans.map((p) => p.id)).toEqual(['guest', 'pro', 'business', 'enterprise', 'edu', 'ngo'])
      const pro = plans.find((p) => p.id === 'pro')!
      expect(pro).toMatchObject({ price_monthly: 9.99, price_yearly: 99, payout_amount: 35, max_recipients: 5 })
      expect(plans.find((p) => p.id === 'business')).toMatchObject({
        max_transfer_size_gb: null,
        max_transfer_expiry_hours: null,
      })
      expect(pro).not.toHaveProperty('price_monthly_cents')
    })

    it('leaves inactive plans out with active_only=true, and only then', async () => {
      const plans = getApp().services.plans
      await plans.update('ngo', { isActive: false })
      try {
        const active = (await (await get('/api/plans?active_only=true')).json()) as { id: string }[]
        expect(active.map((p) => p.id)).toEqual(['guest', 'pro', 'business', 'enterprise', 'edu'])
        const all = (await (await get('/api/plans?active_only=false')).json()) as { id: string }[]
        expect(all.map((p) => p.id)).toContain('ngo')
        const levels = (await (await get('/api/subscription-levels')).json()) as { id: string }[]
        expect(levels.map((p) => p.id)).not.toContain('ngo')
      } finally {
        await plans.update('ngo', { isActive: true })
      }
    })

    it('answers 400 to a malformed active_only', async () => {
      const res = await get('/api/plans?active_only=maybe')
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ code: 'validation_failed' })
    })
  })

  describe('GET /api/plans/{id} and /api/plans/{id}/limits', () => {
    it('answers one plan', async () => {
      const res = await get('/api/plans/enterprise')
      expect(res.status).toBe(200)
      const plan = planSchema.parse(await res.json())
      expect(plan).toMatchObject({ id: 'enterprise', name: 'Enterprise', price_yearly: 1000, custom_domain: true })
    })

    it('answers 404 for an unknown plan, on both routes', async () => {
      for (const path of ['/api/plans/platinum', '/api/plans/platinum/limits']) {
        const res = await get(path)
        expect(res.status).toBe(404)
        expect(await res.json()).toEqual({ code: 'not_found', detail: 'Plan not found' })
      }
    })

    it('answers the limits in bytes and hours', async () => {
      expect(await (await get('/api/plans/guest/limits')).json()).toEqual({
        plan_id: 'guest',
        max_transfer_size: guestBytes,
        max_transfer_size_gb: 50,
        max_transfer_expiry_hours: 24,
        max_monthly_data: 100 * 1024 ** 3,
        max_monthly_data_gb: 100,
        max_room_users: 5,
        max_recipients: 1,
        max_daily_transfers: 20,
      })
      expect(await (await get('/api/plans/business/limits')).json()).toMatchObject({
        max_transfer_size: null,
        max_transfer_expiry_hours: null,
        max_monthly_data: null,
        max_recipients: 5,
        max_room_users: 30,
      })
    })
  })

  describe('GET /api/plans/limits', () => {
    const expectedAllPlans = {
      FREE: {
        max_transfer_size: guestBytes,
        max_daily_transfers: 20,
        max_recipients: 1,
        max_transfer_expiry_hours: 24,
        plan_id: 'guest',
      },
      PREMIUM: {
        max_transfer_size: proBytes,
        max_daily_transfers: null,
        max_recipients: 5,
        max_transfer_expiry_hours: 720,
        plan_id: 'pro',
      },
    }

    it('answers 401 without login', async () => {
      const res = await get('/api/plans/limits')
      expect(res.status).toBe(401)
      expect(await res.json()).toEqual({ code: 'unauthorized', detail: 'Not authenticated' })
    })

    it('gives a FREE user the Guest limits: 1 recipient, 50 GiB', async () => {
      const res = await get('/api/plans/limits', await signedIn('FREE'))
      expect(res.status).toBe(200)
      expect(myPlanLimitsResponse.parse(await res.json())).toEqual({
        user_plan: 'FREE',
        subscription_level: 'guest',
        current_limits: expectedAllPlans.FREE,
        all_plans: expectedAllPlans,
        authenticated: true,
      })
    })

    it('gives a PREMIUM user the Pro limits: 5 recipients, 2 TiB', async () => {
      const body = await (await get('/api/plans/limits', await signedIn('PREMIUM'))).json()
      expect(body).toEqual({
        user_plan: 'PREMIUM',
        subscription_level: 'pro',
        current_limits: expectedAllPlans.PREMIUM,
        all_plans: expectedAllPlans,
        authenticated: true,
      })
    })

    it('follows the plan data when an admin changes it', async () => {
      const plans = getApp().services.plans
      await plans.update('guest', { maxRecipients: 2, maxDailyTransfers: 10 })
      try {
        const body = await (await get('/api/plans/limits', await signedIn('FREE'))).json()
        expect(body.current_limits).toEqual({
          max_transfer_size: guestBytes,
          max_daily_transfers: 10,
          max_recipients: 2,
          max_transfer_expiry_hours: 24,
          plan_id: 'guest',
        })
      } finally {
        await plans.update('guest', { maxRecipients: 1, maxDailyTransfers: 20 })
      }
    })
  })

  describe('GET /api/subscription-levels', () => {
    it('answers the records with prices, limits, trial and features', async () => {
      const res = await get('/api/subscription-levels')
      expect(res.status).toBe(200)
      const levels = subscriptionLevelsResponse.parse(await res.json())
      const byId = Object.fromEntries(levels.map((l) => [l.id, l]))
      expect(byId.pro).toMatchObject({
        role: 'PREMIUM',
        tier: 'individual',
        price_monthly: 9.99,
        is_trial_available: true,
        trial_days: 5,
        max_transfer_size_gb: 2048,
        features: { no_ads: true, ads_enabled: false, password_protection: true, video_audio: false },
      })
      expect(byId.guest?.features).toMatchObject({ no_ads: false, requires_otp: true })
      expect(byId.business?.features).toMatchObject({ video_audio: true, analytics: true })
      expect(byId.enterprise?.features).toMatchObject({ custom_domain: true, custom_css: true })
    })
  })

  describe('GET /api/admin/plans', () => {
    it('answers 401 without login and 403 to non-admins', async () => {
      expect((await get('/api/admin/plans')).status).toBe(401)
      for (const role of ['FREE', 'PREMIUM'] as const) {
        const res = await get('/api/admin/plans', await signedIn(role))
        expect(res.status).toBe(403)
        expect(await res.json()).toMatchObject({ code: 'forbidden' })
      }
    })

    it('gives admins the full rows with the stored cents', async () => {
      const res = await get('/api/admin/plans', await signedIn('ADMIN'))
      expect(res.status).toBe(200)
      const plans = adminPlansResponse.parse(await res.json())
      expect(plans).toHaveLength(6)
      expect(plans.find((p) => p.id === 'pro')).toMatchObject({
        price_monthly_cents: 999,
        price_yearly_cents: 9900,
        payout_amount_cents: 3500,
        price_monthly: 9.99,
      })
    })
  })
}, authStacks())
