import type { SsoSettings, SsoSettingsRequest } from '@ferry/contracts/api/sso'
import { ssoApi as routes } from '@ferry/contracts/routes/sso'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.js'

/** The organization's OpenID provider (issue 23 item 3), owner and admins only. */
const ssoKey = (organizationId: string) => ['organizations', organizationId, 'sso'] as const

export function useSsoSettings(organizationId: string) {
  return useQuery({
    queryKey: ssoKey(organizationId),
    queryFn: async ({ signal }) =>
      (await apiClient.call(routes.get, { params: { id: organizationId } }, { signal })).sso,
  })
}

/** Each change answers the settings as they now are: they replace the cached ones. */
function useSsoMutation<T>(organizationId: string, fn: (arg: T) => Promise<SsoSettings | null>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSuccess: (settings) => queryClient.setQueryData(ssoKey(organizationId), settings),
  })
}

export const useSaveSsoSettings = (organizationId: string) =>
  useSsoMutation(organizationId, (body: SsoSettingsRequest) =>
    apiClient.call(routes.put, { params: { id: organizationId }, body }),
  )

export const useVerifySsoDomain = (organizationId: string) =>
  useSsoMutation(organizationId, () => apiClient.call(routes.verifyDomain, { params: { id: organizationId } }))

export const useRemoveSsoSettings = (organizationId: string) =>
  useSsoMutation(organizationId, async () => {
    await apiClient.call(routes.remove, { params: { id: organizationId } })
    return null
  })
