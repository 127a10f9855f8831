import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { billingApi } from './billing-api.js'

export const billingKeys = {
  myPlan: (userId: string | null) => ['billing', 'my-plan', userId] as const,
  testCheckout: (sessionId: string) => ['billing', 'test-checkout', sessionId] as const,
}

/** Polls after a card checkout: the provider's webhook may land a moment after the browser returns. */
const paidPollMs = 2000
const paidPollTries = 15

/**
 * GET /api/user/subscription-level for the signed-in user; off for a visitor. With
 * `waitForPaid`, a free plan is asked again for a while (the checkout's webhook may be late).
 */
export function useMyPlan(userId: string | null, { waitForPaid = false } = {}) {
  return useQuery({
    queryKey: billingKeys.myPlan(userId),
    queryFn: ({ signal }) => billingApi.myPlan(signal),
    enabled: userId !== null,
    retry: 1,
    refetchInterval: (query) =>
      waitForPaid && query.state.data?.plan.role === 'FREE' && query.state.dataUpdateCount < paidPollTries
        ? paidPollMs
        : false,
  })
}

export function useTestCheckout(sessionId: string) {
  return useQuery({
    queryKey: billingKeys.testCheckout(sessionId),
    queryFn: ({ signal }) => billingApi.testCheckout(sessionId, signal),
    retry: false,
    refetchOnWindowFocus: false,
  })
}

/** Cancels the caller's subscription; what depends on the plan is fetched again. */
export function useCancelSubscription() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => billingApi.cancelSubscription(),
    onSuccess: () => void queryClient.invalidateQueries(),
  })
}

/** Resumes the caller's cancelled subscription; what depends on the plan is fetched again. */
export function useResumeSubscription() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => billingApi.resumeSubscription(),
    onSuccess: () => void queryClient.invalidateQueries(),
  })
}
