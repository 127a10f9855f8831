import type { ReferralInvitation } from '@ferry/contracts/api/referrals'
import { isApiError } from '../../lib/api-error.js'

/**
 * What the sign-up page of a referral link says (issue 17 item 6): who invites and the trial, that
 * the code is unknown or already used, or, when the lookup failed otherwise (too many lookups, no
 * connection), that the invitation could not be checked. Sign-up works in every case.
 */
export type InvitationNotice =
  | { kind: 'loading' }
  | { kind: 'invited'; inviterName: string; trialDays: number }
  | { kind: 'invalid' }
  | { kind: 'used' }
  | { kind: 'unchecked' }

export function invitationNotice(query: {
  data?: ReferralInvitation | undefined
  error?: unknown
  isPending: boolean
}): InvitationNotice {
  if (query.data) return { kind: 'invited', inviterName: query.data.inviter_name, trialDays: query.data.trial_days }
  if (query.error) {
    if (isApiError(query.error) && query.error.code === 'referral_code_used') return { kind: 'used' }
    if (isApiError(query.error) && (query.error.code === 'referral_code_invalid' || query.error.status === 400))
      return { kind: 'invalid' }
    return { kind: 'unchecked' }
  }
  return query.isPending ? { kind: 'loading' } : { kind: 'unchecked' }
}

/** A code that cannot be used is not kept for the upgrade modal (which would refuse it). */
export const keepsCode = (notice: InvitationNotice) => notice.kind !== 'invalid' && notice.kind !== 'used'
