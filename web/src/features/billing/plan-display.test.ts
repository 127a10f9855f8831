import type { Plan } from '@ferry/contracts/api/plans'
import { describe, expect, it } from 'vitest'
import {
  comparisonCell,
  durationDisplay,
  filterPlans,
  planAction,
  priceDisplay,
  sizeDisplay,
  yearlySaving,
} from './plan-display.js'
import { planFeatureLines } from './plan-features.js'

const plan = (over: Partial<Plan>): Plan =>
  ({
    id: 'pro',
    name: 'Pro',
    role: 'PREMIUM',
    tier: 'individual',
    is_selectable: true,
    price_monthly: 9.99,
    price_yearly: 99,
    single_transfer_price: 4.99,
    payout_amount: 35,
    allows_payouts: true,
    max_transfer_size_gb: 2048,
    max_transfer_expiry_hours: 720,
    max_monthly_data_gb: 2048,
    max_room_users: 30,
    max_recipients: 5,
    max_daily_transfers: null,
    supports_video_audio: false,
    max_document_features: { preview: true, comments: false, clean_data_room: false },
    extra_features: {},
    is_trial_available: true,
    trial_days: 5,
    ads_enabled: false,
    requires_otp: false,
    unlimited_data: false,
    central_billing: false,
    analytics_panel: false,
    custom_domain: false,
    custom_css: false,
    custom_background: false,
    password_protection: true,
    sftp_download: true,
    recovery_allowed: true,
    selling_allowed: false,
    document_preview: true,
    document_comments: false,
    analytics_access: false,
    notes: null,
    is_active: true,
    sort_order: 10,
    created_at: '2025-07-21T00:00:00.000Z',
    updated_at: '2025-07-21T00:00:00.000Z',
    ...over,
  }) as Plan

describe('priceDisplay (spec/accounts.md §5)', () => {
  it('shows yearly when the switch is on and the plan has one, else monthly, else Contact us', () => {
    expect(priceDisplay(plan({}), 'yearly')).toEqual({ kind: 'price', amount: 99, per: 'yearly' })
    expect(priceDisplay(plan({}), 'monthly')).toEqual({ kind: 'price', amount: 9.99, per: 'monthly' })
    expect(priceDisplay(plan({ price_yearly: null }), 'yearly')).toEqual({
      kind: 'price',
      amount: 9.99,
      per: 'monthly',
    })
    expect(priceDisplay(plan({ price_yearly: null, price_monthly: null }), 'yearly')).toEqual({ kind: 'contact' })
    expect(priceDisplay(plan({ price_yearly: 0, price_monthly: 0 }), 'yearly')).toEqual({ kind: 'free' })
  })
})

describe('plan cards', () => {
  const guest = plan({ id: 'guest', is_selectable: false, role: 'FREE' })
  const edu = plan({ id: 'edu', is_selectable: false, tier: 'organization' })
  it('gives Current Plan, Downgrade not available, Contact Us or Choose', () => {
    expect(planAction(plan({}), 'pro')).toBe('current')
    expect(planAction(guest, 'pro')).toBe('downgrade')
    expect(planAction(guest, 'guest')).toBe('current')
    expect(planAction(edu, 'guest')).toBe('contact')
    expect(planAction(plan({}), 'guest')).toBe('choose')
    expect(planAction(plan({}), null)).toBe('choose')
    expect(planAction(guest, null, false)).toBe('signup')
  })

  it('computes the yearly saving from the prices, rounded down', () => {
    const priced = (monthly: number | null, yearly: number | null) => ({ price_monthly: monthly, price_yearly: yearly })
    // The seeded prices: Pro saves 17.4 %, Business and Enterprise 16.7 %.
    expect(yearlySaving([priced(9.99, 99), priced(15, 150), priced(100, 1000)])).toEqual({ percent: 17, upTo: true })
    expect(yearlySaving([priced(10, 96), priced(20, 192)])).toEqual({ percent: 20, upTo: false })
    expect(yearlySaving([priced(0, 0), priced(null, null), priced(10, 120)])).toBeNull()
  })

  it('filters by tier', () => {
    expect(filterPlans([guest, edu], 'organization')).toEqual([edu])
    expect(filterPlans([guest, edu], 'all')).toEqual([guest, edu])
  })
})

describe('comparison cells', () => {
  it('reads sizes, expiry and unlimited from plan data', () => {
    expect(sizeDisplay(2048)).toEqual({ bytes: 2 * 1024 ** 4 })
    expect(sizeDisplay(50)).toEqual({ bytes: 50 * 1024 ** 3 })
    expect(sizeDisplay(null)).toBeNull()
    expect(durationDisplay(24)).toEqual({ unit: 'hours', count: 24 })
    expect(durationDisplay(720)).toEqual({ unit: 'days', count: 30 })
    expect(durationDisplay(null)).toBeNull()
  })

  it('computes every row', () => {
    const pro = plan({})
    expect(comparisonCell(pro, 'referralPayouts', 'yearly')).toEqual({ kind: 'payout', amount: 35 })
    expect(comparisonCell(pro, 'trial', 'yearly')).toEqual({ kind: 'trial', days: 5 })
    expect(comparisonCell(plan({ is_trial_available: false }), 'trial', 'yearly')).toEqual({
      kind: 'trial',
      days: null,
    })
    expect(comparisonCell(pro, 'ads', 'yearly')).toEqual({ kind: 'ads', shown: false })
    expect(comparisonCell(pro, 'videoAudio', 'yearly')).toEqual({ kind: 'flag', value: false })
    // Not built yet: a plan with the flag is 'coming soon', not a check mark.
    expect(comparisonCell(plan({ custom_domain: true }), 'customDomain', 'yearly')).toEqual({ kind: 'soon' })
    // Built (issue 21): either analytics flag gets the check mark.
    expect(comparisonCell(plan({ analytics_access: true }), 'analytics', 'yearly')).toEqual({
      kind: 'flag',
      value: true,
    })
    expect(comparisonCell(pro, 'analytics', 'yearly')).toEqual({ kind: 'flag', value: false })
    // Built (issue 18): a plan with password protection gets its check mark.
    expect(comparisonCell(pro, 'passwordProtection', 'yearly')).toEqual({ kind: 'flag', value: true })
    expect(comparisonCell(plan({ password_protection: false }), 'passwordProtection', 'yearly')).toEqual({
      kind: 'flag',
      value: false,
    })
  })
})

it('lists a plan’s features from its flags', () => {
  const keys = planFeatureLines(plan({})).map((line) => line.key)
  expect(keys).toEqual([
    'size',
    'expiry',
    'recipients',
    'roomUsers',
    'monthly',
    'passwordProtection',
    'recovery',
    'noAds',
    'payouts',
  ])
  expect(planFeatureLines(plan({ analytics_panel: true })).map((line) => line.key)).toContain('analytics')
})
