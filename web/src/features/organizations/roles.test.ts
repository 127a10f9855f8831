import { describe, expect, it } from 'vitest'
import { assignableRoles, canEditBillingEmail, canRemove, canSeeUsage } from './roles.js'

describe('organization roles in the page', () => {
  it('lets only the owner hand ownership over, and nobody change the owner row', () => {
    expect(assignableRoles('owner', 'member')).toEqual(['owner', 'admin', 'billing', 'member'])
    expect(assignableRoles('admin', 'member')).toEqual(['admin', 'billing', 'member'])
    expect(assignableRoles('admin', 'owner')).toEqual([])
    expect(assignableRoles('owner', 'owner')).toEqual([])
    expect(assignableRoles('billing', 'member')).toEqual([])
    expect(assignableRoles('member', 'admin')).toEqual([])
  })

  it('removes anyone but the owner, for owner and admin only', () => {
    expect(canRemove('owner', 'admin')).toBe(true)
    expect(canRemove('admin', 'billing')).toBe(true)
    expect(canRemove('admin', 'owner')).toBe(false)
    expect(canRemove('billing', 'member')).toBe(false)
  })

  it('shows usage to owner, admin and billing, and the billing email to owner and billing', () => {
    expect(['owner', 'admin', 'billing', 'member'].map((r) => canSeeUsage(r as 'owner'))).toEqual([
      true,
      true,
      true,
      false,
    ])
    expect(['owner', 'admin', 'billing', 'member'].map((r) => canEditBillingEmail(r as 'owner'))).toEqual([
      true,
      false,
      true,
      false,
    ])
  })
})
