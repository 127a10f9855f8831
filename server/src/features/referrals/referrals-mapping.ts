import type { AdminReferral, Referral } from '@ferry/contracts/api/referrals'
import type { ReferralRow } from './referrals.repository.js'

const iso = (d: Date | null) => (d ? d.toISOString() : null)

export function toReferral(row: ReferralRow): Referral {
  return {
    id: row.id,
    invite_code: row.inviteCode,
    inviter_user_id: row.inviterUserId,
    invited_user_id: row.invitedUserId,
    payout_amount: row.payoutAmountCents / 100,
    payout_status: row.payoutStatus,
    payout_due_date: iso(row.payoutDueAt),
    created_at: row.createdAt.toISOString(),
    conversion_date: iso(row.conversionDate),
  }
}

export function toAdminReferral(row: ReferralRow, inviterEmail: string, invitedEmail: string | null): AdminReferral {
  return { ...toReferral(row), inviter_email: inviterEmail, invited_email: invitedEmail }
}
