import type { SshKey, SshKeyCreateRequest, SshKeyListResponse } from '@ferry/contracts/api/sftp'
import { sshKeysApi as routes } from '@ferry/contracts/routes/sftp'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type ApiClient, apiClient } from '../../../lib/api-client.js'

/** The signed-in user's SSH public keys for SFTP sign-in (issue 20 item 1), through the contracts' routes. */
export interface SshKeysApi {
  list(signal?: AbortSignal): Promise<SshKeyListResponse>
  create(body: SshKeyCreateRequest): Promise<SshKey>
  remove(id: string): Promise<void>
}

export function createSshKeysApi(client: ApiClient = apiClient): SshKeysApi {
  return {
    list: (signal) => client.call(routes.list, {}, { signal }),
    create: (body) => client.call(routes.create, { body }),
    remove: async (id) => {
      await client.call(routes.remove, { params: { id } })
    },
  }
}

const sshKeysApi = createSshKeysApi()
const sshKeysKey = ['ssh-keys'] as const

/** GET /api/account/ssh-keys */
export function useSshKeys() {
  return useQuery({ queryKey: sshKeysKey, queryFn: ({ signal }) => sshKeysApi.list(signal) })
}

/** POST /api/account/ssh-keys */
export function useAddSshKey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: SshKeyCreateRequest) => sshKeysApi.create(body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sshKeysKey }),
  })
}

/** DELETE /api/account/ssh-keys/{id} */
export function useRemoveSshKey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => sshKeysApi.remove(id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sshKeysKey }),
  })
}
