import { describe, expect, it } from 'vitest'
import {
  bytesToGb,
  effectiveExpiryHours,
  expiresAt,
  fitsMonthlyData,
  fitsRecipients,
  fitsTransferSize,
  gbToBytes,
  limitsFor,
  mayStartTransfer,
  type PlanLimitFields,
} from './plan-limits.js'

const guest: PlanLimitFields = {
  max_transfer_size_gb: 50,
  max_transfer_expiry_hours: 24,
  max_monthly_data_gb: 100,
  max_room_users: 5,
  max_recipients: 1,
  max_daily_transfers: null,
}
const pro: PlanLimitFields = { ...guest, max_transfer_size_gb: 2048, max_transfer_expiry_hours: 720, max_recipients: 5 }
const unlimited: PlanLimitFields = {
  ...pro,
  max_transfer_size_gb: null,
  max_transfer_expiry_hours: null,
  max_monthly_data_gb: null,
}

describe('gbToBytes / bytesToGb', () => {
  it('steps by 1024, matching the spec defaults (spec/transfers.md §9)', () => {
    expect(gbToBytes(50)).toBe(53687091200)
    expect(gbToBytes(2048)).toBe(2199023255552)
    expect(gbToBytes(1)).toBe(1073741824)
    expect(gbToBytes(null)).toBeNull()
    expect(bytesToGb(53687091200)).toBe(50)
  })

  it('gives whole bytes for fractional GB', () => {
    expect(gbToBytes(0.5)).toBe(536870912)
    expect(Number.isInteger(gbToBytes(0.001))).toBe(true)
  })
})

describe('limitsFor', () => {
  it('turns plan fields into bytes and hours', () => {
    expect(limitsFor(guest)).toEqual({
      maxTransferBytes: 53687091200,
      maxExpiryHours: 24,
      maxRecipients: 1,
      maxDailyTransfers: null,
      maxMonthlyBytes: 107374182400,
      maxRoomUsers: 5,
    })
    expect(limitsFor(pro)).toMatchObject({ maxTransferBytes: 2199023255552, maxRecipients: 5, maxExpiryHours: 720 })
  })

  it('keeps unlimited as null', () => {
    expect(limitsFor(unlimited)).toMatchObject({ maxTransferBytes: null, maxExpiryHours: null, maxMonthlyBytes: null })
  })
})

describe('checks', () => {
  const g = limitsFor(guest)
  const u = limitsFor(unlimited)

  it('allows a transfer up to the size limit, inclusive', () => {
    expect(fitsTransferSize(g, 53687091200)).toBe(true)
    expect(fitsTransferSize(g, 53687091201)).toBe(false)
    expect(fitsTransferSize(u, Number.MAX_SAFE_INTEGER)).toBe(true)
  })

  it('caps recipients at max_recipients', () => {
    expect(fitsRecipients(g, 1)).toBe(true)
    expect(fitsRecipients(g, 2)).toBe(false)
    expect(fitsRecipients(limitsFor(pro), 5)).toBe(true)
    expect(fitsRecipients(limitsFor(pro), 6)).toBe(false)
  })

  it('counts daily transfers against the limit; null is unlimited', () => {
    expect(mayStartTransfer(g, 10_000)).toBe(true)
    const three = limitsFor({ ...guest, max_daily_transfers: 3 })
    expect(mayStartTransfer(three, 2)).toBe(true)
    expect(mayStartTransfer(three, 3)).toBe(false)
  })

  it('adds this transfer to the month used so far', () => {
    const used = 100 * 1024 ** 3 - 10
    expect(fitsMonthlyData(g, used, 10)).toBe(true)
    expect(fitsMonthlyData(g, used, 11)).toBe(false)
    expect(fitsMonthlyData(u, used, 10 ** 15)).toBe(true)
  })
})

describe('expiry (product.md §3)', () => {
  const g = limitsFor(guest)
  const u = limitsFor(unlimited)

  it('defaults to the plan maximum and caps a longer request', () => {
    expect(effectiveExpiryHours(g)).toBe(24)
    expect(effectiveExpiryHours(g, null)).toBe(24)
    expect(effectiveExpiryHours(g, 12)).toBe(12)
    expect(effectiveExpiryHours(g, 48)).toBe(24)
  })

  it('takes any request on an unlimited plan, and no expiry without one', () => {
    expect(effectiveExpiryHours(u, 10_000)).toBe(10_000)
    expect(effectiveExpiryHours(u)).toBeNull()
  })

  it('computes the instant', () => {
    const from = new Date('2025-07-21T10:00:00Z')
    expect(expiresAt(from, 24)?.toISOString()).toBe('2025-07-22T10:00:00.000Z')
    expect(expiresAt(from, null)).toBeNull()
  })
})
