import { describe, expect, it } from 'vitest'
import { forEachDatabase } from '../../testing/test-database.js'
import { createUsersService } from '../users/users.service.js'
import { createPlansService, planIdForRole } from './plans.service.js'

const gib = 1024 ** 3

describe('planIdForRole', () => {
  it('gives Guest to visitors and FREE users, Pro to PREMIUM and ADMIN until subscriptions exist', () => {
    expect(planIdForRole(null)).toBe('guest')
    expect(planIdForRole('FREE')).toBe('guest')
    expect(planIdForRole('PREMIUM')).toBe('pro')
    expect(planIdForRole('ADMIN')).toBe('pro')
  })
})

await forEachDatabase((getDatabase) => {
  const service = () => createPlansService({ database: getDatabase() })
  const users = () => createUsersService({ database: getDatabase() })
  const newUser = async (role: 'FREE' | 'PREMIUM' | 'ADMIN') => {
    const user = await users().create({ email: `${role}-${crypto.randomUUID()}@example.com`, name: 'P', role })
    if (!user) throw new Error('user not created')
    return user
  }

  it('seeds the six plans of spec/accounts.md §9 in display order', async () => {
    const plans = await service().list()
    expect(plans.map((p) => p.id)).toEqual(['guest', 'pro', 'business', 'enterprise', 'edu', 'ngo'])
    const byId = Object.fromEntries(plans.map((p) => [p.id, p]))
    expect(byId.guest).toMatchObject({
      role: 'FREE',
      price_monthly: 0,
      max_transfer_size_gb: 50,
      max_transfer_expiry_hours: 24,
      max_monthly_data_gb: 100,
      max_room_users: 5,
      max_recipients: 1,
      ads_enabled: true,
      requires_otp: true,
      allows_payouts: false,
    })
    expect(byId.pro).toMatchObject({
      role: 'PREMIUM',
      price_monthly: 9.99,
      price_yearly: 99,
      payout_amount: 35,
      max_transfer_size_gb: 2048,
      max_transfer_expiry_hours: 720,
      max_monthly_data_gb: 2048,
      max_room_users: 30,
      max_recipients: 5,
      is_trial_available: true,
      trial_days: 5,
      ads_enabled: false,
      password_protection: true,
      sftp_download: true,
      document_preview: true,
      recovery_allowed: true,
      allows_payouts: true,
    })
    expect(byId.business).toMatchObject({
      price_monthly: 15,
      price_yearly: 150,
      payout_amount: 60,
      max_transfer_size_gb: null,
      max_transfer_expiry_hours: null,
      max_monthly_data_gb: null,
      supports_video_audio: true,
      analytics_panel: true,
      document_comments: true,
      custom_domain: false,
    })
    expect(byId.enterprise).toMatchObject({
      price_monthly: 100,
      price_yearly: 1000,
      payout_amount: 290,
      custom_domain: true,
      custom_css: true,
      custom_background: true,
      max_document_features: { preview: true, comments: true, clean_data_room: true },
      supports_video_audio: true,
    })
    for (const id of ['edu', 'ngo']) {
      expect(byId[id]).toMatchObject({
        role: 'FREE',
        tier: 'organization',
        is_selectable: false,
        max_transfer_size_gb: 50,
        max_transfer_expiry_hours: 24,
        max_recipients: 1,
      })
    }
  })

  it('gives visitors, FREE users and unknown ids the Guest plan, PREMIUM and ADMIN users Pro', async () => {
    const plans = service()
    expect((await plans.planForUser(null)).id).toBe('guest')
    expect((await plans.planForUser(crypto.randomUUID())).id).toBe('guest')
    expect((await plans.planForUser((await newUser('FREE')).id)).id).toBe('guest')
    expect((await plans.planForUser((await newUser('PREMIUM')).id)).id).toBe('pro')
    expect((await plans.planForUser((await newUser('ADMIN')).id)).id).toBe('pro')
  })

  it('computes limits in bytes from the stored plan, null for unlimited', async () => {
    const plans = service()
    expect(plans.limitsFor(await plans.get('guest'))).toEqual({
      maxTransferBytes: 53687091200,
      maxExpiryHours: 24,
      maxRecipients: 1,
      // Security review M-2: the free plans have a finite daily count.
      maxDailyTransfers: 20,
      maxMonthlyBytes: 100 * gib,
      maxRoomUsers: 5,
    })
    expect(plans.limitsFor(await plans.get('pro')).maxTransferBytes).toBe(2199023255552)
    expect(plans.limitsFor(await plans.get('business'))).toMatchObject({
      maxTransferBytes: null,
      maxExpiryHours: null,
      maxMonthlyBytes: null,
    })
  })

  it('reads changed plan data on the next call (no stale copy)', async () => {
    const plans = service()
    await plans.update('edu', { maxTransferSizeGb: 0.5, maxDailyTransfers: 3 })
    expect(plans.limitsFor(await plans.get('edu'))).toMatchObject({
      maxTransferBytes: 512 * 1024 * 1024,
      maxDailyTransfers: 3,
    })
  })

  it('answers not_found for an unknown plan', async () => {
    await expect(service().get('platinum')).rejects.toMatchObject({ code: 'not_found', status: 404 })
  })
})
