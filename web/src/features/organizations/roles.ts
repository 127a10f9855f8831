import type { OrganizationRole } from '@ferry/contracts/api/organizations'

// What each role may do in the page (the server enforces the same; these only decide what is shown).
// Roles of org-contract.md: owner (everything), admin (members, invitations), billing (billing
// contact; sees usage), member (uses the plan).

export const canManageMembers = (role: OrganizationRole) => role === 'owner' || role === 'admin'
export const canSeeUsage = (role: OrganizationRole) => role !== 'member'
export const canRename = canManageMembers
export const canSeeBilling = canSeeUsage
export const canEditBillingEmail = (role: OrganizationRole) => role === 'owner' || role === 'billing'

/**
 * The roles `actor` may give `target`'s row: an admin manages everyone but the owner and cannot
 * make an owner; only the owner hands ownership over. Empty when the row is not theirs to change.
 */
export function assignableRoles(actor: OrganizationRole, target: OrganizationRole): OrganizationRole[] {
  if (!canManageMembers(actor) || target === 'owner') return []
  return actor === 'owner' ? ['owner', 'admin', 'billing', 'member'] : ['admin', 'billing', 'member']
}

/** Whether `actor` may remove `target` (someone else): owner and admin remove anyone but the owner. */
export const canRemove = (actor: OrganizationRole, target: OrganizationRole) =>
  canManageMembers(actor) && target !== 'owner'
