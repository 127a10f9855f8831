import { type PayoutStatus, type Referral, referralLinkPath } from '@ferry/contracts/api/referrals'

export interface ReferralStats {
  /** Codes a friend signed up with: a code nobody used yet is no invitation (issue 17 item 6). */
  invited: number
  /** Of those, friends who started a paid plan (or its trial) with the code. */
  upgraded: number
  /** Euros of PAID and APPROVED payouts. */
  earned: number
  /** Euros of PENDING payouts above 0. */
  pending: number
}

const cents = (euros: number) => Math.round(euros * 100)

/** The invite page's stat cards (spec/accounts.md §2): summed in cents so 0.1 + 0.2 stays 0.3. */
export function referralStats(referrals: readonly Referral[]): ReferralStats {
  let earned = 0
  let pending = 0
  for (const referral of referrals) {
    if (referral.payout_status === 'PAID' || referral.payout_status === 'APPROVED')
      earned += cents(referral.payout_amount)
    if (referral.payout_status === 'PENDING' && referral.payout_amount > 0) pending += cents(referral.payout_amount)
  }
  return {
    invited: referrals.filter((referral) => referral.invited_user_id !== null).length,
    upgraded: referrals.filter((referral) => referral.invited_user_id !== null && referral.conversion_date !== null)
      .length,
    earned: earned / 100,
    pending: pending / 100,
  }
}

/** spec/accounts.md §4 payout badge colours: PAID green, APPROVED blue, CANCELLED red, other gray. */
export function payoutColor(status: PayoutStatus | null): string {
  if (status === 'PAID') return 'green'
  if (status === 'APPROVED') return 'blue'
  if (status === 'CANCELLED') return 'red'
  return 'gray'
}

/** The payout status a list shows: the profile leaves PENDING out (spec/accounts.md §4). */
export function visiblePayoutStatus(status: PayoutStatus | null, hidePending: boolean): PayoutStatus | null {
  return hidePending && status === 'PENDING' ? null : status
}

/** The sign-up link that carries a code: {origin}/register?ref={code}. */
export function referralLink(origin: string, code: string): string {
  return `${origin}${referralLinkPath(code)}`
}
