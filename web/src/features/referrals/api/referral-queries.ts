import type { PayoutStatus } from '@ferry/contracts/api/referrals'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { usePagedList } from '../../../lib/paged-list.js'
import { type PayoutAction, referralsApi } from './referrals-api.js'

export const referralKeys = {
  all: ['referrals'] as const,
  ofUser: (userId: string) => ['referrals', 'user', userId] as const,
  invitation: (code: string) => ['referrals', 'invitation', code] as const,
  admin: (status: PayoutStatus | null) => ['referrals', 'admin', status] as const,
}

/** GET /api/referrals/user/{userId}; spec/accounts.md §7: on failure an empty list (with `isError` for a notice). */
export function useReferrals(userId: string, enabled = true) {
  return usePagedList(referralKeys.ofUser(userId), (cursor, signal) => referralsApi.ofUser(userId, cursor, signal), {
    enabled,
  })
}

/** GET /api/referrals/invitations/{code}: asked once; a refusal (unknown, used, too many) is the answer. */
export function useReferralInvitation(code: string) {
  return useQuery({
    queryKey: referralKeys.invitation(code),
    queryFn: ({ signal }) => referralsApi.invitation(code, signal),
    enabled: code !== '',
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: Number.POSITIVE_INFINITY,
  })
}

export function useGenerateReferral(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => referralsApi.create(userId),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: referralKeys.ofUser(userId) }),
  })
}

export function useAdminReferrals(status: PayoutStatus | null) {
  return usePagedList(referralKeys.admin(status), (cursor, signal) =>
    referralsApi.adminList(status ?? undefined, cursor, signal),
  )
}

export function usePayoutAction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: PayoutAction }) => referralsApi.adminAction(id, action),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: referralKeys.all }),
  })
}
