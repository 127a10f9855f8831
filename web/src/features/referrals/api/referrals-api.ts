import type {
  AdminReferralList,
  PayoutStatus,
  RedeemReferralRequest,
  RedeemReferralResponse,
  Referral,
  ReferralInvitation,
  ReferralList,
} from '@ferry/contracts/api/referrals'
import { referralsApi as routes } from '@ferry/contracts/routes/referrals'
import { type ApiClient, apiClient } from '../../../lib/api-client.js'

export type PayoutAction = 'approve' | 'markPaid' | 'cancel'
const actionRoutes = {
  approve: routes.adminApprove,
  markPaid: routes.adminMarkPaid,
  cancel: routes.adminCancel,
} as const

/** The referral calls of spec/accounts.md §7, and the admin's payout actions. */
export interface ReferralsApi {
  /** Who invites through a code, for its sign-up page (public). */
  invitation(code: string, signal?: AbortSignal): Promise<ReferralInvitation>
  create(inviterUserId: string): Promise<Referral>
  /** One page of a user's codes, after `cursor` (null for the first). */
  ofUser(userId: string, cursor: string | null, signal?: AbortSignal): Promise<ReferralList>
  redeem(request: RedeemReferralRequest): Promise<RedeemReferralResponse>
  /** One page of the payouts, after `cursor` (null for the first). */
  adminList(status: PayoutStatus | undefined, cursor: string | null, signal?: AbortSignal): Promise<AdminReferralList>
  adminAction(id: string, action: PayoutAction): Promise<Referral>
}

export function createReferralsApi(client: ApiClient = apiClient): ReferralsApi {
  return {
    invitation: (code, signal) => client.call(routes.invitation, { params: { code } }, { signal }),
    create: (inviterUserId) => client.call(routes.create, { body: { inviter_user_id: inviterUserId } }),
    ofUser: (userId, cursor, signal) =>
      client.call(routes.ofUser, { params: { userId }, query: { cursor: cursor ?? undefined } }, { signal }),
    redeem: (request) => client.call(routes.redeem, { body: request }),
    adminList: (status, cursor, signal) =>
      client.call(routes.adminList, { query: { payout_status: status, cursor: cursor ?? undefined } }, { signal }),
    adminAction: (id, action) => client.call(actionRoutes[action], { params: { id } }),
  }
}

export const referralsApi = createReferralsApi()
