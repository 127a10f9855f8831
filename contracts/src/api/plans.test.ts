import { describe, expect, it } from 'vitest'
import { planFeatures, planFlagNames, plansListQuery } from './plans.js'

const noFlags = Object.fromEntries(planFlagNames.map((n) => [n, false])) as Record<
  (typeof planFlagNames)[number],
  false
>

describe('planFeatures (spec/accounts.md §6 feature checks)', () => {
  it('derives no_ads, video_audio and analytics from the flags', () => {
    expect(planFeatures({ ...noFlags, ads_enabled: true, supports_video_audio: false })).toMatchObject({
      no_ads: false,
      video_audio: false,
      analytics: false,
      ads_enabled: true,
    })
    expect(planFeatures({ ...noFlags, analytics_panel: true, supports_video_audio: true })).toMatchObject({
      no_ads: true,
      video_audio: true,
      analytics: true,
    })
  })
})

describe('plansListQuery', () => {
  it('reads active_only as a boolean, false when absent', () => {
    expect(plansListQuery.parse({ active_only: 'true' })).toEqual({ active_only: true })
    expect(plansListQuery.parse({ active_only: 'false' })).toEqual({ active_only: false })
    expect(plansListQuery.parse({})).toEqual({ active_only: false })
    expect(plansListQuery.safeParse({ active_only: 'maybe' }).success).toBe(false)
  })
})
