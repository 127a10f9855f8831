import type { CheckoutSessionRequest } from '@ferry/contracts/api/billing'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api-error.js'
import { runUpgradeFlow, type UpgradeFlowDeps } from './upgrade-flow.js'

function fakes(redeemFails = false) {
  const calls: string[] = []
  const checkouts: CheckoutSessionRequest[] = []
  const deps: UpgradeFlowDeps = {
    redeem: async (request) => {
      calls.push(`redeem ${request.referral_code} ${request.user_id}`)
      if (redeemFails) throw new ApiError(404, 'This referral code is not valid.')
      return {}
    },
    createCheckout: async (request) => {
      calls.push('checkout')
      checkouts.push(request)
      return { url: '/checkout/test/s1', session_id: 's1' }
    },
    refuse: (error) => calls.push(`refuse ${(error as Error).message}`),
    go: (url) => calls.push(`go ${url}`),
    origin: 'https://ferry.example',
    successPath: '/upgrade/success',
    cancelPath: '/upgrade',
  }
  return { deps, calls, checkouts }
}

const choice = { userId: 'u1', planId: 'pro', interval: 'yearly' as const }

describe('runUpgradeFlow (spec/accounts.md §4)', () => {
  it('redeems the trimmed code, checks out with it, then leaves for the checkout', async () => {
    const { deps, calls, checkouts } = fakes()
    await runUpgradeFlow({ ...choice, referralCode: '  ABC123 ' }, deps)
    expect(calls).toEqual(['redeem ABC123 u1', 'checkout', 'go /checkout/test/s1'])
    expect(checkouts[0]).toEqual({
      user_id: 'u1',
      plan_id: 'pro',
      interval: 'yearly',
      referral_code: 'ABC123',
      success_url: 'https://ferry.example/upgrade/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://ferry.example/upgrade',
    })
  })

  it('sends no code when the field is blank', async () => {
    const { deps, calls, checkouts } = fakes()
    await runUpgradeFlow({ ...choice, referralCode: '   ' }, deps)
    expect(calls).toEqual(['checkout', 'go /checkout/test/s1'])
    expect(checkouts[0]).not.toHaveProperty('referral_code')
  })

  it('refuses a code that cannot be redeemed, and neither checks out nor leaves', async () => {
    const { deps, calls, checkouts } = fakes(true)
    await runUpgradeFlow({ ...choice, referralCode: 'NOPE' }, deps)
    expect(calls).toEqual(['redeem NOPE u1', 'refuse This referral code is not valid.'])
    expect(checkouts).toEqual([])
  })

  it('lets a checkout failure through without leaving', async () => {
    const { deps, calls } = fakes()
    deps.createCheckout = async () => {
      throw new ApiError(503, 'Service Unavailable')
    }
    await expect(runUpgradeFlow({ ...choice, referralCode: '' }, deps)).rejects.toThrow('Service Unavailable')
    expect(calls).toEqual([])
  })
})
