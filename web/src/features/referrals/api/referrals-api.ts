import {
  type AdminReferral,
  adminReferralListResponse,
  type PayoutStatus,
  type RedeemReferralRequest,
  type RedeemReferralResponse,
  type Referral,
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
  ofUser(userId: string, signal?: AbortSignal): Promise<Referral[]>
  redeem(request: RedeemReferralRequest): Promise<RedeemReferralResponse>
  adminList(status?: PayoutStatus, signal?: AbortSignal): Promise<AdminReferral[]>
  adminAction(id: string, action: PayoutAction): Promise<Referral>
}

export function createReferralsApi(client: ApiClient = apiClient): ReferralsApi {
  return {
    create: (inviterUserId) =>
      client.post(referralsPaths.create, { inviter_user_id: inviterUserId }, { schema: referralSchema }),
    ofUser: (userId, signal) =>
      client.get(withParam(referralsPaths.ofUser, 'userId', userId), { schema: referralListResponse, signal }),
    redeem: (request) => client.post(referralsPaths.redeem, request, { schema: redeemReferralResponse }),
    adminList: (status, signal) =>
      client.get(referralsPaths.adminList, {
        query: { payout_status: status },
        schema: adminReferralListResponse,
        signal,
      }),
    adminAction: (id, action) =>
      client.post(withParam(actionPaths[action], 'id', id), undefined, { schema: referralSchema }),
  }
}

export const referralsApi = createReferralsApi()
