import {
  type AdminReferralList,
  adminReferralListResponse,
  type PayoutStatus,
  type RedeemReferralRequest,
  type RedeemReferralResponse,
  type Referral,
  type ReferralList,
  redeemReferralResponse,
  referralListResponse,
  referralSchema,
  referralsPaths,
} from '@ferry/contracts/api/referrals'
import { type ApiClient, apiClient } from '../../../lib/api-client.js'

const withParam = (path: string, name: string, value: string) => path.replace(`:${name}`, encodeURIComponent(value))

export type PayoutAction = 'approve' | 'markPaid' | 'cancel'
const actionPaths: Record<PayoutAction, string> = {
  approve: referralsPaths.adminApprove,
  markPaid: referralsPaths.adminMarkPaid,
  cancel: referralsPaths.adminCancel,
}

/** The referral calls of spec/accounts.md §7, and the admin's payout actions. */
export interface ReferralsApi {
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
    create: (inviterUserId) =>
      client.post(referralsPaths.create, { inviter_user_id: inviterUserId }, { schema: referralSchema }),
    ofUser: (userId, cursor, signal) =>
      client.get(withParam(referralsPaths.ofUser, 'userId', userId), {
        query: { cursor },
        schema: referralListResponse,
        signal,
      }),
    redeem: (request) => client.post(referralsPaths.redeem, request, { schema: redeemReferralResponse }),
    adminList: (status, cursor, signal) =>
      client.get(referralsPaths.adminList, {
        query: { payout_status: status, cursor },
        schema: adminReferralListResponse,
        signal,
      }),
    adminAction: (id, action) =>
      client.post(withParam(actionPaths[action], 'id', id), undefined, { schema: referralSchema }),
  }
}

export const referralsApi = createReferralsApi()
