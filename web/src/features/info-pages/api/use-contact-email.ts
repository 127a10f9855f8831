import { systemApi } from '@ferry/contracts/routes/system'
import { useQuery } from '@tanstack/react-query'
import { apiClient } from '../../../lib/api-client.js'

/** The operator's address from GET /api/system/config (CONTACT_EMAIL), or null when unset. */
export function useContactEmail() {
  return useQuery({
    queryKey: ['system', 'config', 'contact'],
    queryFn: async ({ signal }) => (await apiClient.call(systemApi.config, {}, { signal })).contact_email ?? null,
    staleTime: 10 * 60_000,
  })
}
