import type { CustomDomain } from '@ferry/contracts/api/custom-domains'
import { customDomainsApi as routes } from '@ferry/contracts/routes/custom-domains'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type ApiClient, apiClient } from '../../../lib/api-client.js'

/** An organization's custom domains (issue 22 item 2), through the routes defined in contracts. */
export function createCustomDomainsApi(client: ApiClient = apiClient) {
  return {
    list: async (organizationId: string, signal?: AbortSignal): Promise<CustomDomain[]> =>
      (await client.call(routes.list, { params: { id: organizationId } }, { signal })).domains,
    create: (organizationId: string, host: string) =>
      client.call(routes.create, { params: { id: organizationId }, body: { host } }),
    remove: async (organizationId: string, domainId: string) => {
      await client.call(routes.remove, { params: { id: organizationId, domain_id: domainId } })
    },
    check: (organizationId: string, domainId: string) =>
      client.call(routes.check, { params: { id: organizationId, domain_id: domainId } }),
  }
}

const api = createCustomDomainsApi()
const domainsKey = (organizationId: string) => ['organizations', organizationId, 'domains'] as const

/** GET …/domains, refreshed every 15 s while a host waits for its record (the server checks it with a job). */
export function useCustomDomains(organizationId: string) {
  return useQuery({
    queryKey: domainsKey(organizationId),
    queryFn: ({ signal }) => api.list(organizationId, signal),
    refetchInterval: (query) => (query.state.data?.some((d) => d.status !== 'verified') ? 15_000 : false),
  })
}

function useDomainMutation<T>(organizationId: string, fn: (arg: T) => Promise<unknown>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: domainsKey(organizationId) }),
  })
}

export const useAddCustomDomain = (organizationId: string) =>
  useDomainMutation(organizationId, (host: string) => api.create(organizationId, host))
export const useRemoveCustomDomain = (organizationId: string) =>
  useDomainMutation(organizationId, (domainId: string) => api.remove(organizationId, domainId))
export const useCheckCustomDomain = (organizationId: string) =>
  useDomainMutation(organizationId, (domainId: string) => api.check(organizationId, domainId))
