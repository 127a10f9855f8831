import type { ApiKeyCreateRequest } from '@ferry/contracts/api/api-keys'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiKeysApi } from './api-keys-api.js'

const apiKeysKey = ['api-keys'] as const

/** GET /api/keys */
export function useApiKeys() {
  return useQuery({ queryKey: apiKeysKey, queryFn: ({ signal }) => apiKeysApi.list(signal) })
}

/** POST /api/keys: the answer holds the key, which is shown once and never fetched again. */
export function useCreateApiKey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ApiKeyCreateRequest) => apiKeysApi.create(body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  })
}

/** DELETE /api/keys/{id} */
export function useRevokeApiKey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => apiKeysApi.revoke(id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: apiKeysKey }),
  })
}
