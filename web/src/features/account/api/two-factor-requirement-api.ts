import type { TwoFactorRequirementResponse } from '@ferry/contracts/api/two-factor-policy'
import { twoFactorPolicyApi as routes } from '@ferry/contracts/routes/two-factor-policy'
import { useQuery } from '@tanstack/react-query'
import { type ApiClient, apiClient } from '../../../lib/api-client.js'

/**
 * Under the two-factor status key: enrolling TOTP (which reloads that key) reloads this too, so
 * the account is let through as soon as it has a second factor.
 */
export const twoFactorRequirementKey = ['two-factor', 'requirement'] as const

export function createTwoFactorRequirementApi(client: ApiClient = apiClient) {
  return {
    requirement: (signal?: AbortSignal): Promise<TwoFactorRequirementResponse> =>
      client.call(routes.requirement, {}, { signal }),
  }
}

const api = createTwoFactorRequirementApi()

/** Whether the signed-in account must still set up two-factor sign-in (issue 23 item 2); off when signed out. */
export function useTwoFactorRequirement(signedIn: boolean) {
  return useQuery({
    queryKey: twoFactorRequirementKey,
    queryFn: ({ signal }) => api.requirement(signal),
    enabled: signedIn,
    staleTime: 60_000,
  })
}
